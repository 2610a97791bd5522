/** @jsxImportSource solid-js */
// Checked by the root `tsc` (this file is in its include); the runtime asserts show
// the typed values are the real ones.
import { render } from '@solidjs/testing-library';
import { createSignal, type Accessor } from 'solid-js';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { All, Collection, createClient, Query, RestEndpoint, type Client, type StatusError } from '@resto/core';
import { startTodoServer, Todo, type TodoServer } from '@resto/testing/todos';
import { RestoProvider, useCache, useController, useDLE, useError, useLoading, useMutation, usePagination, useQuery, useSuspense, type DLE, type Pagination } from '../src';

let server: TodoServer;
let client: Client;
beforeEach(async () => {
  server = await startTodoServer(1);
  client = createClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

describe('primitive types follow the schemas', () => {
  it('types data from the endpoint schema and checks args (values, accessors, null)', async () => {
    const api = server.api;
    await client.controller.fetch(api.get, { id: 1 });
    await client.controller.fetch(api.list);
    const [id] = createSignal(1);
    const checks: (() => void)[] = [];
    function Probe() {
      const dle = useDLE(api.get, () => ({ id: id() }));
      expectTypeOf(dle).toEqualTypeOf<DLE<Todo>>();
      expectTypeOf(dle.data).toEqualTypeOf<Accessor<Todo | undefined>>();
      expectTypeOf(dle.loading).toEqualTypeOf<Accessor<boolean>>();
      expectTypeOf(dle.error).toEqualTypeOf<Accessor<StatusError | undefined>>();

      const todo = useSuspense(api.get, { id: 1 });
      expectTypeOf(todo).toEqualTypeOf<Accessor<Todo | undefined>>();
      expectTypeOf(todo()).toEqualTypeOf<Todo | undefined>();
      const list = useCache(api.list);
      expectTypeOf(list).toEqualTypeOf<Accessor<Todo[] | undefined>>();

      // args may be plain values, signals or accessors; null switches the read off
      useDLE(api.get, () => (id() > 5 ? { id: id() } : null));
      useError(api.get, null);
      // Wrong calls, type-checked only (never run):
      // @ts-expect-error id is required
      void (() => useDLE(api.get, {}));
      // @ts-expect-error wrong param type
      void (() => useDLE(api.get, () => ({ id: true })));
      // @ts-expect-error the list takes no params
      void (() => useCache(api.list, { id: 1 }));

      const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
      const count = useQuery(remaining);
      expectTypeOf(count).toEqualTypeOf<Accessor<number | undefined>>();
      const byPk = useQuery(Todo, { id: 1 });
      expectTypeOf(byPk).toEqualTypeOf<Accessor<Todo | undefined>>();

      const ctrl = useController();
      const [save, saving, failed] = useLoading((title: string) => ctrl.fetch(api.update, { id: 1 }, { title }));
      expectTypeOf(save).toEqualTypeOf<(title: string) => Promise<Todo | undefined>>();
      expectTypeOf(saving).toEqualTypeOf<Accessor<boolean>>();
      expectTypeOf(failed()).toEqualTypeOf<StatusError | undefined>();
      const add = useMutation(api.push);
      expectTypeOf(add.data).toEqualTypeOf<Accessor<Todo | Todo[] | undefined>>();
      // @ts-expect-error push takes a body
      void (() => add.mutate());

      const paged = new RestEndpoint({ urlPrefix: server.url, path: '/todos', searchParams: {} as { page?: number }, paginationField: 'page', schema: new Collection([Todo]) });
      const pages = usePagination(paged, null);
      expectTypeOf(pages).toEqualTypeOf<Pagination>();
      expectTypeOf(pages.next).toEqualTypeOf<Accessor<string | number | undefined>>();

      checks.push(() => {
        expect(dle.data()).toBeInstanceOf(Todo);
        expect(todo()?.title).toBe('todo 1');
        expect(list()?.[0]?.title).toBe('todo 1');
        expect(count()).toBe(1);
        expect(byPk()?.title).toBe('todo 1');
        expect(pages.hasMore()).toBe(false);
      });
      return null;
    }
    const view = render(() => (
      <RestoProvider client={client}>
        <Probe />
      </RestoProvider>
    ));
    expect(checks).toHaveLength(1);
    checks[0]!();
    view.unmount();
  });
});
