// Live data over a WebSocket (the `ws` package, injected: Node 20 has none), against a
// real socket server and a real todo server on 127.0.0.1: offline pauses and online
// resumes with the app's resume cursor, a gap revalidates what the stream covers, an
// older pushed entity never overwrites a newer one, and a pending optimistic update
// stays on top of pushed data until its request settles.
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { waitFor } from '@resto/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient, getDefaultManagers, RestEndpoint, type Client } from '../../src';
import { liveStream, type LiveOptions } from '../../src/live';
import { manualClock, startWsServer } from './servers';

let api: TodoServer;
let ws: Awaited<ReturnType<typeof startWsServer>>;
const clients: Client[] = [];
beforeEach(async () => {
  [api, ws] = await Promise.all([startTodoServer(3), startWsServer()]);
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await Promise.all([api.close(), ws.close()]);
});

function start(options: Partial<LiveOptions> = {}) {
  const errors: Error[] = [];
  const live = liveStream({
    transport: 'websocket',
    WebSocket,
    urlPrefix: ws.url,
    // the resume cursor: the last event id, in the URL
    url: (lastId) => (lastId === undefined ? '/live' : `/live?after=${lastId}`),
    messages: { 'todo.updated': Todo, 'todo.created': api.api.list.schema.push, ping: null },
    onError: (e) => errors.push(e),
    ...options,
  });
  const client = createClient({ retry: 0, managers: [...getDefaultManagers(), live] });
  clients.push(client);
  return { live, client, errors };
}

describe('@resto/core/live over WebSocket', () => {
  it('offline pauses the connection; online resumes it from the resume cursor, and covered reads revalidate', async () => {
    const { client, live } = start({ covers: [api.api.list] });
    const list = client.observe(api.api.list);
    const stop = list.subscribe(() => {});
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(3));
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    ws.emit('todo.updated', { id: 1, title: 'live', completed: false });
    await waitFor(() => expect(list.getSnapshot().data?.[0]?.title).toBe('live'));
    api.todos.set(1, { id: 1, title: 'live', completed: false });

    client.online!.set(false);
    expect(live.getSnapshot()).toMatchObject({ status: 'closed', reason: 'offline' });
    await waitFor(() => expect(ws.closed).toEqual(['/live']));
    // what happened meanwhile: one change the stream logged, one it never told
    api.todos.set(2, { id: 2, title: 'changed while away', completed: true });
    ws.emit('todo.updated', { id: 3, title: 'sent while away', completed: false });
    api.todos.set(3, { id: 3, title: 'sent while away', completed: false });
    expect(api.count('GET', '/todos')).toBe(1);

    client.online!.set(true);
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    expect(ws.connections.map((c) => c.url)).toEqual(['/live', '/live?after=1']);
    await waitFor(() => expect(api.count('GET', '/todos')).toBe(2));
    await waitFor(() =>
      expect(list.getSnapshot().data?.map((t) => ({ ...t }))).toEqual([...api.todos.values()]),
    );
    stop();
  });

  it('sends the app-built hello message with the last id once open', async () => {
    const clock = manualClock();
    const hellos: string[] = [];
    const { live } = start({ url: '/live', clock, hello: (lastId) => ({ resumeAfter: lastId ?? null }) });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    ws.emit('ping', null);
    await waitFor(() => expect(live.getSnapshot().lastEventId).toBe('1'));
    // the server records what each socket said first
    ws.onFirstMessage = (text) => hellos.push(text);
    live.close();
    expect(live.getSnapshot()).toMatchObject({ status: 'closed', reason: 'stopped' });
    live.reconnect();
    await waitFor(() => expect(hellos).toEqual(['{"resumeAfter":"1"}']));
  });

  it('a page hidden for closeWhenHidden ms closes the connection; visible again reopens it', async () => {
    const clock = manualClock();
    const { client, live } = start({ clock, closeWhenHidden: 5000 });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    client.focus!.set(false);
    expect(live.getSnapshot().status).toBe('open');
    clock.runNext();
    expect(live.getSnapshot()).toMatchObject({ status: 'closed', reason: 'hidden' });
    await waitFor(() => expect(ws.open).toBe(0));
    client.focus!.set(true);
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    expect(ws.connections).toHaveLength(2);
    // hidden only briefly: nothing closes
    client.focus!.set(false);
    client.focus!.set(true);
    expect(clock.pending).toBe(0);
    expect(live.getSnapshot().status).toBe('open');
  });

  it('reconnects with growing waits while the server refuses, each try in the state', async () => {
    const clock = manualClock();
    const { live } = start({ clock, random: () => 1, backoff: { initial: 100, max: 250 } });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    await ws.close();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(() => expect(live.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt, nextTryAt: expect.any(Number) }));
      waits.push(live.getSnapshot().nextTryAt! - clock.now());
      clock.runNext();
      // the try itself: reconnecting, with no next time yet
      expect(live.getSnapshot().nextTryAt).toBeUndefined();
    }
    expect(waits).toEqual([100, 200, 250]);
  });

  it('an older pushed entity does not overwrite a newer one; a push newer than a fetch in flight is kept', async () => {
    const { client } = start();
    const one = client.observe(api.api.get, { id: 1 });
    const stop = one.subscribe(() => {});
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('todo 1'));
    await waitFor(() => expect(ws.open).toBe(1));
    const fetchedAt = client.getSnapshot().entitiesMeta.Todo!['1']!.fetchedAt;

    ws.emit('todo.updated', { id: 1, title: 'stale news', completed: true }, { at: fetchedAt - 1000 });
    ws.emit('todo.updated', { id: 2, title: 'marker', completed: false });
    await waitFor(() => expect(client.getSnapshot().entities.Todo?.['2']).toMatchObject({ title: 'marker' }));
    expect(one.getSnapshot().data).toMatchObject({ title: 'todo 1', completed: false });

    // a fetch that started before the push answers after it: the push is newer and stays
    const release = api.hold();
    const refetch = client.controller.fetch(api.api.get, { id: 1 });
    await waitFor(() => expect(api.count('GET', '/todos/1')).toBe(2));
    ws.emit('todo.updated', { id: 1, title: 'pushed', completed: false });
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('pushed'));
    release();
    await refetch;
    expect(one.getSnapshot().data?.title).toBe('pushed');
    stop();
  });

  it('a pending optimistic update stays on top of pushed data until its request settles', async () => {
    const rename = new RestEndpoint({
      urlPrefix: api.url,
      path: '/todos/:id',
      method: 'PATCH',
      schema: Todo,
      getOptimisticResponse: (snap: any, params: { id: number }, body: { title: string }) => ({ ...snap.get(Todo, params), ...body }),
    });
    const { client } = start();
    const one = client.observe(api.api.get, { id: 1 });
    const stop = one.subscribe(() => {});
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('todo 1'));
    await waitFor(() => expect(ws.open).toBe(1));

    const release = api.hold();
    const renamed = client.controller.fetch(rename, { id: 1 }, { title: 'mine' });
    expect(one.getSnapshot().data?.title).toBe('mine');
    ws.emit('todo.updated', { id: 1, title: 'theirs', completed: true });
    await waitFor(() => expect(client.controller.getConfirmedState().entities.Todo?.['1']).toMatchObject({ title: 'theirs' }));
    // the push is stored underneath; the pending update is replayed over it
    expect(one.getSnapshot().data).toMatchObject({ title: 'mine', completed: true });

    release();
    await renamed;
    // settled: the update leaves the top; its answer is older than the push (the PATCH
    // started first), so by the one ordering rule the pushed data shows
    expect(client.getSnapshot().optimistic).toHaveLength(0);
    expect(one.getSnapshot().data).toMatchObject({ title: 'theirs', completed: true });
    stop();
  });
});
