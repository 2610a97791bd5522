// Pagination rules: where a paginated list stands after a response (the `nextPage` option,
// or counting a numbered paginationField). Storing it is state/setResponse.ts's.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
/**
 * Where a paginated list stands after a response: the next page or cursor, read
 * from the response by the endpoint's `nextPage` option, or counted for a
 * numbered `paginationField`.
 */

/**
 * The `nextPage` option: from the page just received (the response as the server
 * sent it, after `process`, before normalization) and the arguments that asked
 * for it, the page number or cursor to ask for next; `undefined` or `null` when
 * this was the last page.
 *
 * @example
 * // Full pages of 20 except the last:
 * const nextPage: NextPage<Post[], { page?: number }> = (page, args) => (page.length < 20 ? undefined : Number(args.page ?? 1) + 1);
 * // The cursor is in the body: { results: [...], nextCursor: 'abc' | null }
 * const byCursor: NextPage<{ nextCursor: string | null }> = (page) => page.nextCursor;
 */
export type NextPage<Result = any, Params = any> = (
  lastPage: Result,
  params: Params,
) => string | number | undefined | null;

/** What the pagination rule reads from an endpoint. */
interface Paged {
  readonly name: string;
  readonly paginationField?: string;
  readonly nextPage?: NextPage;
  /** For a page endpoint (`getPage`, `paginated()`): the key of the list its pages append to. */
  readonly listKeyOf?: (...args: readonly unknown[]) => string;
  key(...args: readonly unknown[]): string;
}

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
 * number while pages come back non-empty (an empty page is the end). A server
 * whose last page is the short one should say so with `nextPage`, to save the
 * request for the empty page.
 */
function numberedPages(endpoint: Paged, field: string): NextPage {
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

/**
 * Throws when a `nextPage` option is not a function, naming the endpoint.
 *
 * @example
 * checkNextPage('Post.getList', options.nextPage);
 */
export function checkNextPage(name: string, nextPage: unknown): void {
  if (nextPage !== undefined && typeof nextPage !== 'function') {
    throw new TypeError(
      DEV
        ? `${name}: nextPage must be a function (lastPage, params) => next page or cursor (undefined when there is none), got ${typeof nextPage}`
        : `${name}: nextPage is ${typeof nextPage}${errorCode(7)}`,
    );
  }
}

/**
 * The list a response of `endpoint` pages and the next page it names, or
 * undefined for an endpoint that does not paginate.
 *
 * @example
 * pagination(PostResource.getList.getPage, [{ id: 6 }], [{ page: 2 }]); // { key: 'GET /posts', next: 3 }
 */
export function pagination(
  endpoint: Paged,
  response: unknown,
  args: readonly unknown[],
): { key: string; next: string | number | undefined } | undefined {
  const rule = endpoint.nextPage ?? (endpoint.paginationField ? numberedPages(endpoint, endpoint.paginationField) : undefined);
  if (rule === undefined) return undefined;
  const key = endpoint.listKeyOf ? endpoint.listKeyOf(...args) : endpoint.key(...args);
  const next = rule.call(endpoint, response, args[0] ?? {});
  if (next === undefined || next === null) return { key, next: undefined };
  if (typeof next === 'string' || Number.isFinite(next)) return { key, next };
  throw new TypeError(
    `${endpoint.name}: nextPage returned ${typeof next === 'number' ? next : typeof next}` +
      (DEV ? '; expected a page number, a cursor string, or undefined/null when there is no next page' : errorCode(8)),
  );
}
