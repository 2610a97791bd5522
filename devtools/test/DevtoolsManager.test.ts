import { createClient, getDefaultManagers } from '@resto/core';
import { defer, until } from '@resto/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DevtoolsManager, readRows, type TimelineKind } from '../src';
import { startTodoServer } from './api';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const api = await startTodoServer();
  const devtools = new DevtoolsManager();
  const client = createClient({ managers: [devtools, ...getDefaultManagers()] });
  cleanups.push(() => api.server.close(), () => client.destroy());
  return { ...api, devtools, client, kinds: () => devtools.timeline.map((e) => e.kind) as TimelineKind[] };
}

describe('DevtoolsManager', () => {
  it('records a fetch and the response with the entities it added', async () => {
    const { client, devtools, TodoResource, kinds } = await setup();
    await client.controller.fetch(TodoResource.getList);
    expect(kinds()).toEqual(['fetch', 'set']);
    const set = devtools.timeline[1]!;
    expect(set.key).toBe(TodoResource.getList.key());
    expect(set.diff.entities.map((c) => `${c.kind} ${c.entityKey} ${c.pk}`)).toEqual([
      'added Todo 1',
      'added Todo 2',
      // getList is a Collection, itself stored as an entity.
      expect.stringMatching(/^added \[Todo\] /),
    ]);
    expect(set.diff.reads).toEqual([{ key: TodoResource.getList.key(), kind: 'added', what: ['result', 'meta'] }]);
    expect(set.state).toBe(client.getSnapshot());
  });

  it('shows an optimistic update as its own step, then its rollback with field-level diffs', async () => {
    const { client, devtools, TodoResource, control, kinds } = await setup();
    await client.controller.fetch(TodoResource.getList);
    control.fail = true;
    const update = client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'renamed' });
    const optimistic = devtools.timeline.at(-1)!;
    expect(optimistic.kind).toBe('optimistic');
    expect(optimistic.diff.entities).toEqual([
      { entityKey: 'Todo', pk: '1', kind: 'changed', fields: [{ name: 'title', before: 'write docs', after: 'renamed' }] },
    ]);
    expect(optimistic.diff.optimistic).toEqual([0, 1]);
    await expect(update).rejects.toMatchObject({ status: 500 });
    expect(kinds().slice(-3)).toEqual(['fetch', 'optimistic', 'rollback']);
    const rollback = devtools.timeline.at(-1)!;
    expect(rollback.diff.entities[0]!.fields).toEqual([{ name: 'title', before: 'renamed', after: 'write docs' }]);
  });

  it('counts dedupe hits, aborts and retries, and lists requests in flight', async () => {
    const { client, devtools, TodoResource, control } = await setup();
    const gate = defer();
    control.hold = gate.promise;
    const a = client.controller.fetch(TodoResource.getList);
    const b = client.controller.fetch(TodoResource.getList);
    expect(devtools.inFlight).toHaveLength(1);
    expect(devtools.totals.dedupeHits).toBe(1);
    expect(devtools.inFlight[0]).toMatchObject({ key: TodoResource.getList.key(), status: 'pending', dedupeHits: 1, method: 'GET' });
    expect(readRows(devtools, client.getSnapshot()).find((r) => r.key === TodoResource.getList.key())?.status).toBe('loading');
    gate.resolve();
    await Promise.all([a, b]);
    expect(devtools.inFlight).toHaveLength(0);
    expect(devtools.requests[0]).toMatchObject({ status: 'ok' });

    // An observer-only read is aborted when its observer leaves.
    control.hold = defer().promise;
    await client.controller.invalidate(TodoResource.getList);
    const observer = client.observe(TodoResource.getList);
    const stop = observer.subscribe(() => {});
    await until(() => devtools.inFlight.length === 1);
    expect(devtools.observerCount(TodoResource.getList.key())).toBe(1);
    stop();
    await until(() => devtools.totals.aborts === 1);
    expect(devtools.observerCount(TodoResource.getList.key())).toBe(0);
    expect(devtools.requests.find((r) => r.status === 'aborted')?.key).toBe(TodoResource.getList.key());

    // A fetch of a key whose last request failed is a retry.
    control.hold = undefined;
    control.fail = true;
    await expect(client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' })).rejects.toThrow();
    control.fail = false;
    await client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' });
    expect(devtools.totals).toMatchObject({ errors: 1, retries: 1 });
  });

  it('tells fresh, stale, invalid and error reads apart, with poll frequencies', async () => {
    const { client, devtools, TodoResource } = await setup();
    const key = TodoResource.get.key({ id: 1 });
    await client.controller.fetch(TodoResource.get, { id: 1 });
    const status = () => readRows(devtools, client.getSnapshot()).find((r) => r.key === key)?.status;
    expect(status()).toBe('fresh');
    await client.controller.expireAll({ testKey: (k) => k === key });
    expect(status()).toBe('stale');
    await client.controller.invalidate(TodoResource.get, { id: 1 });
    expect(status()).toBe('invalid');
    await expect(client.controller.fetch(TodoResource.get, { id: 99 })).rejects.toMatchObject({ status: 404 });
    expect(readRows(devtools, client.getSnapshot()).find((r) => r.key === TodoResource.get.key({ id: 99 }))).toMatchObject({
      status: 'error',
      error: expect.stringContaining('Not Found'),
    });
    const Polled = TodoResource.get.extend({ pollFrequency: 60_000 });
    await client.controller.subscribe(Polled, { id: 2 });
    expect(devtools.pollFrequency(Polled.key({ id: 2 }))).toBe(60_000);
    await client.controller.unsubscribe(Polled, { id: 2 });
    expect(devtools.pollFrequency(Polled.key({ id: 2 }))).toBeUndefined();
    expect(devtools.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['expire', 'invalidate', 'error', 'subscribe', 'unsubscribe']));
  });

  it('attach() records on a client made without it, and stops when detached', async () => {
    const api = await startTodoServer();
    const client = createClient();
    cleanups.push(() => api.server.close(), () => client.destroy());
    await client.controller.fetch(api.TodoResource.get, { id: 1 });
    const devtools = new DevtoolsManager();
    const detach = devtools.attach(client);
    await client.controller.fetch(api.TodoResource.partialUpdate, { id: 1 }, { completed: true });
    // The optimistic update runs below the wrapped dispatch: still shown as its own step.
    expect(devtools.timeline.map((e) => e.kind)).toEqual(['fetch', 'optimistic', 'set']);
    detach();
    await client.controller.invalidate(api.TodoResource.get, { id: 1 });
    expect(devtools.timeline).toHaveLength(3);
  });

  it('keeps at most maxEntries actions', async () => {
    const { TodoResource } = await startTodoServer().then((a) => (cleanups.push(() => a.server.close()), a));
    const devtools = new DevtoolsManager({ maxEntries: 3 });
    const client = createClient({ managers: [devtools, ...getDefaultManagers()] });
    cleanups.push(() => client.destroy());
    for (let i = 0; i < 5; i++) await client.controller.invalidate(TodoResource.get, { id: i });
    expect(devtools.timeline.map((e) => e.id)).toEqual([3, 4, 5]);
  });
});
