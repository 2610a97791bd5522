// The base Endpoint: a callable object whose members (key, testKey, schema, options) the
// store reads, and extend(). HTTP is RestEndpoint's (rest/); the option types are types.ts's.
import { DEV } from '#dev';
import { setHidden } from '../schema/ownEntry';
import type { EndpointOptions, ErrorPolicy, FetchFunction, OptimisticSnapshot, RefetchOn, RetryDelayOption, RetryOption } from './types';

/**
 * Set members with `defineProperty`: a function's own `name` and `length` are
 * read-only, and a class may declare a member as a prototype getter. `sideEffect` is
 * normalized: `false` means "no side effect", stored as undefined (the store's convention).
 * Returns the target.
 */
export function defineMembers<T extends object>(target: T, members: object): T {
  // (an enumerable own member: extend() copies it)
  for (const [key, value] of Object.entries(members)) setHidden(target, key, key === 'sideEffect' ? !!value || undefined : value, true);
  return target;
}

// Merged with the class below, so it repeats the class's type parameters, used or not.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export interface Endpoint<F extends FetchFunction = FetchFunction, S = any, M extends true | undefined = any> {
  /** Calling an endpoint runs `fetch` with the endpoint as `this`. */
  (...args: Parameters<F>): ReturnType<F>;
  // (declared here, not in the class, so a subclass may define it as a getter)
  sideEffect: M;
}

/**
 * A callable object describing one asynchronous operation: calling it runs
 * `fetch`; `key`, `testKey`, `sideEffect`, `schema` and every option are
 * members that the store reads.
 *
 * @example
 * const getTime = new Endpoint(async () => Date.now(), { name: 'getTime' });
 * await getTime(); // 1700000000000
 * getTime.key();  // 'getTime []'
 */
// (M types sideEffect, declared in the interface above)
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export class Endpoint<F extends FetchFunction = FetchFunction, S = any, M extends true | undefined = any> {
  declare fetch: F;
  declare schema: S;
  declare name: string;
  declare dataExpiryLength?: number;
  declare errorExpiryLength?: number;
  declare invalidIfStale?: boolean;
  declare pollFrequency?: number;
  declare refetchOnMount?: RefetchOn;
  declare refetchOnWindowFocus?: RefetchOn;
  declare refetchOnReconnect?: RefetchOn;
  declare retry?: RetryOption;
  declare retryDelay?: RetryDelayOption;
  declare queueOfflineMutations?: boolean;
  declare getOptimisticResponse?: (snapshot: OptimisticSnapshot, ...args: Parameters<F>) => unknown;
   
  declare update?: (normalizedResult: any, ...args: Parameters<F>) => Record<string, (prev: any) => any>;
  declare errorPolicy?: (error: { status?: number } & Error) => ErrorPolicy;

  constructor(fetchFunction?: F, options: EndpointOptions<F, S> & Record<string, unknown> = {}) {
    // The instance is a function so it can be called; its prototype chain is
    // the class, so methods and subclass overrides apply.
    const self = ((...args: unknown[]) => (self as unknown as { fetch: (...a: unknown[]) => unknown }).fetch(...args)) as unknown as this;
    Object.setPrototypeOf(self, new.target.prototype);
    if (DEV && fetchFunction && !fetchFunction.name && options.name === undefined && options.key === undefined) {
      // the name starts every default key, so all unnamed endpoints would share their keys
      console.error('Endpoint: its fetch function has no name, so its store keys are those of every other unnamed endpoint; pass the `name` option or use a named function');
    }
    // (in this key order: fetch, name, then the options; a `name` option replaces the default in place)
    return defineMembers(self, { ...(fetchFunction && { fetch: fetchFunction }), name: fetchFunction?.name ?? 'endpoint', ...options });
  }

  /**
   * The store key of a call. Default: the name followed by the JSON arguments.
   *
   * @example
   * getTime.key() // 'getTime []'
   */
  key(...args: Parameters<F>): string {
    return `${this.name} ${JSON.stringify(args)}`;
  }

  /**
   * Whether a store key belongs to this endpoint (used by mocks, expireAll and
   * invalidateAll). A method, called on the endpoint: pass the endpoint itself,
   * `controller.invalidateAll(getTime)`.
   *
   * @example
   * getTime.testKey(getTime.key()) // true
   */
  testKey(key: string): boolean {
    // The rest must be the JSON arguments: 'user settings []' is not a 'user' key.
    try {
      return key.startsWith(`${this.name} [`) && Array.isArray(JSON.parse(key.slice(this.name.length + 1)));
    } catch {
      return false;
    }
  }

  /**
   * A new endpoint of the same class with some options replaced; everything
   * else, including extra members, is inherited.
   *
   * @example
   * const getTimeForever = getTime.extend({ dataExpiryLength: Infinity });
   */
  extend<E extends EndpointOptions<F, S> & Record<string, unknown>>(options: E): this & E {
    // Own enumerable members are the options a copy inherits.
    const merged: Record<string, unknown> = { ...this, ...options };
    const fetch = merged.fetch as F | undefined;
    // A new named fetch names the copy, as in data-client (its key must not be the old
    // endpoint's); the explicit `name` option is applied afterwards. An inline
    // `fetch() {}` or `fetch: () => ...` is only called 'fetch': that names nothing.
    const name = fetch !== this.fetch && fetch?.name;
    // Subclass field initialisers ran after the base constructor; the
    // explicit options must still win over them.
    return defineMembers(new (this.constructor as new (f?: F, o?: object) => this & E)(fetch, name && name !== 'fetch' ? { ...merged, name } : merged), options);
  }

  /**
   * A copy with its first arguments fixed: calls and keys get them first, so each
   * binding has its own key (Function.prototype.bind would keep neither the
   * members nor the arguments in the key). `thisArg` undefined keeps the endpoint as `this`.
   *
   * @example
   * const getFive = getUser.bind(undefined, { id: 5 });
   * await getFive(); getFive.key(); // same as getUser({ id: 5 }), getUser.key({ id: 5 })
   */
  bind<A extends readonly unknown[]>(thisArg: unknown, ...bound: A): BoundEndpoint<this, F, A> {
    const { fetch, key } = this as unknown as Record<'fetch' | 'key', (...args: unknown[]) => unknown>;
    return this.extend({
      fetch(this: unknown, ...rest: unknown[]) {
        return fetch.call(thisArg ?? this, ...bound, ...rest);
      },
      key(this: unknown, ...rest: unknown[]) {
        return key.call(this, ...bound, ...rest);
      },
    } as never) as never;
  }
}

/** An endpoint with its first arguments `A` fixed by `bind`. */
export type BoundEndpoint<E, F extends FetchFunction, A extends readonly unknown[]> = Omit<E, 'fetch' | 'key'> &
  (F extends (...args: [...A, ...infer R]) => infer T
    ? { (...args: R): T; fetch: (...args: R) => T; key(...args: R): string }
    : never);

// Instances are functions: keep `call`, `apply` and `bind` reachable.
Object.setPrototypeOf(Endpoint.prototype, Function.prototype);
