/** @jsxImportSource solid-js */
// Solid updates per computation: a changed entity re-runs only the computations that read it.
import { render } from '@solidjs/testing-library';
import { For, Suspense } from 'solid-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@resto/core';
import { until } from '@resto/testing';
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { RestoProvider, useDLE, useQuery, useSuspense } from '../src';

let server: TodoServer;
let client: Client;
beforeEach(async () => {
  server = await startTodoServer(2);
  client = createClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const bump = (runs: Map<string, number>, name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);

describe('fine-grained updates', () => {
  it('two rows: updating one entity re-runs the computations of that row only; the other row keeps its DOM node', async () => {
    const runs = new Map<string, number>();
    function Row(props: { todo: Todo }) {
      return (
        <li>
          {(bump(runs, `title ${props.todo.id}`), props.todo.title)}
          <input type="checkbox" checked={(bump(runs, `done ${props.todo.id}`), props.todo.completed)} />
        </li>
      );
    }
    function List() {
      const todos = useSuspense(server.api.list);
      return <ul><For each={todos()}>{(todo) => <Row todo={todo} />}</For></ul>;
    }
    // A second view of todo 2 alone: it must not hear of todo 1.
    function Detail() {
      const todo = useQuery(Todo, { id: 2 });
      return <p data-testid="detail">{(bump(runs, 'detail 2'), todo()?.title)}</p>;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Suspense fallback={<p>loading</p>}>
          <List />
          <Detail />
        </Suspense>
      </RestoProvider>
    ));
    const rows = () => view.container.querySelectorAll('li');
    await until(() => rows().length === 2);
    const second = rows()[1];
    expect(view.getByTestId('detail').textContent).toBe('todo 2');
    runs.clear();

    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'changed' });
    await until(() => rows()[0]!.textContent === 'changed');
    // Row 1 shows a new Todo (entities are immutable), so its computations ran once more; nothing of row 2 or the detail did.
    expect([...runs.keys()].sort()).toEqual(['done 1', 'title 1']);
    expect(rows()[1]).toBe(second);
    expect(server.count('GET', '/todos')).toBe(1);
    view.unmount();
  });

  it("useDLE's fields are separate memos: a view of loading does not re-run when only the data changes", async () => {
    const runs = new Map<string, number>();
    let refetch!: () => Promise<void>;
    function Todo1() {
      const dle = useDLE(server.api.get, { id: 1 });
      refetch = dle.refetch;
      return (
        <p>
          <span data-testid="loading">{(bump(runs, 'loading'), String(dle.loading()))}</span>
          <span data-testid="title">{(bump(runs, 'title'), dle.data()?.title)}</span>
        </p>
      );
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Todo1 />
      </RestoProvider>
    ));
    await until(() => view.getByTestId('title').textContent === 'todo 1');
    runs.clear();
    // A change from elsewhere: the data changes, loading stays false.
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'renamed' });
    await until(() => view.getByTestId('title').textContent === 'renamed');
    expect([...runs.entries()]).toEqual([['title', 1]]);
    // A refetch with the same answer: loading flips twice, the data keeps its identity.
    runs.clear();
    await refetch();
    await until(() => view.getByTestId('loading').textContent === 'false');
    expect(runs.get('title')).toBeUndefined();
    expect(runs.get('loading')).toBe(2);
    view.unmount();
  });
});
