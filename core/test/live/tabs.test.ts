// One live connection per browser: with tabSync, only the leading tab (Web Locks, faked
// for Node) connects to a real SSE server on 127.0.0.1; the other tabs (clients on Node's
// real BroadcastChannel) get its pushed changes through the shared store, and when the
// leader closes another tab connects, resuming from the leader's last event id.
import { Todo } from '@resto/testing/todos';
import { waitFor } from '@resto/testing';
import { EventSource } from '@resto/testing/sse';
import { expect, it } from 'vitest';
import { createClient, getDefaultManagers, type Client } from '../../src';
import { liveStream, type LiveManager } from '../../src/live';
import { tabSync } from '../../src/sync';
import { fakeLocks } from '../sync/fakeLocks';
import { liveServers } from './servers';

const servers = liveServers();

let apps = 0;
function tabs(count: number) {
  const name = `live-${process.pid}-${++apps}`;
  const locks = fakeLocks();
  return Array.from({ length: count }, () => {
    const live = liveStream({ urlPrefix: servers.sse.url, url: '/events', EventSource, messages: { 'todo.updated': Todo }, covers: [servers.api.api.get] });
    const client = createClient({ retry: 0, managers: [tabSync({ name, locks, helloTimeout: 50 }), ...getDefaultManagers(), live] });
    servers.clients.push(client);
    return { live, client };
  });
}

const titleIn = (client: Client) => client.controller.get(Todo, { id: 1 }, client.getSnapshot())?.title;
const statuses = (tabs: { live: LiveManager }[]) => tabs.map((t) => t.live.getSnapshot().reason ?? t.live.getSnapshot().status);

it('three tabs hold one connection; a pushed change shows in every tab; when the leader closes another connects', async () => {
  const [a, b, c] = tabs(3);
  await waitFor(() => expect(statuses([a!, b!, c!])).toEqual(['open', 'follower', 'follower']));
  expect(servers.sse.connections).toHaveLength(1);
  for (const t of [a!, b!, c!]) await t.client.controller.fetch(servers.api.api.get, { id: 1 });
  const reads = servers.api.count('GET', '/todos/1');

  servers.sse.emit('todo.updated', { id: 1, title: 'pushed once', completed: false });
  await waitFor(() => expect([a, b, c].map((t) => titleIn(t!.client))).toEqual(['pushed once', 'pushed once', 'pushed once']));
  expect(servers.api.count('GET', '/todos/1')).toBe(reads);

  // The leader's page closes: its lock comes free and the next tab connects.
  const read = b!.client.observe(servers.api.api.get, { id: 1 });
  const stop = read.subscribe(() => {});
  a!.client.destroy();
  await waitFor(() => expect(statuses([b!, c!])).toEqual(['open', 'follower']));
  await waitFor(() => expect(servers.sse.open).toBe(1));
  expect(servers.sse.connections).toHaveLength(2);
  // It resumes from the last event the leader applied (tabsResume.test.ts has the details).
  expect(servers.sse.connections.map((c) => c.lastEventId)).toEqual([undefined, '1']);
  servers.sse.emit('todo.updated', { id: 1, title: 'after the handover', completed: false });
  await waitFor(() => expect([b, c].map((t) => titleIn(t!.client))).toEqual(['after the handover', 'after the handover']));
  stop();
});
