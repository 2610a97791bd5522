import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';

// A high surrogate not followed by a low one, or a low one not preceded by a high one:
// with the `u` flag a pair is one code point, so any surrogate matched is a lone one.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Throws, naming the value, for a string that is not well-formed UTF-16 (a lone
 * surrogate), so it has no single UTF-8 form: URLSearchParams silently turns a
 * lone surrogate into U+FFFD (two different values, one URL) and
 * encodeURIComponent throws a bare URIError on it.
 *
 * @example
 * checkWellFormed('a😀', 'Todo.get: search parameter "q"'); // fine
 * checkWellFormed('a\uD800', 'Todo.get: search parameter "q"'); // TypeError naming it
 */
export function checkWellFormed(text: string, what: string): void {
  if (LONE_SURROGATE.test(text)) {
    throw new TypeError(`${what} contains a lone UTF-16 surrogate` + (DEV ? ', which cannot be sent in a URL' : errorCode(17)));
  }
}
