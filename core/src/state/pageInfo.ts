// Page info, a Resto extra: where a paginated list stands (the `nextPage` option, or
// counting a numbered paginationField), recorded in the list's meta as responses are
// stored, and read by getPageInfo. It ships only with the paging API: importing this
// module (getPageInfo, PaginationObserver, the adapters' usePagination) installs the
// recording in setResponse, so an app that never reads page info carries none of it.
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import type { EndpointLike } from './EndpointLike';
import { pageHook } from './setResponse';
import type { PageInfo, State } from './State';
import { writeLayer } from '../normalize';

/** What the page rule reads from an endpoint (RestEndpoint's options). */
interface Paged {
  readonly name: string;
  readonly paginationField?: string;
  readonly nextPage?: (lastPage: any, params: any) => unknown;
  /** For a page endpoint (`getPage`, `paginated()`): the key of the list its pages append to. */
  readonly listKeyOf?: (...args: readonly unknown[]) => string;
  key(...args: readonly unknown[]): string;
}

const NO_PAGES: PageInfo = Object.freeze({ next: undefined, hasMore: false });

/**
 * A page with no items: an empty array, nothing, or an object whose arrays are all
 * empty, however deep (`{ data: { items: [] } }`).
 */
function isEmptyPage(page: unknown): boolean {
  if (Array.isArray(page)) return page.length === 0;
  if (page === null || typeof page !== 'object') return true;
  return Object.values(page).every(isEmptyPage);
}

/**
 * The rule without a `nextPage` option, for a numbered page field: the next
 * number while pages come back non-empty (an empty page is the end).
 */
function numberedPages(endpoint: Paged, field: string): NonNullable<Paged['nextPage']> {
  return (page, params) => {
    const current = (params as Record<string, unknown>)[field] ?? 1;
    const number = Number(current);
    if ((typeof current === 'string' && !current.trim()) || !Number.isInteger(number)) {
      throw new TypeError(
        DEV
          ? `${endpoint.name}: the default nextPage counts numbered pages, but "${field}" is ${JSON.stringify(current)}; give the nextPage option to read the next cursor from the response`
          : `${endpoint.name}: "${field}" is ${JSON.stringify(current)}${errorCode(6)}`,
      );
    }
    return isEmptyPage(page) ? undefined : number + 1;
  };
}

/** The list a response of `endpoint` pages and where it stands after it; undefined when it does not paginate. */
function pageOf(endpoint: Paged, response: unknown, args: readonly unknown[]): { key: string; page: PageInfo } | undefined {
  const rule = endpoint.nextPage ?? (endpoint.paginationField ? numberedPages(endpoint, endpoint.paginationField) : undefined);
  if (rule === undefined) return undefined;
  const key = endpoint.listKeyOf ? endpoint.listKeyOf(...args) : endpoint.key(...args);
  const next = rule.call(endpoint, response, args[0] ?? {});
  if (next == null) return { key, page: NO_PAGES };
  if (typeof next === 'string' || Number.isFinite(next)) return { key, page: { next: next as string | number, hasMore: true } };
  throw new TypeError(
    `${endpoint.name}: nextPage returned ${typeof next === 'number' ? next : typeof next}` +
      (DEV ? '; expected a page number, a cursor string, or undefined/null when there is no next page' : errorCode(8)),
  );
}

// setResponse's page hook: the list's own response sets its page info; a page of another
// list writes that list's meta.
pageHook.record = (state, next, action, older, changes): State => {
  const { key, meta } = action;
  let paging: { key: string; page: PageInfo } | undefined;
  try {
    paging = pageOf(action.endpoint as Paged, action.response, action.args);
  } catch (e) {
    // A broken nextPage must not cost the response: it is stored, the list just shows no next page.
    console.error(e);
  }
  if (paging === undefined) return next;
  // The list's own response (page one): it starts the list over, so it sets where it stands.
  const list = next.meta[paging.key];
  let current = !older;
  if (paging.key !== key) {
    // A page of another list: that list's meta records it, unless the list was
    // fetched again after this page was asked for (the page then answers for an old list)
    // and the page is not the one the refetched list stands at (its items joined the list).
    current = list !== undefined && !(list.fetchedAt > meta.fetchedAt);
    if (list !== undefined && !current) {
      // still current when this page is the one the refetched list says comes next
      const field = (action.endpoint as Paged).paginationField;
      const asked = field === undefined ? undefined : (action.args[0] as Record<string, unknown> | undefined)?.[field];
      current = asked != null && list.page?.next !== undefined && String(asked) === String(list.page.next);
    }
    current &&= list !== undefined && next.endpoints[paging.key] !== undefined;
    if (current) changes?.key(paging.key);
  }
  return current ? { ...next, meta: writeLayer(next.meta, { [paging.key]: { ...list!, page: paging.page } }) } : next;
};

/**
 * Where a paginated list stands in `state` (the last argument): the next page or
 * cursor and whether there is one. Set by the list's first page and by every page
 * fetched through `getPage` / `paginated()`; `{ hasMore: false }` until the list is
 * stored, and again once it is invalidated or collected. Importing it (or
 * PaginationObserver) is what makes the store record page info.
 *
 * @example
 * const { hasMore, next } = getPageInfo(PostResource.getList, client.getSnapshot());
 * if (hasMore) await client.controller.fetch(PostResource.getList.getPage, { page: next! });
 */
export function getPageInfo<E extends EndpointLike>(endpoint: E, ...rest: [...args: any[], state: State]): PageInfo {
  const state = rest.pop() as State;
  if (rest[0] === null) return NO_PAGES;
  let key: string;
  try {
    key = endpoint.key(...rest);
  } catch {
    // Args that make no URL have no pages; the read of them shows why.
    return NO_PAGES;
  }
  return state.meta[key]?.page ?? NO_PAGES;
}
