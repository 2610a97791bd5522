// Path templates over path-to-regexp: parsing (cached), filling with encoded and checked
// params, matching a filled path. Their type-level mirror is pathTypes.ts.
import { parse, pathToRegexp, type Token, type TokenData } from 'path-to-regexp';
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import { checkWellFormed } from './wellFormed';

/**
 * A parsed path template (path-to-regexp v8 syntax, with `?` and `+` literal).
 * Built once per template string and cached, because every `url()` and
 * `testKey()` call needs it.
 */
export interface PathTemplate {
  /** Parsed tokens (after the literal-character escaping). */
  readonly data: TokenData;
  /** Every parameter name in the template, required or optional. */
  readonly names: ReadonlySet<string>;
  /** Full-match regexp of a filled path (case-sensitive). */
  readonly regexp: RegExp;
}

// path-to-regexp v8 reserves these for future syntax and throws on them. The
// spec makes `?` and `+` plain text (so a query can be written in the path);
// `!`, `[` and `]` mean nothing in v8 either, so they are literal too.
// `(` and `)` stay reserved: users escape them with a backslash.
// An escape and the character it escapes (or a trailing lone backslash) match as
// one, so already escaped characters are left alone.
const LITERAL = /\\[^]?|[?+![\]]/g;

/**
 * Escape the characters that are literal in Resto templates but reserved by
 * path-to-regexp, leaving already escaped characters alone.
 *
 * @example
 * escapeTemplate('/search?{q=:q}') // '/search\\?{q=:q}'
 */
export function escapeTemplate(template: string): string {
  return template.replace(LITERAL, (match) => (match[0] === '\\' ? match : '\\' + match));
}

function collect(tokens: Token[], names: Set<string>): void {
  for (const token of tokens) {
    if (token.type === 'group') collect(token.tokens, names);
    else if (token.type !== 'text') names.add(token.name);
  }
}

const cache = new Map<string, PathTemplate>();

/**
 * Parse (and cache) a path template.
 *
 * @example
 * const t = pathTemplate('/users/:id{/posts/:postId}');
 * [...t.names] // ['id', 'postId']
 */
export function pathTemplate(source: string): PathTemplate {
  let template = cache.get(source);
  if (template) return template;
  const data = parse(escapeTemplate(source));
  const names = new Set<string>();
  collect(data.tokens, names);
  template = { data, names, regexp: pathToRegexp(data, { sensitive: true }).regexp };
  cache.set(source, template);
  return template;
}

function fillTokens(
  tokens: Token[],
  params: Record<string, unknown>,
  describe: (name: string) => string,
  inGroup?: boolean,
): string | undefined {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') {
      out += token.value;
    } else if (token.type === 'group') {
      // An optional group disappears when any parameter in it is missing.
      out += fillTokens(token.tokens, params, describe, true) ?? '';
    } else {
      const value = params[token.name];
      // Outside any group the parameter is required.
      if (value == null) {
        if (inGroup) return undefined;
        throw new TypeError(`${describe(token.name)} is missing`);
      }
      // `{/*name}` is zero or more segments: zero of them drops the group.
      if (inGroup && token.type === 'wildcard' && Array.isArray(value) && !value.length) return undefined;
      out += encodeValue(token, value, describe);
    }
  }
  return out;
}

function encodeValue(
  token: { type: 'param' | 'wildcard'; name: string },
  value: unknown,
  describe: (name: string) => string,
): string {
  const what = describe(token.name);
  // A value the URL cannot carry (ERRORS.md#16); production keeps what it got.
  const refuse = (rule: string | false, got: unknown) =>
    new TypeError(DEV ? `${what} ${rule}, got ${show(got)}` : `${what}: ${show(got)}${errorCode(16)}`);
  if (token.type === 'wildcard') {
    if (!Array.isArray(value) || !value.length) throw refuse(DEV && 'must be a non-empty array of strings (a *wildcard)', value);
    return value
      .map((segment) => {
        if ((typeof segment !== 'string' && typeof segment !== 'number') || segment !== segment) throw refuse(DEV && 'must contain only strings', segment);
        return encodeSegment(String(segment), `${what} (a *wildcard segment)`);
      })
      .join('/');
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    throw refuse(DEV && 'must be a string or number', value);
  }
  // `Number(undefined)` would otherwise go out as `/todos/NaN`.
  if (value !== value) throw refuse(DEV && 'must be a number, not NaN', value);
  return encodeSegment(String(value), what);
}

/**
 * Percent-encode one path segment. `.`, `..` and `''` are refused rather than
 * encoded: URL parsers (fetch included) read `%2E%2E` as `..` too, so
 * `{ id: '..' }` on `/users/:id` would otherwise send `DELETE /`. A lone UTF-16
 * surrogate has no UTF-8 form (encodeURIComponent throws a bare URIError).
 */
function encodeSegment(text: string, what: string): string {
  if (text === '' || text === '.' || text === '..') {
    throw new TypeError(`${what} cannot be ${JSON.stringify(text)}` + (DEV ? ': it would change which path the request goes to' : errorCode(16)));
  }
  checkWellFormed(text, what);
  return encodeURIComponent(text);
}

function show(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/**
 * Fill a template with parameters. Missing required parameters and values of
 * the wrong type throw a `TypeError` naming `endpointName` and the parameter.
 *
 * @example
 * fillPath('/users/:id{/posts/:postId}', { id: 5 }, 'User.get') // '/users/5'
 */
export function fillPath(
  source: string,
  params: Record<string, unknown>,
  endpointName: string,
): string {
  const describe = (name: string) => `${endpointName}: path parameter "${name}" of ${JSON.stringify(source)}`;
  // The top level never drops out: a missing parameter there throws.
  return fillTokens(pathTemplate(source).data.tokens, params, describe)!;
}

/**
 * Whether a filled path (optionally followed by a query string) matches the
 * template. A `?`/`&` inside the template is literal, so each cut point of the
 * query string is tried.
 *
 * @example
 * matchesPath('/users/:id', '/users/5?fields=name') // true
 */
export function matchesPath(source: string, filled: string): boolean {
  const { regexp } = pathTemplate(source);
  if (regexp.test(filled)) return true;
  for (let i = filled.length - 1; i > 0; i--) {
    const ch = filled[i];
    if ((ch === '?' || ch === '&') && regexp.test(filled.slice(0, i))) return true;
  }
  return false;
}
