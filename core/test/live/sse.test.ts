// Live data over SSE, against a real event-stream server and a real todo server on
// 127.0.0.1: pushed messages reach every reader without a request, Collections gain and
// lose members, a killed server is resumed from the last event id, and bad messages
// change nothing. Waits are for events (a request count, a status, a shown value).
import { Todo } from '@resto/testing/todos';
import { waitFor } from '@resto/testing';
import { describe, expect, it } from 'vitest';
import { createClient, getDefaultManagers, Invalidate } from '../../src';
import { invalidateKey, liveStream, LiveMessageError, type LiveOptions } from '../../src/live';
import { EventSource } from '@resto/testing/sse';
import { manualClock, liveServers } from './servers';

const servers = liveServers();

function start(options: Partial<LiveOptions> = {}, ssr = false) {
  const errors: Error[] = [];
  const live = liveStream({
    urlPrefix: servers.sse.url,
    url: '/events',
    EventSource,
    messages: {
      'todo.updated': Todo,
      'todo.deleted': new Invalidate(Todo),
      'todo.created': servers.api.api.list.schema.push,
      'todo.stale': invalidateKey(servers.api.api.get),
    },
    onError: (e) => errors.push(e),
    ...options,
  });
  const client = createClient({ ssr, retry: 0, managers: [...getDefaultManagers({ ssr }), live] });
  servers.clients.push(client);
  return { live, client, errors };
}

const titles = (list: readonly Todo[] | undefined) => list?.map((t) => `${t.id}:${t.title}`);

describe('@resto/core/live over SSE', () => {
  it('an update pushed for an entity shows in every reader of it, without a request', async () => {
    const { live, client } = start();
    const one = client.observe(servers.api.api.get, { id: 1 });
    const list = client.observe(servers.api.api.list);
    const stops = [one.subscribe(() => {}), list.subscribe(() => {})];
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(3));
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('todo 1'));
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    const requests = servers.api.hits.length;

    servers.sse.emit('todo.updated', { id: 1, title: 'pushed', completed: true });
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('pushed'));
    expect(list.getSnapshot().data?.[0]).toBe(one.getSnapshot().data);
    expect(list.getSnapshot().data?.[0]).toMatchObject({ title: 'pushed', completed: true });
    expect(servers.api.hits.length).toBe(requests);
    expect(live.getSnapshot()).toMatchObject({ status: 'open', lastEventId: '1' });
    stops.forEach((s) => s());
  });

  it('a created item joins the Collection list and a deleted one leaves it', async () => {
    const { client, live } = start();
    const list = client.observe(servers.api.api.list);
    const stop = list.subscribe(() => {});
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(3));
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));

    servers.sse.emit('todo.created', { id: 4, title: 'from another user', completed: false });
    await waitFor(() => expect(titles(list.getSnapshot().data)).toEqual(['1:todo 1', '2:todo 2', '3:todo 3', '4:from another user']));
    servers.sse.emit('todo.deleted', { id: 2 });
    await waitFor(() => expect(titles(list.getSnapshot().data)).toEqual(['1:todo 1', '3:todo 3', '4:from another user']));
    expect(servers.api.count('GET', '/todos')).toBe(1);
    stop();
  });

  it('a key-invalidation message makes the subscribed read fetch again', async () => {
    const { client, live } = start();
    const one = client.observe(servers.api.api.get, { id: 2 });
    const stop = one.subscribe(() => {});
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('todo 2'));
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    servers.api.todos.set(2, { id: 2, title: 'changed on the server', completed: false });

    servers.sse.emit('todo.stale', { id: 2 });
    await waitFor(() => expect(one.getSnapshot().data?.title).toBe('changed on the server'));
    expect(servers.api.count('GET', '/todos/2')).toBe(2);
    stop();
  });

  it('after the server is killed mid-stream and restarted, it resumes from the last id: each event applied once', async () => {
    const clock = manualClock();
    const { client, live } = start({ clock, random: () => 0.5, backoff: { initial: 1000 } });
    const list = client.observe(servers.api.api.list);
    const stop = list.subscribe(() => {});
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(3));
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));

    const create = (title: string) => {
      const row = { id: servers.api.todos.size + 1, title, completed: false };
      servers.api.todos.set(row.id, row);
      servers.sse.emit('todo.created', row);
    };
    create('before the crash');
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(4));

    await servers.sse.kill();
    await waitFor(() => expect(live.getSnapshot().status).toBe('reconnecting'));
    const { attempt, nextTryAt, lastError } = live.getSnapshot();
    expect(attempt).toBe(1);
    // equal jitter: half of the first 1000 ms fixed, half random (0.5 here)
    expect(nextTryAt).toBe(clock.now() + 750);
    expect(lastError).toBeInstanceOf(Error);

    // Events the client cannot hear while the server is down are kept in its log.
    create('while down 1');
    create('while down 2');
    await servers.sse.restart();
    clock.runNext();
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    await waitFor(() => expect(list.getSnapshot().data).toHaveLength(6));

    expect(servers.sse.connections.map((c) => c.lastEventId)).toEqual([undefined, '1']);
    expect(titles(list.getSnapshot().data)).toEqual([...servers.api.todos.values()].map((t) => `${t.id}:${t.title}`));
    expect(servers.api.count('GET', '/todos')).toBe(1);
    expect(live.getSnapshot()).toMatchObject({ attempt: 0, lastEventId: '3' });
    stop();
  });

  it('sends the last id as a query parameter the app names (for EventSources that cannot send headers)', async () => {
    const clock = manualClock();
    const { live } = start({ clock, lastEventIdParam: 'lastEventId', searchParams: async () => ({ token: 't0k' }) });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    servers.sse.emit('todo.updated', { id: 1, title: 'x', completed: false });
    await waitFor(() => expect(live.getSnapshot().lastEventId).toBe('1'));
    await servers.sse.kill();
    await waitFor(() => expect(live.getSnapshot().status).toBe('reconnecting'));
    await servers.sse.restart();
    clock.runNext();
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    expect(servers.sse.connections.map((c) => c.url)).toEqual(['/events?token=t0k', '/events?token=t0k&lastEventId=1']);
  });

  it('asks for headers before every try, so a refreshed token is sent on a reconnect', async () => {
    const clock = manualClock();
    let token = 'first';
    const { live } = start({ clock, headers: async () => ({ authorization: `Bearer ${token}` }) });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    token = 'refreshed';
    await servers.sse.kill();
    await waitFor(() => expect(live.getSnapshot().status).toBe('reconnecting'));
    await servers.sse.restart();
    clock.runNext();
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    expect(servers.sse.connections.map((c) => c.headers.authorization)).toEqual(['Bearer first', 'Bearer refreshed']);
  });

  it('malformed and wrong-shape messages leave the store as it was, reported with the type and schema', async () => {
    const { client, live, errors } = start();
    await client.controller.fetch(servers.api.api.get, { id: 1 });
    await waitFor(() => expect(live.getSnapshot().status).toBe('open'));
    const before = client.getSnapshot();

    servers.sse.emit('todo.updated', '{"id": 1, "title": ');
    servers.sse.emit('todo.updated', '"just a string"');
    servers.sse.emit('todo.created', '[{ "title": "no id" }]');
    servers.sse.emit(undefined, '{"no":"type"}');
    servers.sse.emit(undefined, '{"type":"todo.renamed","data":{}}');
    await waitFor(() => expect(errors).toHaveLength(5));

    expect(client.getSnapshot()).toBe(before);
    expect(errors.every((e) => e instanceof LiveMessageError)).toBe(true);
    const [parse, shape, collection, envelope, unknown] = errors as LiveMessageError[];
    expect(parse).toMatchObject({ messageType: 'todo.updated', schema: undefined });
    expect(parse!.message).toMatch(/todo\.updated.*could not be parsed/);
    expect(shape).toMatchObject({ messageType: 'todo.updated', schema: 'Todo' });
    expect(shape!.message).toMatch(/"todo\.updated" does not fit its schema Todo/);
    expect(collection!.messageType).toBe('todo.created');
    expect(collection!.message).toContain('does not fit its schema');
    expect(envelope!.message).toMatch(/could not be parsed: expected an envelope/);
    expect(unknown).toMatchObject({ messageType: 'todo.renamed' });
    expect(unknown!.message).toMatch(/no entry in messages/);
    expect(live.getSnapshot().lastError).toBe(unknown);
    // still connected: bad messages are not drops
    expect(live.getSnapshot().status).toBe('open');
  });

  it('a server client opens no connection', async () => {
    let constructed = 0;
    const Counting = class extends EventSource {
      constructor(...args: ConstructorParameters<typeof EventSource>) {
        super(...args);
        constructed++;
      }
    };
    const server = start({ EventSource: Counting }, true);
    const browser = start({ EventSource: Counting });
    await waitFor(() => expect(browser.live.getSnapshot().status).toBe('open'));
    expect(constructed).toBe(1);
    expect(servers.sse.connections).toHaveLength(1);
    expect(server.live.getSnapshot()).toMatchObject({ status: 'closed', reason: 'server' });
  });

  it('closes on destroy: the server sees the stream end', async () => {
    const { client, live } = start();
    await waitFor(() => expect(servers.sse.open).toBe(1));
    client.destroy();
    expect(live.getSnapshot()).toMatchObject({ status: 'closed', reason: 'stopped' });
    await waitFor(() => expect(servers.sse.open).toBe(0));
  });
});
