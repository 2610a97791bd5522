/** Where each production error code is explained (`#<code>` anchors). */
const DOCS = 'https://github.com/resto-js/resto/blob/main/core/ERRORS.md#';

/**
 * What a production build appends in place of a development explanation: a
 * code that ERRORS.md explains. The message before it still names the endpoint,
 * schema or option.
 *
 * @example
 * throw new TypeError(`resource(${path}): ` + (DEV ? 'the path needs a :parameter naming the item' : 'no :parameter' + errorCode(9)));
 * // production: 'resource(/todos): no :parameter (Resto error 9: https://github.com/resto-js/resto/blob/main/core/ERRORS.md#9)'
 */
export function errorCode(code: number): string {
  return ` (Resto error ${code}: ${DOCS}${code})`;
}
