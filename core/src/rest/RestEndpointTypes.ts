// Long on purpose: the type-level inference of path params, bodies and results (types
// only, nothing at run time).
import type { EndpointOptions, ErrorPolicy, FetchFunction, FreshnessOptions, OptimisticSnapshot } from '../endpoint/types';
import type { BoundEndpoint } from '../endpoint/Endpoint';
import type { Content, ContentResult } from './content';
import type { NextPage } from './nextPage';
import type { PathArgs } from './pathTypes';
import type { Collection } from '../schema/Collection';
import type { ObjectSchema } from '../schema/Object';
import type { Query } from '../schema/Query';
import type { Denormalize } from '../schema/types';

/**
 * The type-level description of a RestEndpoint:
 * what decides its arguments and its result.
 *
 * @example
 * class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {}
 */
export interface RestGenerics {
  readonly path: string;
  readonly schema?: any;
  readonly method?: string;
  readonly body?: any;
  readonly searchParams?: any;
  readonly paginationField?: string;
  /** The path of the list's `move` (the item's path, e.g. `/todos/:id`); default `path`. */
  readonly movePath?: string;
  readonly content?: Content;
  process?(value: any, ...args: any): any;
}

type IsAny<T> = 0 extends 1 & T ? true : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** The path template of generics `O`. */
export type PathOf<O> = O extends { readonly path: infer P extends string } ? P : string;

/** The HTTP method of generics `O` (default 'GET'). */
export type MethodOf<O> = O extends { readonly method: infer M extends string }
  ? Uppercase<M>
  : O extends { readonly sideEffect: true }
    ? 'POST'
    : 'GET';

declare const bodyArg: unique symbol;
declare const itemPath: unique symbol;
/** Type-only marker: the item path a list's `move` uses (a resource's `{path}`). */
export type ItemPathKey = typeof itemPath;
/**
 * Type-only marker that `extend()` uses to pin whether calls take a body, since
 * after construction the method no longer decides it.
 */
export type BodyArgKey = typeof bodyArg;

/**
 * Whether calls take a body: in the constructor POST, PUT and PATCH do,
 * unless `body: undefined`; after `extend()` the marker decides.
 */
export type HasBody<O> = O extends { readonly [bodyArg]: infer B extends boolean }
  ? B
  : MethodOf<O> extends 'POST' | 'PUT' | 'PATCH'
    ? 'body' extends keyof O
      ? IsAny<O[Extract<'body', keyof O>]> extends true
        ? true
        : [O[Extract<'body', keyof O>]] extends [undefined]
          ? false
          : true
      : true
    : false;

/** The body argument type (default any). */
export type BodyOf<O> = 'body' extends keyof O ? O[Extract<'body', keyof O>] : any;

type SearchOf<O> = 'searchParams' extends keyof O
  ? [O[Extract<'searchParams', keyof O>]] extends [undefined]
    ? {}
    : O[Extract<'searchParams', keyof O>]
  : {};

/**
 * The URL-parameter argument: path parameters plus `searchParams` fields.
 *
 * @example
 * type P = ParamsOf<{ path: '/users/:id'; searchParams: { fields?: string } }>;
 * // { id: string | number; fields?: string }
 */
// A path parameter wins over a searchParams field of the same name.
export type ParamsOf<O> = Simplify<PathArgs<PathOf<O>> & Omit<SearchOf<O>, keyof PathArgs<PathOf<O>>>>;

type ParamsArgs<P> = [RequiredKeys<P>] extends [never] ? [params?: P] : [params: P];

/**
 * The call arguments `(urlParams, body?)`. No URL-parameter
 * argument when there are no parameters; no body unless the method takes one.
 */
export type RestArgs<O> = [keyof ParamsOf<O>] extends [never]
  ? HasBody<O> extends true
    ? [body: BodyOf<O>]
    : []
  : HasBody<O> extends true
    ? [RequiredKeys<ParamsOf<O>>] extends [never]
      ? [params: ParamsOf<O>, body: BodyOf<O>] | [body: BodyOf<O>]
      : [params: ParamsOf<O>, body: BodyOf<O>]
    : ParamsArgs<ParamsOf<O>>;

type ProcessResult<O> = O extends { process(...args: any): infer R }
  ? R
  : O extends { readonly content: infer C extends Content }
    ? ContentResult[C]
    : any;

/** The schema of generics `O`, or undefined. */
export type SchemaOf<O> = 'schema' extends keyof O ? O[Extract<'schema', keyof O>] : undefined;

/**
 * The resolved value: from the schema when there is one, else from `process`
 * (or `content`), else any.
 */
export type RestResult<O> = [SchemaOf<O>] extends [undefined]
  ? ProcessResult<O>
  : Denormalize<SchemaOf<O>>;

/** The callable signature of an endpoint with generics `O`. */
export type RestFetch<O> = (...args: RestArgs<O>) => Promise<RestResult<O>>;

/** `true` for endpoints with side effects, else undefined. */
export type SideEffectOf<O> = 'sideEffect' extends keyof O
  ? O[Extract<'sideEffect', keyof O>] extends true
    ? true
    : undefined
  : MethodOf<O> extends 'GET' | 'HEAD'
    ? undefined
    : true;

/**
 * Options and overridable members of a RestEndpoint besides its generics.
 * Unknown keys become members too (read them as `this.<key>`).
 */
export interface RestEndpointOptions<F extends FetchFunction = FetchFunction, S = any>
  extends EndpointOptions<F, S> {
  urlPrefix?: string;
  requestInit?: RequestInit;
  signal?: AbortSignal | undefined;
  content?: Content;
  paginationField?: string;
  /**
   * A paginated list's next page or cursor, from the page just received; undefined
   * or null when it was the last. Without it a numbered `paginationField` counts
   * up while pages are non-empty. See {@link NextPage}.
   */
  nextPage?: NextPage;
  /** The server may answer `null` (or an empty 200) for "nothing": stored as `null` instead of failing. */
  nullable?: boolean;
  url?(urlParams: any): string;
  searchToString?(searchParams: Record<string, any>): string;
  getRequestInit?(body?: any): Promise<RequestInit> | RequestInit;
  getHeaders?(headers: HeadersInit): HeadersInit | Promise<HeadersInit>;
  fetchResponse?(input: string, init: RequestInit): Promise<Response>;
  parseResponse?(response: Response): Promise<any>;
}

/**
 * Generics after `extend(E)`: a `body` in `E` adds (or, when undefined,
 * removes) the body argument; otherwise it is inherited whatever the method.
 */
export type ExtendGenerics<O, E> = Omit<O, keyof E | BodyArgKey> &
  E & {
    readonly [bodyArg]: 'body' extends keyof E
      ? IsAny<E[Extract<'body', keyof E>]> extends true
        ? true
        : [E[Extract<'body', keyof E>]] extends [undefined]
          ? false
          : true
      : HasBody<O>;
  };

type KnownKeys = keyof RestGenerics | keyof RestEndpointOptions | 'sideEffect' | BodyArgKey;

/** Endpoint type built from generics `O`. */
export type RestTypeFor<O> = RestInstance<RestFetch<O>, SchemaOf<O>, SideEffectOf<O>, O>;

/** Result of `endpoint.extend(E)`: extra keys of `E` become typed members. */
export type RestExtended<O, E> = RestTypeFor<ExtendGenerics<O, E>> &
  Omit<E, KnownKeys>;

/**
 * Whether a schema holds a Collection (directly, in `[ ]` or in an object
 * shape), looking at most three levels deep.
 */
export type ContainsCollection<S, Depth extends unknown[] = []> =
  IsAny<S> extends true
    ? true
    : Depth['length'] extends 3
      ? false
      : S extends Collection<any, any, any>
        ? true
        : S extends readonly [infer I]
          ? ContainsCollection<I, [0, ...Depth]>
          : S extends abstract new (...args: any) => any
            ? false
            : S extends (...args: any) => any
              ? false
              : S extends ObjectSchema<infer D> | Query<infer D, any>
                ? ContainsCollection<D, [0, ...Depth]>
                : // Other schema classes (Union, Values, Collection change schemas...)
                // are leaves; only array/object shapes are searched.
                S extends { normalize(...args: any): any }
                ? false
                : S extends object
                  ? true extends { [K in keyof S]-?: ContainsCollection<S[K], [0, ...Depth]> }[keyof S]
                    ? true
                    : false
                  : false;

/** The Collection a schema holds (itself, in `[ ]` or in an object shape), never when none. */
export type FindCollection<S, Depth extends unknown[] = []> = Depth['length'] extends 3
  ? never
  : S extends Collection<any, any, any>
    ? S
    : S extends readonly [infer I]
      ? FindCollection<I, [0, ...Depth]>
      : S extends ObjectSchema<infer D> | Query<infer D, any>
        ? FindCollection<D, [0, ...Depth]>
        : ContainsCollection<S> extends true
        ? { [K in keyof S]-?: FindCollection<S[K], [0, ...Depth]> }[keyof S]
        : never;

/** The schema with its Collection replaced by one of its change schemas. */
export type ReplaceCollection<S, Change extends string> =
  IsAny<S> extends true
    ? any
    : S extends Collection<any, any, any>
      ? Change extends 'addWith'
        ? ReturnType<S['addWith']>
        : S[Extract<Change, keyof S>]
      : S extends readonly [infer I]
        ? [ReplaceCollection<I, Change>]
        : S extends ObjectSchema<infer D>
          ? ObjectSchema<ReplaceCollection<D, Change>>
          : S extends Query<infer D, infer R>
            ? Query<ReplaceCollection<D, Change>, R>
            : ContainsCollection<S> extends true
          ? { [K in keyof S]: ReplaceCollection<S[K], Change> }
          : S;

/** Generics of `push`, `unshift`, `assign`, `remove`, `move`. */
export type MutationGenerics<O, Change extends string, Method extends string> = Omit<
  O,
  'method' | 'schema' | 'sideEffect' | 'path' | BodyArgKey | ItemPathKey
> & {
  readonly method: Method;
  // The request answers the item(s), not the list's page shape.
  readonly schema: IsAny<SchemaOf<O>> extends true ? any : ReplaceCollection<FindCollection<SchemaOf<O>>, Change>;
  readonly [bodyArg]: true;
  // move works on the list's movePath, or a resource's item path.
  readonly path: Change extends 'move'
    ? O extends { readonly movePath: infer P extends string }
      ? P
      : O extends { readonly [itemPath]: infer P extends string }
        ? P
        : PathOf<O>
    : PathOf<O>;
};

/** A Collection extender's endpoint type; without a Collection, the same request with no schema. */
export type CollectionMutation<O, Change extends string, Method extends string> =
  IsAny<SchemaOf<O>> extends true
    ? // Unknown schema: a fixed type, so the type cannot grow without end.
      RestInstance<FetchFunction, any, true, any>
    : ContainsCollection<SchemaOf<O>> extends true
      ? RestTypeFor<MutationGenerics<O, Change, Method>>
      : // No Collection: the request still runs, with no schema.
        SchemalessMutation;

/**
 * A Collection extender (`push`, `remove`, `move`...) of an endpoint whose schema holds
 * no Collection: the same request with no schema, so nothing stored changes. A plain
 * interface, so endpoint types stay cheap to compare.
 *
 * @example
 * const list = new RestEndpoint({ path: '/todos', schema: [Todo] });
 * await list.push({ title: 'x' }); // POST /todos; list.push.schema is undefined
 */
export interface SchemalessMutation {
  (...args: any[]): Promise<any>;
  readonly schema: undefined;
  readonly sideEffect: true;
  readonly method: string;
  readonly name: string;
  readonly path: string;
  key(...args: any[]): string;
  testKey(key: string): boolean;
  url(urlParams?: any): string;
  extend(options: Record<string, unknown>): SchemalessMutation;
}

/** Generics of `paginated(field)` / `getPage`: the field is a required query arg. */
export type PaginatedGenerics<O, F extends string> = Omit<
  O,
  'schema' | 'searchParams' | 'paginationField' | BodyArgKey
> & {
  readonly schema: ReplaceCollection<SchemaOf<O>, 'addWith'>;
  readonly searchParams: SearchOf<O> & { readonly [K in F]: string | number };
  readonly paginationField: F;
  readonly [bodyArg]: HasBody<O>;
};

/** `getPage`: present (typed) only when `paginationField` is set. */
export type GetPageOf<O> = O extends { readonly paginationField: infer F extends string }
  ? string extends F
    ? RestTypeFor<PaginatedGenerics<O, string>> | undefined
    : RestTypeFor<PaginatedGenerics<O, F>>
  : undefined;

/**
 * A RestEndpoint instance: callable, plus its options and overridable steps.
 */
export interface RestInstance<
  F extends FetchFunction = FetchFunction,
  S = any,
  M extends true | undefined = any,
  O = any,
> extends FreshnessOptions {
  /** Runs the request; resolves with `process(parsed, ...args)`. */
  (...args: Parameters<F>): ReturnType<F>;
  fetch(...args: Parameters<F>): ReturnType<F>;
  readonly schema: S;
  sideEffect: M;
  name: string;
  path: PathOf<O>;
  urlPrefix: string;
  method: string;
  requestInit?: RequestInit;
  signal?: AbortSignal | undefined;
  content?: Content;
  paginationField?: string;
  /** The next page or cursor of a paginated list, from the last page (see {@link NextPage}). */
  nextPage?: NextPage<RestResult<O>>;
  /** Whether `null` or an empty 200 is a valid answer despite the schema. */
  nullable?: boolean;
  dataExpiryLength?: number;
  errorExpiryLength?: number;
  invalidIfStale?: boolean;
  pollFrequency?: number;
  getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: Parameters<F>) => unknown;
  update?: (normalizedResult: any, ...args: Parameters<F>) => Record<string, (prev: any) => any>;
  errorPolicy(error: { status?: number } & Error): ErrorPolicy;
  key(...args: Parameters<F>): string;
  testKey(key: string): boolean;
  url(urlParams?: any): string;
  searchToString(searchParams: Record<string, any>): string;
  getRequestInit(body?: any): Promise<RequestInit>;
  getHeaders(headers: HeadersInit): HeadersInit | Promise<HeadersInit>;
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
  parseResponse(response: Response): Promise<any>;
  process(value: any, ...args: Parameters<F>): any;
  /** POST; created entities go to the end of every matching list. */
  readonly push: CollectionMutation<O, 'push', 'POST'>;
  /** POST; created entities go to the start of every matching list. */
  readonly unshift: CollectionMutation<O, 'unshift', 'POST'>;
  /** POST; merges a map of key to entity into matching Values collections. */
  readonly assign: CollectionMutation<O, 'assign', 'POST'>;
  /** PATCH; removes entities from matching lists, storing the response. */
  readonly remove: CollectionMutation<O, 'remove', 'PATCH'>;
  /** PATCH; moves an entity between lists by its old and new values. */
  readonly move: CollectionMutation<O, 'move', 'PATCH'>;
  /** GET of the next page (needs `paginationField`); appends without duplicates. */
  readonly getPage: GetPageOf<O>;
  /**
   * A GET whose pages append to this endpoint's list: `field` is the page or
   * cursor query key; or `removeCursor` maps the page fetch's arguments to
   * those of the original list.
   *
   * @example
   * const nextPage = getTodos.paginated('cursor');
   * const byOffset = getTodos.paginated(({ offset, ...rest }: { offset: number; userId?: number }) => [rest]);
   */
  paginated<const F extends string>(field: F): RestTypeFor<PaginatedGenerics<O, F>>;
  paginated<A extends any[]>(
    removeCursor: (...args: A) => readonly any[],
  ): RestInstance<
    (...args: A) => Promise<RestResult<PaginatedGenerics<O, never>>>,
    ReplaceCollection<SchemaOf<O>, 'addWith'>,
    undefined,
    PaginatedGenerics<O, never>
  >;
  /**
   * A copy with its first arguments fixed: calls and the key get them first.
   *
   * @example
   * const getFive = getUser.bind(undefined, { id: 5 }); // getFive.key() === getUser.key({ id: 5 })
   */
  bind<A extends readonly unknown[]>(thisArg: unknown, ...args: A): BoundEndpoint<this, F, A>;
  /**
   * A new endpoint of the same class with some options replaced.
   *
   * @example
   * const getAdmin = getUser.extend({ path: '/admins/:id' });
   */
  extend<const E extends Partial<RestGenerics> & RestEndpointOptions & Record<string, unknown>>(
    options: E,
  ): RestExtended<O, E>;
}

/**
 * The params `nextPage` receives: the call's URL params, the page field optional (page one has none).
 *
 * @example
 * type P = PageParamsOf<{ path: '/posts'; searchParams: { tag?: string }; paginationField: 'page' }>;
 * // { tag?: string } & { readonly page?: string | number }
 */
export type PageParamsOf<O> = ParamsOf<O> &
  (O extends { readonly paginationField: infer F extends string } ? { readonly [K in F]?: string | number } : {});

/**
 * `nextPage` typed by the endpoint: `lastPage` is its response, `params` its URL params.
 *
 * @example
 * new RestEndpoint({ path: '/posts', schema: { results: new Collection([Post]), nextCursor: '' as string | null },
 *   nextPage: (page) => page.nextCursor });
 */
export interface NextPageOption<O> {
  nextPage?: NextPage<RestResult<O>, PageParamsOf<O>>;
}

/**
 * `new RestEndpoint(options)`; subclass with
 * `class X<const O extends RestGenerics = any> extends RestEndpoint<O>`.
 */
export interface RestEndpointConstructor {
  new <const O extends RestGenerics = any>(options: RestEndpointOptions & { [K in keyof O]: O[K] } & NoInfer<NextPageOption<O>>): RestTypeFor<O>;
  readonly prototype: RestInstance;
}
