// Types are the interface: what the reads infer from the endpoint's schema, and the
// argument forms they refuse. Checked by the root `tsc`; the runtime asserts show the
// typed values are the real ones.
import { signal, type Signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideZonelessChangeDetection } from '@angular/core';
import { All, Query, type StatusError } from '@resto/core';
import { until } from '@resto/testing';
import { eachTodoEnv, Todo, type TodoServer } from '@resto/testing/todos';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { provideResto, useCache, useDLE, useError, useMutation, usePagination, useQuery, useSuspense, type Client, type Pagination, type Suspended } from '../src';

let server: TodoServer;
let client: Client;
eachTodoEnv((s, c) => ((server = s), (client = c)), () => TestBed.resetTestingModule());

describe('read types follow the schemas', () => {
  it('types data from the endpoint schema and checks args', async () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), provideResto({ client })] });
    const api = server.api;
    const r = TestBed.runInInjectionContext(() => {
      const id = signal(1);
      const dle = useDLE(api.get, () => ({ id: id() }));
      expectTypeOf(dle.data).toEqualTypeOf<Signal<Todo | undefined>>();
      expectTypeOf(dle.loading()).toEqualTypeOf<boolean>();
      expectTypeOf(dle.error()).toEqualTypeOf<StatusError | undefined>();

      const list = useCache(api.list);
      expectTypeOf(list()).toEqualTypeOf<Todo[] | undefined>();

      // args may be plain, signals or getters; null switches the read off
      useDLE(api.get, signal({ id: 2 }));
      useDLE(api.get, () => (id() > 5 ? { id: id() } : null));
      useError(api.get, null);
      // Wrong calls, type-checked only (never run):
      // @ts-expect-error id is required
      void (() => useDLE(api.get, {}));
      // @ts-expect-error wrong param type
      void (() => useDLE(api.get, signal({ id: true })));
      // @ts-expect-error the list takes no params
      void (() => useCache(api.list, { id: 1 }));
      // Type-only: this list has no paginationField, so the call would refuse it.
      void (() => expectTypeOf(usePagination(api.list, null).hasMore).toEqualTypeOf<Signal<boolean>>());
      expectTypeOf<Pagination['next']>().toEqualTypeOf<Signal<string | number | undefined>>();

      const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
      const count = useQuery(remaining);
      expectTypeOf(count()).toEqualTypeOf<number | undefined>();

      const rename = useMutation(api.update);
      expectTypeOf(rename.data()).toEqualTypeOf<Todo | undefined>();
      // @ts-expect-error a PATCH takes a body
      void (() => rename.mutate({ id: 1 }));

      const todo = useSuspense(api.get, { id: 1 });
      expectTypeOf(todo).toEqualTypeOf<Signal<Suspended<Todo>>>();
      return { dle, todo, count };
    });
    await until(() => r.todo().status === 'ready');
    const t = r.todo();
    // The union narrows on status, as it does in an @if of a template.
    if (t.status === 'ready') {
      expectTypeOf(t.data).toEqualTypeOf<Todo>();
      expect(t.data).toBeInstanceOf(Todo);
      expect(t.data.title).toBe('todo 1');
    } else expect.unreachable();
    expect(r.dle.data()).toBeInstanceOf(Todo);
    // Todos 1 and 2 are read above, neither done.
    await until(() => r.count() === 2);
  });
});
