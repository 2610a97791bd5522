import { describe, expect, expectTypeOf, it } from 'vitest';
import { All, Query, RestEndpoint, resource } from '@resto/core';
import { useCache, useDLE, useError, useFetch, useLive, useLoading, usePagination, useQuery, useSuspense } from '../src';
import { renderDataHook } from '../src/test';
import { Todo, todoApi } from './helpers/api';

const api = todoApi('http://api.test');
const stats = new RestEndpoint({
  path: '/stats/:day',
  process: (value: unknown) => ({ visits: Number((value as { v: string }).v) }),
});
const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
const openCount = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);

// Type-level checks: compiled by the root `tsc`, never executed (named as a hook
// because it calls hooks).
function useTypeChecks() {
  expectTypeOf(useSuspense(api.get, { id: 1 })).toEqualTypeOf<Todo>();
  expectTypeOf(useSuspense(api.getList)).toEqualTypeOf<Todo[]>();
  expectTypeOf(useSuspense(api.get, Math.random() ? { id: 1 } : null)).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(useSuspense(stats, { day: 'mon' })).toEqualTypeOf<{ visits: number }>();
  expectTypeOf(useLive(api.get, { id: 1 })).toEqualTypeOf<Todo>();
  expectTypeOf(useDLE(api.get, { id: 1 }).data).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(useDLE(api.get, { id: 1 }).loading).toEqualTypeOf<boolean>();
  expectTypeOf(useCache(api.getList)).toEqualTypeOf<Todo[] | undefined>();
  expectTypeOf(useFetch(api.get, { id: 1 })).toEqualTypeOf<(Promise<Todo> & { resolved: boolean }) | undefined>();
  expectTypeOf(useError(api.get, { id: 1 })?.status).toEqualTypeOf<number | undefined>();
  // A failed response's body (a 422's field errors) is reachable without a cast.
  expectTypeOf(useError(api.get, { id: 1 })?.body).toEqualTypeOf<unknown>();
  expectTypeOf(useDLE(api.get, { id: 1 }).error?.body).toEqualTypeOf<unknown>();
  expectTypeOf(useQuery(Todo, { id: 1 })).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(useQuery(openCount)).toEqualTypeOf<number | undefined>();
  expectTypeOf(useSuspense(TodoResource.get, { id: 1 })).toEqualTypeOf<Todo>();
  expectTypeOf(usePagination(TodoResource.getList, { userId: 1 }).hasMore).toEqualTypeOf<boolean>();
  expectTypeOf(usePagination(TodoResource.getList, () => null).next).toEqualTypeOf<string | number | undefined>();
  expectTypeOf(usePagination(TodoResource.getList).loadMore).toEqualTypeOf<() => Promise<void>>();
  // @ts-expect-error: the list's args are checked like every hook's
  usePagination(TodoResource.getList, { userId: 'one' });
  expectTypeOf(useSuspense(TodoResource.getList, { userId: 1 })).toEqualTypeOf<Todo[]>();
  expectTypeOf(useSuspense(TodoResource.getList)).toEqualTypeOf<Todo[]>();
  // @ts-expect-error userId is a number
  useSuspense(TodoResource.getList, { userId: 'me' });
  const [save, saving] = useLoading((title: string) => Promise.resolve(title.length));
  expectTypeOf(save).toEqualTypeOf<(title: string) => Promise<number | undefined>>();
  expectTypeOf(saving).toEqualTypeOf<boolean>();
  expectTypeOf(useLoading((title: string) => Promise.resolve(title))[2]?.body).toEqualTypeOf<unknown>();

  // @ts-expect-error missing the required path parameter
  useSuspense(api.get);
  // @ts-expect-error wrong type of path parameter
  useSuspense(api.get, { id: true });
  // @ts-expect-error this endpoint takes no arguments
  useSuspense(api.getList, { id: 1 }, { title: 'x' });
  // @ts-expect-error the read result is a Todo, not a string
  const title: string = useSuspense(api.get, { id: 1 });
  // @ts-expect-error useDLE needs the same arguments as the endpoint
  useDLE(api.get, 'one');
  // @ts-expect-error useLoading wraps an async function
  useLoading((x: number) => x);
  return title;
}

describe('types', () => {
  it('typed hooks also work at run time', async () => {
    expect(typeof useTypeChecks).toBe('function');
    const { result } = renderDataHook(() => useSuspense(stats, { day: 'mon' }), {
      fixtures: [{ endpoint: stats, args: [{ day: 'mon' }], response: { visits: 3 } }],
    });
    await expect.poll(() => result.current).toEqual({ visits: 3 });
  });
});
