/** Where each production error code is explained (`#<code>` anchors). */
const DOCS = 'https://github.com/resto-js/resto/blob/main/core/ERRORS.md#';

/**
 * What a production build appends in place of a development explanation: a
 * code that ERRORS.md explains. The message before it still names the endpoint,
 * schema or option.
 *
 * @example
 * throw new TypeError(`${name}: content cannot be used with a schema` + (DEV ? '; the long explanation' : errorCode(1)));
 * // production: 'Todo.get: content cannot be used with a schema (Resto error 1: https://github.com/resto-js/resto/blob/main/core/ERRORS.md#1)'
 */
export function errorCode(code: number): string {
  return ` (Resto error ${code}: ${DOCS}${code})`;
}
