// A pushed item joins a Collection list in every tab, not only in the leader that holds
// the connection: the list's change reaches the other tabs' stores through tab sync,
// whose merge keeps the newer copy of each record (so the change must carry its time).
import { waitFor } from '@resto/testing';
import { EventSource } from '@resto/testing/sse';
import { Todo } from '@resto/testing/todos';
import { expect, it } from 'vitest';
import { createClient, getDefaultManagers, Invalidate, type Client } from '../../src';
import { liveStream } from '../../src/live';
import { tabSync } from '../../src/sync';
import { fakeLocks } from '../sync/fakeLocks';
import { liveServers } from './servers';

const servers = liveServers();

function tabs(count: number) {
  const name = `live-collection-${process.pid}`;
  const locks = fakeLocks();
  return Array.from({ length: count }, () => {
    const live = liveStream({
      urlPrefix: servers.sse.url,
      url: '/events',
      EventSource,
      messages: { 'todo.created': servers.api.api.list.schema.push, 'todo.deleted': new Invalidate(Todo) },
    });
    const client = createClient({ retry: 0, managers: [tabSync({ name, locks, helloTimeout: 50 }), ...getDefaultManagers(), live] });
    servers.clients.push(client);
    return { live, client };
  });
}

const ids = (client: Client) => client.observe(servers.api.api.list).getSnapshot().data?.map((t) => t.id);

it('an item pushed to the leader joins the list in every tab, and a deleted one leaves it everywhere', async () => {
  const [a, b] = tabs(2);
  await waitFor(() => expect([a!, b!].map((t) => t.live.getSnapshot().reason ?? t.live.getSnapshot().status)).toEqual(['open', 'follower']));
  for (const t of [a!, b!]) await t.client.controller.fetch(servers.api.api.list);
  const reads = servers.api.count('GET', '/todos');

  servers.sse.emit('todo.created', { id: 4, title: 'from another user', completed: false });
  await waitFor(() => expect([a!, b!].map((t) => ids(t.client))).toEqual([[1, 2, 3, 4], [1, 2, 3, 4]]));
  servers.sse.emit('todo.deleted', { id: 2 });
  await waitFor(() => expect([a!, b!].map((t) => ids(t.client))).toEqual([[1, 3, 4], [1, 3, 4]]));
  expect(servers.api.count('GET', '/todos')).toBe(reads);
});
