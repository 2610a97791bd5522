// Path templates over path-to-regexp: parsing (cached), filling with encoded and checked
// params, matching a filled path. Their type-level mirror is pathTypes.ts.
import { parse, type Token } from 'path-to-regexp';
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
import { restChecks } from './devChecks';

/**
 * A parsed path template (path-to-regexp v8 syntax, with `?` and `+` literal).
 * Built once per template string and cached, because every `url()` and
 * `testKey()` call needs it.
 */
export interface PathTemplate {
  /** Every parameter name in the template, required or optional. */
  readonly names: ReadonlySet<string>;
  /** Full-match regexp of a filled path, optionally followed by a query (case-sensitive). */
  readonly regexp: RegExp;
  /** The path filled with `params` (see {@link fillPath}). */
  fill(params: Record<string, unknown>, endpointName: string): string;
}

// path-to-regexp v8 reserves `?`, `+`, `!`, `[` and `]` for future syntax and throws on them.
// The spec makes `?` and `+` plain text (so a query can be written in the path); `!`, `[`
// and `]` mean nothing in v8 either, so they are literal too. The parse Resto ships is
// trimmed to read them as text (core/tsdown.config.ts). `(` and `)` stay reserved: users
// escape them with a backslash.
const LITERAL = /(\\[^]?)|[?+![\]]/g;

/**
 * Escape the characters that are literal in Resto templates but reserved by
 * path-to-regexp, leaving already escaped characters alone: for handing a Resto
 * template to path-to-regexp itself.
 *
 * @example
 * escapeTemplate('/search?{q=:q}') // '/search\\?{q=:q}'
 */
export function escapeTemplate(template: string): string {
  // An escape and the character it escapes (or a trailing lone backslash) match as one
  // (the group), so already escaped characters are left alone.
  return template.replace(LITERAL, (match, escape?: string) => escape ?? '\\' + match);
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
  if (!template) {
    const { tokens } = parse(source);
    const names = new Set<string>();
    // Then an optional trailing slash and query: a `?`/`&` in a template is literal, so
    // the query may start at any of them (the regexp tries each).
    template = {
      names,
      regexp: RegExp(`^${walk(tokens, names)}/?(?:[?&][^]*)?$`),
      // The top level never drops out: a missing parameter there throws.
      fill: (params, endpointName) =>
        walk(tokens, params, (name, why, segment) => {
          throw new TypeError(`${endpointName}: path parameter "${name}"${DEV ? ` of ${JSON.stringify(source)}${segment ? ' (a *wildcard segment)' : ''}` : ''}${why}`);
        })!,
    };
    cache.set(source, template);
  }
  return template;
}

/** Throws the TypeError of a path parameter: `why` after its description, `segment` when it is one of a *wildcard's. */
type Fail = (name: string, why: string, segment?: boolean) => never;

/**
 * The one walk over a template's tokens. Given `params`, it fills the path (undefined when
 * an optional group loses a parameter). Given the names' set instead, it collects the names
 * and gives the regexp of every filled path (path-to-regexp's own compiler would add 1.4 kB
 * for this one use): text as written, a :param one segment (its value is percent-encoded,
 * so it holds no '/'), a *wildcard one or more, a group optional.
 */
function walk(tokens: Token[], params: Set<string> | Record<string, unknown>, fail?: Fail, inGroup?: boolean): string | undefined {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') {
      out += fail ? token.value : token.value.replace(/[$()*+./?[\\\]^{|}]/g, '\\$&');
    } else if (token.type === 'group') {
      // An optional group disappears when any parameter in it is missing.
      const inner = walk(token.tokens, params, fail, true);
      out += fail ? (inner ?? '') : `(?:${inner})?`;
    } else {
      const { name } = token;
      const wildcard = token.type === 'wildcard';
      if (!fail) {
        (params as Set<string>).add(name);
        out += wildcard ? '[^]+' : '[^/]+';
        continue;
      }
      const value = (params as Record<string, unknown>)[name];
      // Outside any group the parameter is required. `{/*name}` is zero or more
      // segments: zero of them drops the group, as a missing value does.
      if (value == null || (inGroup && wildcard && Array.isArray(value) && !value.length)) {
        if (inGroup) return undefined;
        fail(name, ' is missing');
      }
      // A *wildcard is a non-empty array of segments (none would send the parent path); a :param is one segment.
      if (wildcard && (!Array.isArray(value) || !value.length)) {
        fail(name, DEV ? ` must be a non-empty array of strings (a *wildcard), got ${restChecks!.show(value)}` : errorCode(16));
      }
      out += wildcard ? (value as unknown[]).map((segment) => encodeSegment(segment, name, fail, true)).join('/') : encodeSegment(value, name, fail);
    }
  }
  return out;
}

/**
 * Percent-encode one path segment. `.`, `..` and `''` are refused in every build rather
 * than encoded: URL parsers (fetch included) read `%2E%2E` as `..` too, so `{ id: '..' }`
 * on `/users/:id` would otherwise send `DELETE /`; so are values that are not strings or
 * numbers (`/todos/NaN`, `/todos/[object Object]`). Development also refuses lone UTF-16
 * surrogates (no UTF-8 form: encodeURIComponent throws a bare URIError on them).
 */
function encodeSegment(segment: unknown, name: string, fail: Fail, wildcard?: boolean): string {
  const type = typeof segment;
  // Every build: its String() would send the request to a wrong path (`/todos/NaN`).
  if (segment !== segment || (type !== 'string' && type !== 'number' && (wildcard || type !== 'bigint'))) {
    fail(name, DEV ? ' ' + restChecks!.segment(segment, wildcard) : errorCode(16));
  }
  const text = String(segment);
  if (DEV) restChecks!.wellFormed(text, (why) => fail(name, why, wildcard));
  if (text === '' || text === '.' || text === '..') {
    fail(name, ` cannot be ${JSON.stringify(text)}` + (DEV ? ': it would change which path the request goes to' : errorCode(16)), wildcard);
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
export function fillPath(source: string, params: Record<string, unknown>, endpointName: string): string {
  return pathTemplate(source).fill(params, endpointName);
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
