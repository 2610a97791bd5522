// Path templates over path-to-regexp: parsing (cached), filling with encoded and checked
// params, matching a filled path. Their type-level mirror is pathTypes.ts.
import { parse, type Token, type TokenData } from 'path-to-regexp';
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import { restChecks } from './devChecks';

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
  /** Full-match regexp of a filled path, optionally followed by a query (case-sensitive). */
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
  // The regexp of a filled path, from the tokens (path-to-regexp's own compiler would add
  // 1.4 kB for this one use): text as written, a :param one segment (its value is
  // percent-encoded, so it holds no '/'), a *wildcard one or more, a group optional.
  const pattern = (tokens: Token[]): string =>
    tokens
      .map((token) =>
        token.type === 'text'
          ? token.value.replace(/[$()*+./?[\\\]^{|}]/g, '\\$&')
          : token.type === 'group'
            ? `(?:${pattern(token.tokens)})?`
            : (names.add(token.name), token.type === 'param' ? '[^/]+' : '[^]+'),
      )
      .join('');
  // Then an optional trailing slash and query: a `?`/`&` in a template is literal, so
  // the query may start at any of them (the regexp tries each).
  template = { data, names, regexp: RegExp(`^${pattern(data.tokens)}/?(?:[?&][^]*)?$`) };
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
      const { name } = token;
      const value = params[name];
      const wildcard = token.type === 'wildcard';
      // Outside any group the parameter is required. `{/*name}` is zero or more
      // segments: zero of them drops the group, as a missing value does.
      if (value == null || (inGroup && wildcard && Array.isArray(value) && !value.length)) {
        if (inGroup) return undefined;
        throw new TypeError(`${describe(name)} is missing`);
      }
      // A *wildcard is a non-empty array of segments (none would send the parent path); a :param is one segment.
      if (wildcard && (!Array.isArray(value) || !value.length)) {
        throw new TypeError(DEV ? `${describe(name)} must be a non-empty array of strings (a *wildcard), got ${restChecks!.show(value)}` : describe(name) + errorCode(16));
      }
      out += wildcard
        ? (value as unknown[]).map((segment) => encodeSegment(segment, describe, name, true)).join('/')
        : encodeSegment(value, describe, name);
    }
  }
  return out;
}

/**
 * Percent-encode one path segment (its parameter described only when it is refused).
 * `.`, `..` and `''` are refused in every build rather than encoded: URL parsers
 * (fetch included) read `%2E%2E` as `..` too, so `{ id: '..' }` on `/users/:id` would
 * otherwise send `DELETE /`; so are values that are not strings or numbers
 * (`/todos/NaN`, `/todos/[object Object]`). Development also refuses lone UTF-16
 * surrogates (no UTF-8 form: encodeURIComponent throws a bare URIError on them).
 */
function encodeSegment(segment: unknown, describe: (name: string) => string, name: string, wildcard?: boolean): string {
  const type = typeof segment;
  // Every build: its String() would send the request to a wrong path (`/todos/NaN`).
  if (segment !== segment || (type !== 'string' && type !== 'number' && (wildcard || type !== 'bigint'))) {
    throw new TypeError(describe(name) + (DEV ? ' ' + restChecks!.segment(segment, wildcard) : errorCode(16)));
  }
  const text = String(segment);
  if (DEV) restChecks!.wellFormed(text, () => describe(name) + (wildcard ? ' (a *wildcard segment)' : ''));
  if (text === '' || text === '.' || text === '..') {
    throw new TypeError(
      `${describe(name) + (wildcard ? ' (a *wildcard segment)' : '')} cannot be ${JSON.stringify(text)}` + (DEV ? ': it would change which path the request goes to' : errorCode(16)),
    );
  }
  return encodeURIComponent(text);
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
  const describe = (name: string) => `${endpointName}: path parameter "${name}"${DEV ? ` of ${JSON.stringify(source)}` : ''}`;
  // The top level never drops out: a missing parameter there throws.
  return fillTokens(pathTemplate(source).data.tokens, params, describe)!;
}

/**
 * Whether a filled path (optionally followed by a query string) matches the
 * template.
 *
 * @example
 * matchesPath('/users/:id', '/users/5?fields=name') // true
 */
export function matchesPath(source: string, filled: string): boolean {
  return pathTemplate(source).regexp.test(filled);
}
