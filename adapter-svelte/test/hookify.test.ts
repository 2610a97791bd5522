import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { createClient, type Client } from '@resto/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientContext, hookifyResource } from '../src';
import { startTodoServer, type TodoServer } from './helpers/api';
import { todoResource } from './helpers/resource';
import { until } from '@resto/testing';
import HookTodo from './fixtures/HookTodo.svelte';
import TokenProvider from './fixtures/TokenProvider.svelte';

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

describe('hookifyResource', () => {
  it('sends the token from component context on every hook-made endpoint', async () => {
    const resource = todoResource(server.url);
    render(TokenProvider, {
      props: { token: 'secret-1', child: HookTodo, props: { resource, id: 1 } },
      context: clientContext(client),
    });
    await until(() => screen.getByTestId('title').textContent === 'todo 1' && screen.getByTestId('count').textContent === '3');
    await fireEvent.click(screen.getByText('rename'));
    await until(() => screen.getByTestId('title').textContent === 'by hook');
    await fireEvent.click(screen.getByText('push'));
    await until(() => screen.getByTestId('count').textContent === '4');
    await fireEvent.click(screen.getByText('remove'));
    await until(() => screen.getByTestId('count').textContent === '3');

    expect(server.hits.map((h) => `${h.method} ${h.url}`).sort()).toEqual(
      ['DELETE /todos/1', 'GET /todos', 'GET /todos/1', 'PATCH /todos/1', 'POST /todos'].sort(),
    );
    for (const hit of server.hits) expect(hit.headers['access-token']).toBe('secret-1');
  });

  it('equal options give one endpoint object (core caches by init value)', () => {
    let token = 'same';
    const hooks = hookifyResource(todoResource(server.url), () => ({ headers: { 'Access-Token': token } }));
    const first = hooks.useGet();
    expect(hooks.useGet()).toBe(first);
    token = 'other';
    expect(hooks.useGet()).not.toBe(first);
  });

  it('each component gets the token of its own context', async () => {
    const resource = todoResource(server.url);
    render(TokenProvider, { props: { token: 'alice', child: HookTodo, props: { resource, id: 1 } }, context: clientContext(client) });
    render(TokenProvider, { props: { token: 'bob', child: HookTodo, props: { resource, id: 2 } }, context: clientContext(client) });
    await until(() => server.hits.some((h) => h.url === '/todos/2'));
    const tokenOf = (url: string) => server.hits.find((h) => h.url === url)?.headers['access-token'];
    expect(tokenOf('/todos/1')).toBe('alice');
    expect(tokenOf('/todos/2')).toBe('bob');
  });
});
