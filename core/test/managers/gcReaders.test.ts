// @vitest-environment happy-dom
// GCPolicy keeps every entity a subscribed reader shows, whatever path its read took.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { All, BoundedGCPolicy, Entity, GCPolicy, NetworkManager, RestEndpoint, type Client } from '../../src';
import { createMockClient } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'GCRTodo';
}

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
});

describe.each([GCPolicy, BoundedGCPolicy])('%o and what a subscribed reader shows', (Policy) => {
  it("keeps an entity an All endpoint's reader shows that its own fetch did not return", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const all = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos', schema: new All(Todo), dataExpiryLength: 1_000_000 });
    const one = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo, dataExpiryLength: 10 });
    const gc = new Policy({ intervalMS: 1_000_000, graceMS: 10 });
    const mock = createMockClient(
      [
        { endpoint: all, args: [], response: [{ id: 1, title: 'a' }] },
        { endpoint: one, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) },
      ],
      { managers: [new NetworkManager(), gc] },
    );
    client = mock;
    const obs = mock.observe(all);
    const u = obs.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await mock.controller.fetch(one, { id: 2 });
    const shown = () => (obs.getSnapshot().data as Todo[] | undefined)?.map((t) => t.id);
    expect(shown()).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    await gc.sweep();
    expect(Object.keys(mock.getSnapshot().entities.GCRTodo ?? {})).toEqual(['1', '2']);
    expect(shown()).toEqual([1, 2]);
    u();
  });

  it('keeps the entity a reader of an unfetched key shows from another result', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const list = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos', schema: [Todo], dataExpiryLength: 10 });
    const one = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
    const gc = new Policy({ intervalMS: 1_000_000, graceMS: 10 });
    const mock = createMockClient([{ endpoint: list, args: [], response: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }] }], {
      managers: [new NetworkManager(), gc],
    });
    client = mock;
    await mock.controller.fetch(list);
    // Nothing fetched under its own key: the reader shows the todo the list stored.
    const obs = mock.observeWith({ fetch: false }, one, [{ id: 2 }]);
    const u = obs.subscribe(() => {});
    expect((obs.getSnapshot().data as Todo | undefined)?.title).toBe('b');
    await vi.advanceTimersByTimeAsync(1000);
    await gc.sweep();
    expect(mock.getSnapshot().endpoints).toEqual({});
    expect(Object.keys(mock.getSnapshot().entities.GCRTodo ?? {})).toEqual(['2']);
    expect((obs.getSnapshot().data as Todo | undefined)?.title).toBe('b');
    u();
  });
});
