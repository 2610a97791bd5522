// A tab that takes over the connection resumes from the last event the old leader applied:
// the leader keeps its last event id in the store, tab sync hands it to the other tabs,
// and the new leader sends it as Last-Event-ID. Without one it is a gap, as before.
import { waitFor } from '@resto/testing';
import { EventSource } from '@resto/testing/sse';
import { Todo } from '@resto/testing/todos';
import { expect, it } from 'vitest';
import { createClient, getDefaultManagers, type Client } from '../../src';
import { liveStream, parseMessage, type LiveManager } from '../../src/live';
import { tabSync } from '../../src/sync';
import { fakeLocks } from '../sync/fakeLocks';
import { liveServers } from './servers';

const servers = liveServers();

let apps = 0;
/** Tabs of one app; each records the ids of the messages its own connection received. */
function tabs(count: number) {
  const name = `live-resume-${process.pid}-${++apps}`;
  const locks = fakeLocks();
  return Array.from({ length: count }, () => {
    const received: (string | undefined)[] = [];
    const live = liveStream({
      urlPrefix: servers.sse.url,
      url: '/events',
      EventSource,
      messages: { 'todo.updated': Todo },
      covers: [servers.api.api.get],
      parse: (text, event, id) => (received.push(id), parseMessage(text, event, id)),
    });
    const client = createClient({ retry: 0, managers: [tabSync({ name, locks, helloTimeout: 50 }), ...getDefaultManagers(), live] });
    servers.clients.push(client);
    return { live, client, received };
  });
}

const titleIn = (client: Client) => client.controller.get(Todo, { id: 1 }, client.getSnapshot())?.title;
const status = (live: LiveManager) => live.getSnapshot().reason ?? live.getSnapshot().status;
const todo = (title: string) => ({ id: 1, title, completed: false });

it('the new leader resumes from the old leader’s last event: only later events, each once, and no revalidation', async () => {
  const [a, b] = tabs(2);
  await waitFor(() => expect([status(a!.live), status(b!.live)]).toEqual(['open', 'follower']));
  const read = b!.client.observe(servers.api.api.get, { id: 1 });
  const stop = read.subscribe(() => {});
  await waitFor(() => expect(read.getSnapshot().data?.title).toBeDefined());
  const reads = servers.api.count('GET', '/todos/1');

  for (const n of [1, 2, 3]) servers.sse.emit('todo.updated', todo(`event ${n}`));
  await waitFor(() => expect(a!.live.getSnapshot().lastEventId).toBe('3'));
  expect(a!.received).toEqual(['1', '2', '3']);
  // The follower has the leader's changes, and with them the id they reached.
  await waitFor(() => expect(titleIn(b!.client)).toBe('event 3'));
  await waitFor(() => expect(b!.live.getSnapshot()).toMatchObject({ reason: 'follower', lastEventId: '3' }));

  a!.client.destroy();
  servers.sse.emit('todo.updated', todo('event 4'));
  await waitFor(() => expect(status(b!.live)).toBe('open'));
  expect(servers.sse.connections.map((c) => c.lastEventId)).toEqual([undefined, '3']);
  await waitFor(() => expect(titleIn(b!.client)).toBe('event 4'));
  servers.sse.emit('todo.updated', todo('event 5'));
  await waitFor(() => expect(titleIn(b!.client)).toBe('event 5'));
  expect(b!.received).toEqual(['4', '5']);
  expect(b!.live.getSnapshot().lastEventId).toBe('5');
  // Nothing was missed, so the covered read stays fresh and is not fetched again.
  expect(b!.client.getSnapshot().meta[servers.api.api.get.key({ id: 1 })]!.expiresAt).toBeGreaterThan(Date.now());
  expect(servers.api.count('GET', '/todos/1')).toBe(reads);
  stop();
});

it('a tab that takes over with no last event id counts it as a gap and revalidates what the stream covers', async () => {
  const [a, b] = tabs(2);
  await waitFor(() => expect([status(a!.live), status(b!.live)]).toEqual(['open', 'follower']));
  const read = b!.client.observe(servers.api.api.get, { id: 1 });
  const stop = read.subscribe(() => {});
  await waitFor(() => expect(read.getSnapshot().data?.title).toBeDefined());
  const reads = servers.api.count('GET', '/todos/1');

  a!.client.destroy();
  await waitFor(() => expect(status(b!.live)).toBe('open'));
  expect(servers.sse.connections.map((c) => c.lastEventId)).toEqual([undefined, undefined]);
  await waitFor(() => expect(servers.api.count('GET', '/todos/1')).toBe(reads + 1));
  stop();
});

it('after a resumed handover, a drop of the new leader’s connection is still a gap: covered reads revalidate', async () => {
  const [a, b] = tabs(2);
  await waitFor(() => expect([status(a!.live), status(b!.live)]).toEqual(['open', 'follower']));
  const read = b!.client.observe(servers.api.api.get, { id: 1 });
  const stop = read.subscribe(() => {});
  await waitFor(() => expect(read.getSnapshot().data?.title).toBeDefined());
  servers.sse.emit('todo.updated', todo('event 1'));
  await waitFor(() => expect(b!.live.getSnapshot().lastEventId).toBe('1'));
  const reads = servers.api.count('GET', '/todos/1');

  a!.client.destroy();
  await waitFor(() => expect(status(b!.live)).toBe('open'));
  expect(servers.api.count('GET', '/todos/1')).toBe(reads);

  await servers.sse.kill();
  await waitFor(() => expect(status(b!.live)).toBe('reconnecting'));
  await servers.sse.restart();
  b!.live.reconnect();
  await waitFor(() => expect(status(b!.live)).toBe('open'));
  expect(servers.sse.connections.map((c) => c.lastEventId)).toEqual([undefined, '1', '1']);
  await waitFor(() => expect(servers.api.count('GET', '/todos/1')).toBe(reads + 1));
  stop();
});
