import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { RestEndpoint, type Client } from '@resto/core';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { clientContext } from '../src';
import { Todo, type TodoServer, eachTodoEnv } from './helpers/api';
import { until } from '@resto/testing';
import Editor from './fixtures/Editor.svelte';
import TodoAwait from './fixtures/TodoAwait.svelte';
import TodoCurrent from './fixtures/TodoCurrent.svelte';
import TodoDLE from './fixtures/TodoDLE.svelte';
import TodoList from './fixtures/TodoList.svelte';
import TodoListCurrent from './fixtures/TodoListCurrent.svelte';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);
const titles = () => screen.queryAllByTestId('title').map((e) => e.textContent);
const rows = () => screen.queryAllByTestId('row').map((e) => e.textContent);

describe('mutations', () => {
  it('an update shows in every component showing the entity, list included', async () => {
    const context = clientContext(client);
    render(TodoAwait, { props: { api: server.api, id: 1 }, context });
    render(TodoCurrent, { props: { api: server.api, id: 1 }, context });
    render(TodoDLE, { props: { api: server.api, id: 1 }, context });
    render(TodoList, { props: { api: server.api }, context });
    render(Editor, { props: { api: server.api, id: 1, title: 'edited' }, context });
    await until(() => titles().join() === 'todo 1,todo 1,todo 1' && rows().length === 3);

    await fireEvent.click(screen.getByText('save'));
    expect(screen.getByTestId('save').textContent).toBe('saving');
    await until(() => titles().join() === 'edited,edited,edited');
    expect(rows()).toEqual(['edited', 'todo 2', 'todo 3']);
    await until(() => screen.getByTestId('save').textContent === 'idle');
    // One GET per key: the mutation updated the store, nothing was refetched.
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(server.count('GET', '/todos')).toBe(1);
  });

  it('useLoading shows a failed mutation', async () => {
    server.fail('PATCH /todos/1', 400);
    render(Editor, { props: { api: server.api, id: 1, title: 'edited' }, context: clientContext(client) });
    await fireEvent.click(screen.getByText('save'));
    await until(() => screen.getByTestId('save').textContent === 'failed 400');
    expect(screen.getByTestId('save-store').textContent).toBe('failed 400');
  });

  it('push and delete update a rendered {#each} list', async () => {
    render(TodoList, { props: { api: server.api }, context: clientContext(client) });
    await until(() => rows().length === 3);
    await fireEvent.click(screen.getByText('add'));
    await until(() => rows().length === 4);
    expect(rows()).toEqual(['todo 1', 'todo 2', 'todo 3', 'new one']);
    await fireEvent.click(screen.getByText('delete first'));
    await until(() => rows().length === 3);
    expect(rows()).toEqual(['todo 2', 'todo 3', 'new one']);
    expect(server.count('GET', '/todos')).toBe(1);
  });

  it('an optimistic update shows at once and rolls back when the server refuses', async () => {
    const update = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      method: 'PATCH',
      schema: Todo,
      getOptimisticResponse: (snap: { get(s: unknown, ...a: unknown[]): any }, params: { id: number }, body: object) => ({
        ...snap.get(Todo, params),
        ...body,
      }),
    });
    const context = clientContext(client);
    render(TodoCurrent, { props: { api: server.api, id: 1 }, context });
    render(TodoList, { props: { api: server.api }, context });
    await until(() => titles().join() === 'todo 1' && rows().length === 3);

    server.fail('PATCH /todos/1', 500);
    const release = server.hold();
    const done = client.controller.fetch(update, { id: 1 }, { title: 'optimistic' }).catch((e: { status: number }) => e.status);
    await until(() => titles().join() === 'optimistic');
    expect(rows()[0]).toBe('optimistic');
    release();
    expect(await done).toBe(500);
    await until(() => titles().join() === 'todo 1');
    expect(rows()[0]).toBe('todo 1');
  });
});

describe('render counts', () => {
  it.each([
    ['{#await todos.promise}', TodoList],
    ['todos.current', TodoListCurrent],
  ])('only the row whose entity changed updates in a 1,000-row list (%s)', async (_name, List) => {
    for (let id = 4; id <= 1000; id++) server.todos.set(id, { id, title: `todo ${id}`, completed: false });
    const renders = new Map<number, number>();
    render(List, { props: { api: server.api, renders }, context: clientContext(client) });
    await until(() => rows().length === 1000);
    flushSync();
    expect(renders.size).toBe(1000);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);

    await client.controller.fetch(server.api.update, { id: 500 }, { title: 'changed' });
    await until(() => rows()[499] === 'changed');
    flushSync();
    const updated = [...renders].filter(([, n]) => n > 1).map(([id]) => id);
    expect(updated).toEqual([500]);
    expect(renders.get(500)).toBe(2);
  });
});
