// The argument rule every adapter's hooks share (values, getters, `null` switches a read
// off) and the wording of adapter errors. No framework code: Vue passes its own reader.
import { DEV } from '#dev';
import { errorCode } from '../dev/errorCode';
/**
 * The argument rule every adapter follows: after the endpoint, each argument is a
 * value or a getter returning it (Vue also takes refs); `null`, or a getter that
 * returns `null`, switches the read off. A getter is re-read when what it reads
 * changes (Vue and Svelte track it; React calls it on every render).
 */

/** One argument as a hook takes it: the value, or a getter returning it (or `null` to skip). */
export type ArgInput<T> = T | (() => T | null);

/**
 * A hook's arguments after the endpoint, as a user writes them.
 *
 * @example
 * useDLE(TodoResource.get, { id: 1 });                       // a value
 * useDLE(TodoResource.get, () => ({ id: props.id }));        // a getter, re-read when props.id changes
 * useDLE(TodoResource.get, () => (open ? { id } : null));    // null: no read, no fetch
 */
export type ArgsInput<A extends readonly unknown[]> =
  // The first argument may also be null (or a getter returning null): the read is off.
  | { [K in keyof A]: ArgInput<A[K] | (K extends '0' ? null : never)> }
  | readonly [ArgInput<null>]
  // An endpoint without arguments is switched on and off by a getter returning undefined or null.
  | (A extends readonly [] ? readonly [() => undefined | null] : never);

export type { StatusError } from '../endpoint/types';

/**
 * An error an adapter throws at its user: it names the hook, says what went wrong
 * and what to do, in the same words in every framework. An adapter passes the fix
 * as `isDevelopment && fix`: without one (a production build), the message ends with
 * `code`, which ERRORS.md explains.
 *
 * @example
 * throw adapterError('useClient()', 'no client in context', isDevelopment && 'wrap the app in <DataProvider>', 30);
 * // development: Error: Resto useClient(): no client in context. Fix: wrap the app in <DataProvider>.
 * // production:  Error: Resto useClient(): no client in context (Resto error 30: https://github.com/resto-js/resto/blob/main/core/ERRORS.md#30)
 */
export function adapterError(where: string, problem: string, fix: string | false, code?: number): Error {
  return new Error(`Resto ${where}: ${problem}${fix ? `. Fix: ${fix}.` : code ? errorCode(code) : '.'}`);
}

const callGetter = (arg: unknown) => (typeof arg === 'function' ? (arg as () => unknown)() : arg);

/**
 * Turns what a user passed after the endpoint into call arguments (or `null`:
 * skip), by the rule above. `read` resolves one argument (Vue passes `toValue`).
 *
 * @example
 * resolveArgs('useDLE', [() => ({ id: 1 })]); // [{ id: 1 }]
 * resolveArgs('useDLE', [null]);              // null
 * resolveArgs('useDLE', [() => undefined]);   // []: an endpoint without arguments
 */
export function resolveArgs(
  hook: string,
  input: readonly unknown[],
  read: (arg: unknown) => unknown = callGetter,
): readonly unknown[] | null {
  const args = input.map(read);
  if (args[0] === null) return null;
  // A getter may say "no argument" with undefined: `() => (token ? undefined : null)`.
  while (args.length && args[args.length - 1] === undefined && typeof input[args.length - 1] === 'function') args.pop();
  // The earlier Svelte form, one getter for the whole list: say how to write it now. A
  // check that only names a mistake in the code, which fails in development before it
  // ships (INTERNALS.md): production takes the array as the argument.
  if (DEV)
    args.forEach((arg, i) => {
      if (typeof input[i] === 'function' && Array.isArray(arg))
        throw adapterError(
          `${hook}()`,
          `argument ${i + 1} is a getter that returned an array`,
          `give each argument its own getter, e.g. ${hook}(endpoint, () => ({ id })) instead of ${hook}(endpoint, () => [{ id }])`,
        );
    });
  return args;
}

/**
 * What an adapter compares a read's args by: the store key, `undefined` for a read
 * switched off (`null`), or, for args that make no key (a missing path param), the
 * reason, never thrown: the observer shows it as the read's error.
 *
 * @example
 * readKey(TodoResource.get, [{ id: 1 }]); // 'GET /todos/1'
 * readKey(TodoResource.get, null);        // undefined
 */
export function readKey(endpoint: { key(...args: any[]): string }, args: readonly unknown[] | null): string | undefined {
  if (args === null || args[0] === null) return undefined;
  try {
    return endpoint.key(...args);
  } catch (error) {
    return `\0${String(error)}`;
  }
}

let unique = 0;

/**
 * The identity of a query read's args, as {@link readKey} is an endpoint read's: equal
 * values (by JSON) keep the same read; undefined when the read is off. Args JSON cannot
 * write (a cycle, a BigInt) never compare equal.
 *
 * @example
 * readQueryKey([{ id: 5 }]); // '[{"id":5}]'
 * readQueryKey(null); // undefined
 */
export function readQueryKey(args: readonly unknown[] | null): string | undefined {
  if (args === null || args[0] === null) return undefined;
  try {
    return JSON.stringify(args);
  } catch {
    return `\0${++unique}`;
  }
}
