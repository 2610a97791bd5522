// The `nextPage` option: its type and the check made when an endpoint is built. The rule
// that applies it (and counts a numbered paginationField) is page info's, state/pageInfo.ts.
import { DEV } from '#dev';
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

/**
 * Development only: throws when a `nextPage` option is not a function, naming the endpoint.
 *
 * @example
 * if (DEV) checkNextPage!('Post.getList', options.nextPage);
 */
export const checkNextPage = DEV
  ? (name: string, nextPage: unknown): void => {
      if (nextPage !== undefined && typeof nextPage !== 'function') {
        throw new TypeError(
          `${name}: nextPage must be a function (lastPage, params) => next page or cursor (undefined when there is none), got ${typeof nextPage}`,
        );
      }
    }
  : undefined;
