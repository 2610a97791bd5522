import { createClient, getDefaultManagers, type Client } from '@resto/core';
import { until } from '@resto/testing';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { DevtoolsManager, defineRestoDevtools, mountDevtools, type DevtoolsTab, type RestoDevtoolsElement } from '../src';
import { startTodoServer } from './api';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(managers?: 'with-manager') {
  const api = await startTodoServer();
  const client = createClient({ managers: managers ? [new DevtoolsManager(), ...getDefaultManagers()] : undefined });
  const panel = mountDevtools(client);
  cleanups.push(
    () => api.server.close(),
    () => client.destroy(),
    () => panel.remove(),
  );
  const $ = (sel: string) => panel.shadowRoot!.querySelector<HTMLElement>(sel);
  const $$ = (sel: string) => [...panel.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
  /** Waits for the panel to show what `check` looks for (it renders once per task). */
  const shows = (check: () => boolean) => until(check);
  return { ...api, client, panel, $, $$, shows };
}

function search(panel: RestoDevtoolsElement, text: string) {
  const input = panel.shadowRoot!.querySelector<HTMLInputElement>('input[data-search]')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  panel.renderNow();
}

describe('<resto-devtools>', () => {
  it('is defined only on request, once', () => {
    // Runs first in this file: importing the package registered nothing.
    expect(customElements.get('resto-devtools')).toBeUndefined();
    const Panel = defineRestoDevtools();
    expect(customElements.get('resto-devtools')).toBe(Panel);
    expect(defineRestoDevtools()).toBe(Panel);
    expect(document.createElement('resto-devtools')).toBeInstanceOf(Panel);
  });

  it('finds an entity by id and shows its fields, references, timings, and changes after an edit', async () => {
    const { client, panel, $, $$, shows, TodoResource } = await setup('with-manager');
    await client.controller.fetch(TodoResource.getList);
    await client.controller.fetch(TodoResource.get, { id: 1 });
    search(panel, 'Todo 1');
    expect($$('section[data-table="Todo"] tr[data-entity]').map((r) => r.dataset.entity)).toEqual(['Todo:1']);
    $('tr[data-entity="Todo:1"]')!.click();
    const title = () => $('[data-entity-detail="Todo:1"] [data-field="title"] td')?.textContent;
    expect(title()).toBe('"write docs"');
    expect($$('[data-references] li').map((li) => li.textContent).sort()).toEqual(
      [TodoResource.get.key({ id: 1 }), TodoResource.getList.key()].sort(),
    );
    expect($('[data-timings]')!.textContent).toMatch(/fetchedAt \d\d:\d\d:\d\d\.\d{3} · expiresAt \d\d:\d\d:\d\d\.\d{3}/);

    await client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'edited' });
    await shows(() => title() === '"edited"');
  });

  it('marks an entity an optimistic update shows', async () => {
    const { client, panel, $, shows, TodoResource, control } = await setup('with-manager');
    await client.controller.fetch(TodoResource.getList);
    control.fail = true;
    const update = client.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'maybe' });
    search(panel, 'Todo 2');
    expect($('tr[data-entity="Todo:2"] .optimistic')?.textContent).toBe('optimistic');
    await update.catch(() => {});
    await shows(() => $('tr[data-entity="Todo:2"] .optimistic') === null);
  });

  it('lists reads with their status and observers; invalidate, expire and refetch work from the panel', async () => {
    const { client, panel, $, shows, server, TodoResource } = await setup('with-manager');
    const key = TodoResource.getList.key();
    const observer = client.observe(TodoResource.getList);
    const stop = observer.subscribe(() => {});
    cleanups.push(stop);
    await until(() => observer.getSnapshot().data !== undefined);
    panel.tab = 'reads';
    const row = () => $(`tr[data-read="${key}"]`);
    await shows(() => row()?.querySelector('[data-status]')?.textContent === 'fresh');
    expect(row()!.querySelector('[data-observers]')!.textContent).toBe('1');
    const fetches = server.count('GET', '/todos');

    row()!.querySelector<HTMLElement>('button[data-action="invalidate"]')!.click();
    // The observer refetches what the panel invalidated.
    await until(() => server.count('GET', '/todos') === fetches + 1);
    await shows(() => row()?.querySelector('[data-status]')?.textContent === 'fresh');

    row()!.querySelector<HTMLElement>('button[data-action="expire"]')!.click();
    await until(() => server.count('GET', '/todos') === fetches + 2);
    // Refetch once that read answered: a read still in flight would share it (no new request).
    await shows(() => row()?.querySelector('[data-status]')?.textContent === 'fresh');

    row()!.querySelector<HTMLElement>('button[data-action="refetch"]')!.click();
    await until(() => server.count('GET', '/todos') === fetches + 3);
    panel.tab = 'timeline';
    expect($('tr[data-kind="invalidate"]')).not.toBeNull();
    expect($('tr[data-kind="expire"]')).not.toBeNull();
  });

  it('shows the timeline with the diff and entity graph of a selected response, and the network totals', async () => {
    const { client, panel, $, $$, TodoResource } = await setup('with-manager');
    await Promise.all([client.controller.fetch(TodoResource.getList), client.controller.fetch(TodoResource.getList)]);
    panel.tab = 'timeline';
    const set = $('tr[data-kind="set"]')!;
    set.click();
    expect($$('[data-diff] li').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['added Todo 1 { id, title, completed }', `added read ${TodoResource.getList.key()} (result + meta)`]),
    );
    expect($$('[data-graph] li').map((li) => li.textContent)).toEqual(['Todo 1', 'Todo 2']);
    panel.tab = 'network';
    expect($('[data-total="dedupeHits"]')!.textContent).toBe('dedupeHits 1');
    expect($('[data-total="requests"]')!.textContent).toBe('requests 1');
    expect($$('tr[data-request]').map((r) => r.dataset.status)).toEqual(['ok']);
  });

  it('records from the moment it is mounted on a client that has no DevtoolsManager', async () => {
    const { client, panel, $, TodoResource } = await setup();
    expect(client.managers.some((m) => m instanceof DevtoolsManager)).toBe(false);
    await client.controller.fetch(TodoResource.get, { id: 2 });
    panel.tab = 'timeline';
    expect($('tr[data-kind="set"]')?.textContent).toContain(TodoResource.get.key({ id: 2 }));
    // Unmounted: the client's dispatch is its own again.
    panel.remove();
    await client.controller.invalidate(TodoResource.get, { id: 2 });
    expect(panel.devtools!.timeline.some((e) => e.kind === 'invalidate')).toBe(false);
  });

  it('is typed', () => {
    expectTypeOf(mountDevtools).returns.toEqualTypeOf<RestoDevtoolsElement>();
    expectTypeOf<RestoDevtoolsElement['client']>().toEqualTypeOf<Client | undefined>();
    expectTypeOf(document.createElement('resto-devtools')).toEqualTypeOf<RestoDevtoolsElement>();
    const tab: DevtoolsTab = 'reads';
    // @ts-expect-error not a tab
    const wrong: DevtoolsTab = 'store';
    expect([tab, wrong]).toHaveLength(2);
  });
});
