// Page info arrives with the paging API: the store records where a list stands only
// once getPageInfo (or PaginationObserver, which uses it) is imported. This file
// reaches the store's modules directly, never through a barrel that re-exports it.
import { expect, expectTypeOf, it } from 'vitest';
import { RestEndpoint } from '../../src/rest';
import { SET_RESPONSE } from '../../src/state/actions';
import { reducer } from '../../src/state/reducer';
import { initialState, type PageInfo, type State } from '../../src/state/State';

const list = new RestEndpoint({ urlPrefix: 'http://x', path: '/posts', searchParams: {} as { page?: number }, paginationField: 'page' });
const store = (state: State, response: unknown, fetchedAt: number) =>
  reducer(state, { type: SET_RESPONSE, key: list.key(), endpoint: list, args: [], response, meta: { date: fetchedAt, fetchedAt, expiresAt: fetchedAt + 60_000 } });

it('a store without the paging API records no page info; importing getPageInfo makes it record', async () => {
  const before = store(initialState(), [{ id: 1 }], 1);
  expect(before.endpoints[list.key()]).toEqual([{ id: 1 }]);
  expect(before.meta[list.key()]).not.toHaveProperty('page');

  const { getPageInfo } = await import('../../src/state/pageInfo');
  const after = store(before, [{ id: 1 }], 2);
  expect(after.meta[list.key()]?.page).toEqual({ next: 2, hasMore: true });
  expect(getPageInfo(list, after)).toEqual({ next: 2, hasMore: true });
  // An empty page is the end of the list (the default numbered rule).
  expect(getPageInfo(list, store(after, [], 3))).toEqual({ next: undefined, hasMore: false });

  expectTypeOf(getPageInfo(list, after)).toEqualTypeOf<PageInfo>();
  // @ts-expect-error the state to read is the last argument, and it is required
  expect(() => getPageInfo(list)).toThrow();
});
