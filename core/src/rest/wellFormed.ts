import { DEV } from '#dev';

/**
 * Development only: throws, naming the value, for a string that is not well-formed UTF-16 (a lone
 * surrogate), so it has no single UTF-8 form: URLSearchParams silently turns a
 * lone surrogate into U+FFFD (two different values, one URL) and
 * encodeURIComponent throws a bare URIError on it.
 *
 * @example
 * if (DEV) checkWellFormed!('a😀', 'Todo.get: search parameter "q"'); // fine
 * if (DEV) checkWellFormed!('a\uD800', 'Todo.get: search parameter "q"'); // TypeError naming it
 */
export const checkWellFormed = DEV
  ? (text: string, what: string): void => {
      // With the `u` flag a pair is one code point, so any surrogate matched is a lone one.
      if (/[\uD800-\uDFFF]/u.test(text)) throw new TypeError(`${what} contains a lone UTF-16 surrogate, which cannot be sent in a URL`);
    }
  : undefined;
