// A suspended read that no component wants any more is aborted, as useDLE's are,
// unless another reader wants its request.
import { cleanup, render, screen } from '@testing-library/svelte';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Collection, createClient, RestEndpoint, type Client } from '@resto/core';
import { defer, json, startServer, until, type Hit } from '@resto/testing';
import { Todo } from '@resto/testing/todos';
import { clientContext } from '../src';
import TodoFilter from './fixtures/TodoFilter.svelte';

const listOf = (url: string) => new RestEndpoint({ urlPrefix: url, path: '/todos', searchParams: {} as { completed: boolean }, schema: new Collection([Todo]) });
export type FilteredList = ReturnType<typeof listOf>;

let server: Awaited<ReturnType<typeof startServer>>;
let list: FilteredList;
let client: Client;
/** Answers held by filter: the server answers `?completed=X` only when a test says so, or sees the client leave. */
const held = new Map<string, ReturnType<typeof defer<void>>>();

async function answer(hit: Hit, res: ServerResponse) {
  const filter = new URL(hit.url, server.url).searchParams.get('completed')!;
  if (filter === 'true') return json(res, [{ id: 1, title: 'done', completed: true }]);
  const gate = defer();
  held.set(filter, gate);
  const answered = await Promise.race([gate.promise.then(() => true), hit.closed.then(() => false)]);
  if (answered) json(res, [{ id: 2, title: 'open', completed: false }]);
}

beforeAll(async () => {
  server = await startServer({ 'GET /todos': answer });
  list = listOf(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
  held.clear();
});

const hitOf = (filter: string) => server.hits.find((h) => h.url.endsWith(`completed=${filter}`));
const requestsOf = (filter: string) => server.hits.filter((h) => h.url.endsWith(`completed=${filter}`)).length;
const show = (completed: boolean) => render(TodoFilter, { props: { list, completed }, context: clientContext(client) });

describe('an abandoned suspended read', () => {
  it('a list switched A -> B -> A: B is aborted, A shows, nothing of B is stored', async () => {
    client = createClient();
    const view = show(true);
    expect(await screen.findByText('done')).toBeTruthy();
    await view.rerender({ completed: false });
    await until(() => held.has('false'));
    await view.rerender({ completed: true });
    await hitOf('false')!.closed;
    expect(await screen.findByText('done')).toBeTruthy();
    expect(Object.keys(client.getSnapshot().endpoints)).toEqual([list.key({ completed: true })]);
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a list unmounted while it waits: its request is aborted', async () => {
    client = createClient();
    const view = show(false);
    await until(() => held.has('false'));
    expect(screen.getByText('loading')).toBeTruthy();
    view.unmount();
    await hitOf('false')!.closed;
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('two lists on one key, one unmounted while both wait: the other keeps the request', async () => {
    client = createClient();
    const first = show(false);
    show(false);
    await until(() => held.has('false'));
    first.unmount();
    held.get('false')!.resolve();
    expect(await screen.findByText('open')).toBeTruthy();
    expect(requestsOf('false')).toBe(1);
  });
});
