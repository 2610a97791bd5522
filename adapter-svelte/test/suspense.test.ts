import { cleanup, render, screen } from '@testing-library/svelte';
import { type Client } from '@resto/core';
import { describe, expect, it } from 'vitest';
import { clientContext } from '../src';
import { type TodoServer, eachTodoEnv } from './helpers/api';
import TodoAwait from './fixtures/TodoAwait.svelte';
import TodoCurrent from './fixtures/TodoCurrent.svelte';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);

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
