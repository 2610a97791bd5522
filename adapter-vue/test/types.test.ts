import { effectScope, ref, type ComputedRef } from 'vue';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { All, Query, type StatusError } from '@resto/core';
import { useCache, useDLE, useError, usePagination, useQuery, useSuspense, withClient, type Pagination } from '../src';
import { createFixtureClient } from '../src/test';
import { makeApi, Todo } from './helpers/api';

// Checked by the root `tsc` (these files are in its include); the runtime asserts
// show the typed values are the real ones.
const api = makeApi('http://api.test');
const one = { id: 1, title: 'one', completed: false };

describe('composable types follow the schemas', () => {
  it('types data from the endpoint schema and checks args', async () => {
    const client = createFixtureClient({
      initialFixtures: [
        { endpoint: api.get, args: [{ id: 1 }], response: one },
        { endpoint: api.getList, args: [], response: [one] },
      ],
    });
    const scope = effectScope();
    await scope.run(() =>
      withClient(client, async () => {
        const id = ref(1);
        const { data, loading, error } = useDLE(api.get, () => ({ id: id.value }));
        expectTypeOf(data).toEqualTypeOf<ComputedRef<Todo | undefined>>();
        expectTypeOf(loading.value).toEqualTypeOf<boolean>();
        expectTypeOf(error.value).toEqualTypeOf<StatusError | undefined>();
        expectTypeOf(error.value?.body).toEqualTypeOf<unknown>();
        expect(data.value).toBeInstanceOf(Todo);

        const list = useCache(api.getList);
        expectTypeOf(list.value).toEqualTypeOf<Todo[] | undefined>();
        expect(list.value?.[0]?.title).toBe('one');

        // args may be plain, refs or getters; null switches the read off
        useDLE(api.get, ref({ id: 2 }));
        useDLE(api.get, () => (id.value > 5 ? { id: id.value } : null));
        useError(api.get, null);
        // Wrong calls, type-checked only (never run):
        // @ts-expect-error id is required
        void (() => useDLE(api.get, {}));
        // @ts-expect-error wrong param type
        void (() => useDLE(api.get, { id: true }));
        // @ts-expect-error getList takes no params
        void (() => useCache(api.getList, { id: 1 }));
        // Type-only too: this getList has no paginationField, so the call would refuse it.
        void (() => expectTypeOf(usePagination(api.getList, ref(null)).hasMore).toEqualTypeOf<ComputedRef<boolean>>());
        expectTypeOf<Pagination['next']>().toEqualTypeOf<ComputedRef<string | number | undefined>>();

        const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
        const count = useQuery(remaining);
        expectTypeOf(count.value).toEqualTypeOf<number | undefined>();
        expect(count.value).toBe(1);
        const byPk = useQuery(Todo, { id: 1 });
        expectTypeOf(byPk.value).toEqualTypeOf<Todo | undefined>();

        // Last: the client and scope are only known until the first await.
        const todo = await useSuspense(api.get, { id: 1 });
        expectTypeOf(todo.value).toEqualTypeOf<Todo>();
        expect(todo.value.title).toBe('one');
      }),
    );
    scope.stop();
  });
});
