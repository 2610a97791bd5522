// A suspended read that no component wants any more is aborted, as useDLE's are,
// unless another reader wants its request.
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@resto/core';
import { startFilteredListServer, until, type FilteredListServer, type FilteredTodoList } from '@resto/testing';
import { clientContext } from '../src';
import TodoFilter from './fixtures/TodoFilter.svelte';

let server: FilteredListServer;
let list: FilteredTodoList;
let held: FilteredListServer['held'];
let hitOf: FilteredListServer['hitOf'];
let requestsOf: FilteredListServer['requestsOf'];
let client: Client;

beforeAll(async () => {
  server = await startFilteredListServer();
  ({ list, held, hitOf, requestsOf } = server);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.reset();
});

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
