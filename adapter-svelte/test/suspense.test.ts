import { cleanup, render, screen } from '@testing-library/svelte';
import { createClient, type Client } from '@resto/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientContext } from '../src';
import { startTodoServer, type TodoServer } from './helpers/api';
import TodoAwait from './fixtures/TodoAwait.svelte';
import TodoCurrent from './fixtures/TodoCurrent.svelte';

let server: TodoServer;
let client: Client;
beforeEach(async () => {
  server = await startTodoServer();
  client = createClient();
});
afterEach(async () => {
  cleanup();
  client.destroy();
  await server.close();
});

describe('useSuspense', () => {
  it('shows loading, then the data, with {#await}', async () => {
    render(TodoAwait, { props: { api: server.api, id: 1 }, context: clientContext(client) });
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByTestId('title')).textContent).toBe('todo 1');
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('shows loading, then the data, with .current', async () => {
    render(TodoCurrent, { props: { api: server.api, id: 2 }, context: clientContext(client) });
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByTestId('title')).textContent).toBe('todo 2');
  });
});
