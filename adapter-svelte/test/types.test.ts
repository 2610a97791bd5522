import { expectTypeOf, it } from 'vitest';
import type { Client, ObserverSnapshot, PaginationSnapshot } from '@resto/core';
import type { Suspense, useCache, useDLE, useLoading, usePagination, useQuery, useSuspense } from '../src';
import { Todo, todoApi } from './helpers/api';

// Type-level only: these functions need a component, so the calls are never run.
declare const api: ReturnType<typeof todoApi>;
declare const suspense: typeof useSuspense;
declare const dle: typeof useDLE;
declare const cache: typeof useCache;
declare const query: typeof useQuery;
declare const loading: typeof useLoading;
declare const pagination: typeof usePagination;
declare let id: number;
declare const client: Client;

// Checked by tsc (CI typecheck), never called: the reads need a component.
function typeChecks() {
  expectTypeOf(suspense(api.get, { id: 1 })).toEqualTypeOf<Suspense<Todo>>();
  expectTypeOf(suspense(api.get, { id: 1 }).current).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(suspense(api.list).current).toEqualTypeOf<Todo[] | undefined>();
  expectTypeOf(suspense(api.get, () => ({ id })).promise).toEqualTypeOf<Todo | Promise<Todo>>();
  expectTypeOf(suspense(api.get, () => (id ? { id } : null)).current).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(dle(api.get, null).current).toEqualTypeOf<ObserverSnapshot<Todo>>();
  expectTypeOf(dle(api.get, null).refetch).toEqualTypeOf<() => Promise<void>>();
  expectTypeOf(cache(api.get, { id: 1 }).current).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(query(Todo, { id: 1 }).current).toEqualTypeOf<Todo | undefined>();
  expectTypeOf(loading(async (n: number) => String(n))[0]).toEqualTypeOf<(n: number) => Promise<string | undefined>>();
  expectTypeOf(loading(async (n: number) => String(n))[1].current).toEqualTypeOf<boolean>();
  expectTypeOf(pagination(api.list, () => (id ? undefined : null)).current).toEqualTypeOf<PaginationSnapshot>();
  expectTypeOf(pagination(api.list).loadMore).toEqualTypeOf<() => Promise<void>>();
  // @ts-expect-error: the path needs an id
  suspense(api.get, { ident: 1 });
  // @ts-expect-error: a getter returns one argument, not the list of them
  suspense(api.get, () => [{ id }]);
  void client;
}

it('infers data types from the endpoint and checks args (see tsc)', () => {
  expectTypeOf(typeChecks).returns.toBeVoid();
});
