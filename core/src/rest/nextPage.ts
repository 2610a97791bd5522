// The `nextPage` option's type (RestEndpoint checks it in development when built). The rule
// that applies it (and counts a numbered paginationField) is page info's, state/pageInfo.ts.
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
