// Long on purpose: the whole HTTP contract of the spec's RestEndpoint (url and search
// encoding, body and headers, response parsing and its checks, the collection
// extenders' getters); each part is a few methods that read the same options.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
import { Endpoint, defineMembers } from '../endpoint/Endpoint';
import type { FetchFunction } from '../endpoint/types';
import { extender } from './collectionExtenders';
import { detectContent, type Content } from './content';
import { NetworkError } from './NetworkError';
import { AbortError } from './AbortError';
import type { NextPage } from './nextPage';
import { restChecks } from './devChecks';
import { HAS_BODY } from './hasBody';
import { sortKeys } from '../schema/serializeArgs';
import { isPlainObject } from '../schema/schemaDefaults';
import { setHidden } from '../schema/ownEntry';
import { pathTemplate } from './pathTemplate';
import type { RestEndpointConstructor, RestGenerics, RestTypeFor } from './RestEndpointTypes';

type Params = Record<string, unknown>;

// Bodies that fetch sends as they are, with the Content-Type it picks (by their class's tag,
// so no global need exist: FormData, Blob, File, URLSearchParams, ArrayBuffer, ReadableStream,
// typed arrays); a string is sent as it is too, as JSON unless said otherwise; the rest is JSON.
const RAW_BODY = /(Data|Blob|File|Params|Buffer|Stream)]$/;
const isRawBody = (body: unknown): boolean => ArrayBuffer.isView(body) || RAW_BODY.test(Object.prototype.toString.call(body));

/** Any HeadersInit as a plain object (copied: the caller's is never changed). */
export function headersToObject(headers: HeadersInit | undefined): Record<string, string> {
  // Headers and entry arrays iterate as their entries.
  return Symbol.iterator in Object(headers) ? Object.fromEntries(headers as Iterable<[string, string]>) : { ...(headers as object) };
}

/**
 * Runtime class behind {@link RestEndpoint}; the exported value carries the
 * inferred types.
 */
class RestEndpointImpl extends Endpoint<FetchFunction> {
  declare path: string;
  declare urlPrefix: string;
  declare method: string;
  declare requestInit?: RequestInit;
  declare signal?: AbortSignal;
  declare content?: Content;
  declare paginationField?: string;
  declare nextPage?: NextPage;
  /** @internal For a page endpoint: the key of the list its pages append to. */
  declare listKeyOf?: (...args: readonly unknown[]) => string;
  /** @internal For a resource's getList: its members' optimistic responses (collectionExtenders.ts). */
  declare optimisticFor?: (member: string) => object | false;
  declare nullable?: boolean;
  declare [HAS_BODY]: boolean;

  constructor(options: Params & { path?: string; [HAS_BODY]?: boolean }) {
    super(undefined, options);
    // A default name follows the path: kept out of what extend() copies.
    if (options.name === undefined) setHidden(this, 'name', options.path ?? 'RestEndpoint');
    if (DEV) restChecks!.options(this.name, options, pathTemplate);
    // `sideEffect: true` without a method means POST (as data-client): a GET never changes data.
    // Only when constructed: `get.extend({ sideEffect: true })` stays a GET (a forced refetch).
    const inherited = options[HAS_BODY];
    let method = options.method;
    if (typeof method === 'string') method = method.toUpperCase();
    else if (inherited === undefined && options.sideEffect === true && this.method === 'GET') method = 'POST';
    if (method) defineMembers(this, { method });
    // POST, PUT and PATCH take a body argument unless `body: undefined` removes it.
    // Hidden: `{ ...endpoint, method }` must decide anew, only extend() hands it on.
    setHidden(this, HAS_BODY, inherited ?? (/^(POST|PUT|PATCH)$/.test(this.method) && !('body' in options && options.body === undefined)));
    // getPage exists only with a paginationField.
    if (options.paginationField) Object.defineProperty(this, 'getPage', derived('getPage'));
  }

  /**
   * A GET whose pages append to this endpoint's list. `cursor` is the query
   * field of the page/cursor, or a function from the page fetch's arguments
   * to the arguments of the original list.
   */
  paginated(cursor: string | ((...args: any[]) => readonly any[])): unknown {
    return extender(this, 'paginated', cursor);
  }

  /** @internal Splits call arguments into URL params and body. */
  splitArgs(args: unknown[]): [Params, unknown] {
    if (!this[HAS_BODY]) return [(args[0] as Params | undefined) ?? {}, undefined];
    const params = args.length < 2 ? {} : ((args[0] as Params | undefined) ?? {});
    return [params, args.at(-1)];
  }

  override key(...args: unknown[]): string {
    return `${this.method} ${this.url(this.splitArgs(args)[0])}`;
  }

  override testKey(key: string): boolean {
    const prefix = `${this.method} ${this.urlPrefix}`;
    return key.startsWith(prefix) && pathTemplate(this.path).regexp.test(key.slice(prefix.length));
  }

  override extend(options: Params): never {
    // As Endpoint's extend(), with options only (no fetch argument: the prototype's).
    // The method decides the body argument only in the constructor: a copy keeps it
    // unless the options set `body`.
    return defineMembers(new (this.constructor as new (o: object) => Endpoint)({ ...this, [HAS_BODY]: 'body' in options ? options.body !== undefined : this[HAS_BODY], ...options }), options) as never;
  }

  url(urlParams: Params = {}): string {
    // (in production a missing path fails in path-to-regexp)
    if (DEV) restChecks!.path(this.name, this.path);
    const { names, fill } = pathTemplate(this.path);
    const url = this.urlPrefix + fill(urlParams, this.name);
    // (made only when a param is left for the query: most keys have none)
    let search: Params | undefined;
    // Sorted at every depth, so args equal up to key order give one URL and one key.
    for (const key of Object.keys(urlParams).sort()) {
      const value = urlParams[key];
      if (names.has(key) || value == null) continue;
      // (without the cycle check a value that contains itself overflows the stack)
      (search ??= {})[key] = DEV
        ? sortKeys(value, () => {
            throw new TypeError(`${this.name}: search parameter "${key}" contains itself (a cycle), so it cannot be sent in a URL`);
          })
        : sortKeys(value);
    }
    // Nothing to send (no params, or only empty arrays): no dangling '?'.
    const query = search && this.searchToString(search);
    if (!query) return url;
    // A template may already carry a query (`?` is literal in templates).
    const joiner = /[?&]$/.test(url) ? '' : url.includes('?') ? '&' : '?';
    return url + joiner + query;
  }

  searchToString(searchParams: Params): string {
    const search = new URLSearchParams();
    for (const key of Object.keys(searchParams)) {
      const value = searchParams[key];
      // null and undefined are left out; an array is the key repeated.
      if (value != null) {
        for (const item of Array.isArray(value) ? value : [value]) {
          // Every build: an object's String() would make every filter one URL, `[object Object]`.
          if (item == null || Array.isArray(item) || isPlainObject(item)) {
            throw new TypeError(`${this.name}: search parameter "${key}"` + (DEV ? (Array.isArray(value) ? ' (an array item) ' : ' ') + restChecks!.scalar(item) : errorCode(16)));
          }
          // The key with each of its values: a key without values is not sent.
          if (DEV) {
            restChecks!.wellFormed(key + String(item), (why) => {
              throw new TypeError(`${this.name}: search parameter "${key}"${Array.isArray(value) ? ' (an array item)' : ''}${why}`);
            });
          }
          search.append(key, item as string);
        }
      }
    }
    search.sort();
    return search.toString();
  }

  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const base = this.requestInit ?? {};
    const headers = headersToObject(base.headers);
    const init: RequestInit = { ...base, method: this.method };
    // Either aborts the request: the signal option (the client's, per try) and requestInit's.
    if (this.signal) init.signal = base.signal ? AbortSignal.any([base.signal, this.signal]) : this.signal;
    const raw = isRawBody(body);
    // JSON unless said otherwise; raw bodies (FormData, Blob...) let fetch set it.
    if (!raw && !new Headers(headers).get('content-type')) headers['Content-Type'] = 'application/json';
    if (body !== undefined) {
      if (DEV) restChecks!.body(this.name, body, new Headers(headers).get('content-type')!, raw);
      init.body = raw || typeof body === 'string' ? (body as BodyInit) : JSON.stringify(body);
    }
    init.headers = await this.getHeaders(headers);
    return init;
  }

  declare getHeaders: (headers: HeadersInit) => HeadersInit | Promise<HeadersInit>;
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    const response = await fetch(input, init);
    if (response.ok) return response;
    // Left unread (`fetchWithErrorBody` reads it into `error.body`). `url` is the one
    // requested (after a redirect, response.url names where it ended).
    throw new NetworkError(response, { message: `${this.name}: ${input}: ${response.statusText || response.status}`, url: input });
  }

  async parseResponse(response: Response): Promise<unknown> {
    if (response.status === 204) return null;
    if (DEV) restChecks!.content(this.name, this.content, this.schema, response);
    const contentType = response.headers.get('content-type');
    // Unset content auto-detects; `content: 'json'` parses the body whatever its Content-Type says.
    const kind = this.content || detectContent(contentType);
    if (kind !== 'json' && this.schema === undefined) return kind === 'stream' ? response.body : response[kind]();
    // A schema reads JSON whatever the type: anything else fails to parse (a 400).
    const text = await response.text();
    if (DEV) restChecks!.json(this.name, response, kind, contentType, text);
    // An empty body (e.g. a DELETE answered with 200 and nothing) is no data.
    if (!text.trim()) return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new NetworkError(response, {
        status: 400,
        message: DEV
          ? `${this.name}: response from ${response.url} is not valid JSON: ${(error as Error).message}`
          : `${this.name}: ${response.url}: ${(error as Error).message}${errorCode(17)}`,
        cause: error,
      });
    }
  }

  declare process: (value: unknown, ...args: unknown[]) => unknown;

  /** GET only reads; every other method is assumed to change server state. */
  override get sideEffect(): true | undefined {
    return !/^(GET|HEAD)$/.test(this.method) || undefined;
  }
}

/**
 * A member derived from the endpoint (the collection extenders, getPage): built when
 * first read, then kept as the instance's own hidden member, so it keeps its identity
 * (`getList.push === getList.push`) and extend() leaves it to the copy to derive.
 */
function derived(member: Parameters<typeof extender>[1]): PropertyDescriptor {
  return {
    get(this: RestEndpointImpl) {
      const value = extender(this, member);
      setHidden(this, member, value);
      return value;
    },
    configurable: true,
  };
}

for (const member of ['push', 'unshift', 'assign', 'remove', 'move'] as const) {
  Object.defineProperty(RestEndpointImpl.prototype, member, derived(member));
}

// Defaults live on the prototype so options, subclass fields and `extend()`
// all override them the same way. (Assigned, not class members: Endpoint declares
// fetch and errorPolicy as properties, which a subclass's methods may not override.)
Object.assign(RestEndpointImpl.prototype, {
  urlPrefix: '',
  method: 'GET',
  // Both default to their first argument as it is: the headers as built, the parsed body.
  getHeaders: (headers: HeadersInit) => headers,
  process: (value: unknown) => value,
  async fetch(this: RestEndpointImpl, ...args: unknown[]) {
    // The spec's fetch sequence: URL, request options, response, parsed body, process.
    const { name } = this;
    const [params, body] = this.splitArgs(args);
    const url = this.url(params);
    const init = await this.getRequestInit(body);
    let response: Response | undefined;
    let parsed: unknown;
    // The errors made here: a status, what went wrong after the endpoint's name, the URL
    // (and a cause only when there is one: Error keeps even an undefined one).
    const fail = (status: number, message: string, cause?: { cause: unknown }) =>
      new NetworkError(response, { status, message: `${name}: ${message}`, ...cause, url, endpoint: name });
    try {
      response = await this.fetchResponse(url, init);
      parsed = await this.parseResponse(response);
    } catch (error) {
      // One failure path: the error names the endpoint and URL. An error with a status (a
      // NetworkError, or one a subclass threw) stays as it is; an abort (the signal fired)
      // is an AbortError; anything else is a network failure, status 500 (soft by default):
      // no response (fetch itself rejected), or a body that broke off while being read.
      if (error instanceof NetworkError) {
        error.url ??= url;
        error.endpoint ??= name;
        throw error;
      }
      if (init.signal?.aborted || (error as Error | undefined)?.name === 'AbortError') throw new AbortError(name, url, error);
      if (typeof (error as { status?: unknown } | undefined)?.status === 'number') throw error;
      const cause = (error as Error)?.message ?? String(error);
      throw fail(
        500,
        DEV ? `${response ? `the response from ${url} broke off while being read` : `request to ${url} failed`}: ${cause}` : `${url}: ${cause}${errorCode(15)}`,
        { cause: error },
      );
    }
    const value = this.process(parsed, ...args);
    if ((value === null || value === undefined) && response!.status !== 204 && this.schema != null && !this.nullable) {
      // Storing "nothing" would replace good data: a 200 without data is a bad answer.
      throw fail(
        400,
        `${url} answered ${response!.status} with no data` +
          (DEV ? `${value === null ? ' (an empty body or null)' : ''}, but its schema expects data; set nullable: true if "nothing" is a valid answer` : errorCode(3)),
      );
    }
    return value;
  },
  errorPolicy(error: { status?: number }) {
    // Server and transport failures, a timeout (408) and an abort (499) say nothing about the data: keep showing it.
    const status = error?.status ?? 0;
    return status >= 500 || status === 408 || status === 499 ? 'soft' : undefined;
  },
});

/**
 * One HTTP operation: a path template, a method, an optional body and schema.
 * Calling it builds the URL, sends the request, parses the response and
 * resolves with `process(parsed, ...args)`.
 *
 * @example
 * const getUser = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users/:id' });
 * const user = await getUser({ id: 5 }); // GET https://api.example.com/users/5
 *
 * const createUser = new RestEndpoint({ path: '/users', method: 'POST', body: {} as { name: string } });
 * await createUser({ name: 'Ada' });     // POST /users  {"name":"Ada"}
 */
export const RestEndpoint = RestEndpointImpl as unknown as RestEndpointConstructor;
/** The instance type of a RestEndpoint with generics `O`. */
export type RestEndpoint<O extends RestGenerics = any> = RestTypeFor<O>;
