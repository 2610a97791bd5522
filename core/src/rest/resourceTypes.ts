// The types of resource(), its members and resource.extend() in its three forms (types
// only, nothing at run time).
import type { Collection, NonFilterArgumentKeys } from '../schema/Collection';
import type { Invalidate } from '../schema/Invalidate';
import type { EntityLikeClass } from '../schema/types';
import type { Union } from '../schema/Union';
import type { ErrorPolicy, FreshnessOptions, RetryOption } from '../endpoint/types';
import type { ListPath } from './listPath';
import type {
  RestEndpointConstructor,
  RestEndpointOptions,
  RestExtended,
  RestGenerics,
  RestInstance,
  RestTypeFor,
  ItemPathKey,
  PageParamsOf,
  RestResult,
} from './RestEndpointTypes';
import type { NextPage } from './nextPage';

/**
 * The typing-relevant options of `resource()`.
 *
 * @example
 * resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
 */
export interface ResourceGenerics {
  readonly path: string;
  readonly schema: any;
  readonly body?: any;
  readonly searchParams?: any;
  readonly paginationField?: string;
}

/** The remaining options of `resource()`. */
export interface ResourceOptions extends FreshnessOptions {
  urlPrefix?: string;
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  optimistic?: boolean;
  /** Class used to construct every member (a RestEndpoint subclass). */
  Endpoint?: RestEndpointConstructor | (abstract new (...args: any) => any);
  /** Collection subclass for getList's schema (e.g. one whose push prepends). */
  Collection?: abstract new (...args: any) => Collection<any, any, any>;
  dataExpiryLength?: number;
  errorExpiryLength?: number;
  errorPolicy?: (error: { status?: number } & Error) => ErrorPolicy;
  invalidIfStale?: boolean;
  pollFrequency?: number;
  /** Applies to every member, mutations included (reads retry 3 times without it). */
  retry?: RetryOption;
  requestInit?: RequestInit;
}

type Pick2<O, K extends string> = { readonly [P in Extract<keyof O, K>]: O[P] };

type InvalidateOf<S> = S extends EntityLikeClass | Union<any> ? Invalidate<S> : any;

// Without declared searchParams, getList accepts any filter args (as the
// established library does), so `getList({ userId: 1 })` type-checks.
type ListSearch<O> = 'searchParams' extends keyof O
  ? {}
  : { readonly searchParams: Record<string, string | number | boolean | undefined> };

type PartialBody<O> = 'body' extends keyof O ? { readonly body: Partial<O[Extract<'body', keyof O>]> } : {};

/**
 * `nextPage` of a resource: applies to getList and its pages; `lastPage` is what
 * getList answers (see {@link NextPage}).
 *
 * @example
 * resource({ path: '/posts/:id', schema: Post, paginationField: 'page',
 *   nextPage: (page, params) => (page.length < 20 ? undefined : Number(params.page ?? 1) + 1) });
 */
export interface ResourceNextPage<O extends ResourceGenerics> {
  nextPage?: NextPage<
    RestResult<ResourceMemberGenerics<O>['getList']>,
    PageParamsOf<ResourceMemberGenerics<O>['getList']>
  >;
}

/** Generics of each member, from the resource's generics `O`. */
export interface ResourceMemberGenerics<O extends ResourceGenerics> {
  get: { readonly path: O['path']; readonly schema: O['schema'] };
  getList: { readonly path: ListPath<O['path']>; readonly schema: Collection<[O['schema']]> } & Pick2<
    O,
    'body' | 'searchParams' | 'paginationField'
  > & { readonly [K in ItemPathKey]: O['path'] } & ListSearch<O>;
  update: { readonly path: O['path']; readonly schema: O['schema']; readonly method: 'PUT' } & Pick2<O, 'body'>;
  partialUpdate: { readonly path: O['path']; readonly schema: O['schema']; readonly method: 'PATCH' } & PartialBody<O>;
  delete: {
    readonly path: O['path'];
    readonly schema: InvalidateOf<O['schema']>;
    readonly method: 'DELETE';
  };
}

/** The members of a resource with generics `O`. */
export type ResourceMembers<O extends ResourceGenerics> = {
  get: RestTypeFor<ResourceMemberGenerics<O>['get']>;
  getList: RestTypeFor<ResourceMemberGenerics<O>['getList']>;
  /** @deprecated `getList.push` (kept so apps written for the established library run). */
  create: RestTypeFor<ResourceMemberGenerics<O>['getList']>['push'];
  update: RestTypeFor<ResourceMemberGenerics<O>['update']>;
  partialUpdate: RestTypeFor<ResourceMemberGenerics<O>['partialUpdate']>;
  delete: RestTypeFor<ResourceMemberGenerics<O>['delete']>;
};

type GenericsOf<E> = E extends RestInstance<any, any, any, infer G> ? G : never;

type Overrides<M> = {
  readonly [K in keyof M]?: Partial<RestGenerics> & RestEndpointOptions & Record<string, unknown>;
};

/**
 * `resource.extend()` in its three forms.
 */
export interface ResourceExtend<M, B> {
  /**
   * Function form: receives the resource, returns members to add or replace.
   *
   * @example
   * TodoResource.extend((base) => ({ getByUser: base.getList.extend({ path: '/users/:userId/todos' }) }));
   */
  extend<R extends Record<string, any>>(
    build: (base: ResourceOf<M, B>) => R,
  ): ResourceOf<Omit<M, keyof R> & R, B>;
  /**
   * Two-argument form: one new member, constructed with the resource's
   * path, schema and options, then `options`; naming an existing member, the
   * object form's override of that member.
   *
   * @example
   * UserResource.extend('current', { path: '/user' });
   */
  extend<const N extends string, const E extends Partial<RestGenerics> & RestEndpointOptions & Record<string, unknown>>(
    name: N,
    options: E,
  ): N extends keyof M
    ? ResourceOf<Omit<M, N> & { [K in N]: RestExtended<GenericsOf<M[K]>, E> }, B>
    : ResourceOf<M & { [K in N]: RestTypeFor<Omit<B, keyof E> & E> }, B>;
  /**
   * Object form: option overrides for existing members.
   *
   * @example
   * TodoResource.extend({ getList: { path: '/v2/todos' }, update: { body: {} as { title: string } } });
   */
  extend<const E extends Overrides<M>>(
    overrides: E,
  ): ResourceOf<
    Omit<M, keyof E> & { [K in keyof E & keyof M]: RestExtended<GenericsOf<M[K]>, E[K]> },
    B
  >;
}

/** A resource made of members `M` with base generics `B`. */
export type ResourceOf<M, B> = M & ResourceExtend<M, B>;

/**
 * The value `resource(options)` returns.
 *
 * @example
 * const TodoResource: Resource<{ path: '/todos/:id'; schema: typeof Todo }> = resource({ path: '/todos/:id', schema: Todo });
 */
export type Resource<O extends ResourceGenerics> = ResourceOf<
  ResourceMembers<O>,
  { readonly path: O['path']; readonly schema: O['schema'] }
>;
