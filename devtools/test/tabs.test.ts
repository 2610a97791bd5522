// The Tabs view: which tab leads, the messages between tabs, and the saved offline
// queue. Two clients on Node's BroadcastChannel stand for two tabs.
import { BroadcastChannel } from 'node:worker_threads';
import { createClient, getDefaultManagers, type Client } from '@resto/core';
import { OfflineQueueManager, webStorage } from '@resto/core/persist';
import { tabSync, type BroadcastChannelLike } from '@resto/core/sync';
import { until } from '@resto/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DevtoolsManager, mountDevtools } from '../src';
import { startTodoServer } from './api';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A Web Storage kept in a Map. */
function memory() {
  const map = new Map<string, string>();
  return webStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
}

const Channel = BroadcastChannel as unknown as new (name: string) => BroadcastChannelLike;

describe('<resto-devtools> Tabs view', () => {
  it('shows that this tab leads, the sync traffic from the other tab, and the queued mutations', async () => {
    const api = await startTodoServer();
    const name = `devtools-${process.pid}-${Date.now()}`;
    const make = (withQueue: boolean): Client => {
      const queue = withQueue ? [new OfflineQueueManager({ endpoints: [api.TodoResource], storage: memory(), locks: null })] : [];
      const client = createClient({
        managers: [new DevtoolsManager(), tabSync({ name, locks: null, helloTimeout: 50, BroadcastChannel: Channel }), ...queue, ...getDefaultManagers()],
        queueOfflineMutations: true,
        retry: 0,
      });
      cleanups.push(() => client.destroy());
      return client;
    };
    const mine = make(true);
    const other = make(false);
    const panel = mountDevtools(mine);
    cleanups.push(() => api.server.close(), () => panel.remove());
    const $ = (sel: string) => panel.shadowRoot!.querySelector<HTMLElement>(sel);
    const $$ = (sel: string) => [...panel.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
    panel.tab = 'tabs';
    // Without Web Locks every tab leads.
    expect($('[data-leader]')!.dataset.leader).toBe('leader');

    await other.controller.fetch(api.TodoResource.getList);
    await until(() => $$('tr[data-traffic="data"][data-direction="in"]').length === 1, 5_000);
    expect($('tr[data-traffic="data"]')!.textContent).toContain(api.TodoResource.getList.key());
    expect($('p[data-queue]')!.textContent).toBe('Nothing waits to be sent.');

    mine.online!.set(false);
    const edit = mine.controller.fetch(api.TodoResource.partialUpdate, { id: 1 }, { title: 'offline' }).catch(() => undefined);
    await until(() => $$('tr[data-queued]').length === 1, 5_000);
    expect($('tr[data-queued]')!.textContent).toContain('Todo.partialUpdate');
    expect($('tr[data-queued]')!.textContent).toContain('"offline"');
    mine.online!.set(true);
    await edit;
    await until(() => $$('tr[data-queued]').length === 0, 5_000);
  });

  it('says when there is no tab sync and no queue', async () => {
    const client = createClient();
    const panel = mountDevtools(client);
    cleanups.push(() => client.destroy(), () => panel.remove());
    panel.tab = 'tabs';
    const root = panel.shadowRoot!;
    expect(root.querySelector<HTMLElement>('[data-leader]')!.dataset.leader).toBe('alone');
    expect(root.textContent).toContain('Add tabSync() from @resto/core/sync');
    expect(root.textContent).toContain('Add an OfflineQueueManager');
  });
});
