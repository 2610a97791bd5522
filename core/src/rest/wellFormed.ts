// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string is well-formed UTF-16 (no lone surrogate), so it has exactly
 * one UTF-8 form. URLSearchParams silently turns a lone surrogate into U+FFFD
 * (two different values, one URL) and encodeURIComponent throws on it.
 *
 * @example
 * isWellFormed('a😀') // true
 * isWellFormed('a\uD800') // false
 */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
