// The development-only checks of rest/: each only turns what would go wrong later (a
// 400 from the server, '[object Object]' in a URL, an option ignored) into an error
// naming the endpoint and field. One object, so a production build drops all of them
// with their text (`DEV ? {...} : undefined` folds to one `undefined`); callers write
// `if (DEV) restChecks!.name(...)`; a check that runs in every build takes only its long
// message from here (`DEV ? restChecks!.name(...) : code`). Of rest/ it imports only
// NetworkError (no import cycle).
import { DEV } from '#dev';
import { NetworkError } from './NetworkError';

/**
 * Development-only checks of URLs, bodies, responses and options (undefined in
 * production builds).
 *
 * @example
 * if (DEV) restChecks!.path(endpoint.name, endpoint.path); // TypeError when the path option is missing
 */
export const restChecks = DEV
  ? {
    /** Why a search value the default encoding cannot send was refused (the check runs in every build: RestEndpoint's scalar). */
    scalar(value: unknown): string {
      return (
        `is ${value == null ? value : Array.isArray(value) ? 'an array' : 'an object'}` +
        '; the default searchToString sends strings, numbers, booleans and flat arrays of them (as repeated keys). Override searchToString to encode nested data, e.g. with the qs library: searchToString(params) { return qs.stringify(params) }'
      );
    },
    /**
     * A body fetch cannot send as it stands: a string declared as JSON that is not JSON
     * (named here rather than left to a 400 from the server), or a value without JSON
     * (functions, symbols, BigInt).
     */
    body(name: string, body: unknown, contentType: string, raw: boolean): void {
      const isString = typeof body === 'string';
      try {
        if (isString && /json/i.test(contentType)) JSON.parse(body);
        if (!raw && JSON.stringify(body) === undefined) throw new TypeError(`got ${typeof body}`);
      } catch (error) {
        const { message } = error as Error;
        throw new TypeError(
          `${name}: body ` + (isString ? `is a string but not JSON, while Content-Type is ${contentType}: ${message}` : `cannot be sent as JSON: ${message}`),
          { cause: error },
        );
      }
    },
    /**
     * A RestEndpoint whose `content` is not JSON but that has a schema: a TypeError when
     * built, a 400 when a subclass field set it.
     */
    content(name: string, content: unknown, schema: unknown, response?: Response): void {
      if (content !== undefined && content !== 'json' && schema !== undefined) {
        const message =
          `${name}: content '${String(content)}' cannot be used with a schema` +
          "; binary and text responses are not normalized, so remove the schema (file downloads: content: 'blob', dataExpiryLength: 0)";
        throw response ? new NetworkError(response, { status: 400, message }) : new TypeError(message);
      }
    },
    /**
     * A response whose Content-Type is not JSON for an endpoint with a schema: a file
     * (400, even empty) or a text page such as an HTML error page from a wrong
     * urlPrefix (404, unless empty: no data).
     */
    json(name: string, response: Response, kind: string, contentType: string | null, text: string): void {
      const notJson = (status: number, hint: string) =>
        new NetworkError(response, { status, message: `${name}: expected JSON for its schema, but ${response.url} sent ${contentType}${hint}` });
      if (kind === 'blob') throw notJson(400, "; for files use content: 'blob' without a schema");
      if (kind === 'text' && contentType && text.trim()) {
        throw notJson(404, ` (starts with ${JSON.stringify(text.slice(0, 40))}); is the urlPrefix/path right?`);
      }
    },
    /** A call's path option (a subclass may leave it out and set it as a field). */
    path(name: string, path: unknown): void {
      if (typeof path !== 'string') throw new TypeError(`${name}: the "path" option is required`);
    },
    /**
     * The options a RestEndpoint is built with: its path template (`parse` is
     * pathTemplate's, passed in: pathTemplate.ts imports this file), content and
     * `nextPage` (a function).
     */
    options(name: string, options: Record<string, unknown>, parse: (path: string) => unknown): void {
      if (typeof options.path === 'string') {
        try {
          parse(options.path);
        } catch (error) {
          throw new TypeError(`${name}: invalid path template: ${(error as Error).message}`, { cause: error });
        }
      }
      this.content(name, options.content, options.schema);
      const { nextPage } = options;
      if (nextPage !== undefined && typeof nextPage !== 'function') {
        throw new TypeError(
          `${name}: nextPage must be a function (lastPage, params) => next page or cursor (undefined when there is none), got ${typeof nextPage}`,
        );
      }
    },
    /** Why a path segment of the wrong type was refused (the check runs in every build: pathTemplate's encodeSegment). */
    segment(segment: unknown, wildcard?: boolean): string {
      const rule = wildcard ? 'must contain only strings' : segment !== segment ? 'must be a number, not NaN' : 'must be a string or number';
      return `${rule}, got ${this.show(segment)}`;
    },
    /** How a refused value is named in development messages. */
    show(value: unknown): string {
      if (Array.isArray(value)) return 'an array';
      if (value === null) return 'null';
      return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
    },
    /**
     * resource()'s required options, and a lowercase class option (`endpoint`,
     * `collection`) that would be ignored.
     */
    resourceOptions(opts: Record<string, unknown>): void {
      const { path } = opts;
      const missing = typeof path !== 'string' ? 'path' : opts.schema === undefined && 'schema';
      if (missing) throw new TypeError(`resource(${missing === 'path' ? '' : path}): the "${missing}" option is required`);
      for (const right of ['Endpoint', 'Collection']) {
        const wrong = right.toLowerCase();
        if (wrong in opts && !(right in opts)) console.warn(`resource(${path}): unknown option "${wrong}"; the class option is spelled "${right}"`);
      }
    },
    /** resource.extend()'s argument, and that the object form names existing members. */
    extend(resource: Record<string, any>, first: unknown, label: () => string): void {
      if (typeof first === 'string') return;
      if (!first || typeof first !== 'object') {
        throw new TypeError('resource.extend: expected a function, an object of member options, or (name, options)');
      }
      for (const key of Object.keys(first)) {
        if (typeof resource[key]?.extend !== 'function') {
          throw new TypeError(`resource.extend: "${key}" is not a member of ${label()}'s resource`);
        }
      }
    },
    /**
     * A string that is not well-formed UTF-16 (a lone surrogate) has no single UTF-8
     * form: URLSearchParams silently turns it into U+FFFD (two different values, one
     * URL) and encodeURIComponent throws a bare URIError on it.
     */
    wellFormed(text: string, fail: (why: string) => never): void {
      // With the `u` flag a pair is one code point, so any surrogate matched is a lone one.
      if (/[\uD800-\uDFFF]/u.test(text)) fail(' contains a lone UTF-16 surrogate, which cannot be sent in a URL');
    },
    }
  : undefined;
