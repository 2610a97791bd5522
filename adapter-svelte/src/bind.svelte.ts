import { resolveArgs, type ArgsInput as CoreArgsInput, type EndpointArgs } from '@resto/core';
import { untrack } from 'svelte';
import { createSubscriber } from 'svelte/reactivity';

/** The store contract of core: what every observer (and useLoading's state) offers. */
export interface Source<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** A Svelte store's subscribe: calls `run` at once, then after every change. */
export type StoreSubscribe<T> = (run: (value: T) => void) => () => void;

/**
 * Arguments of a read, as a user writes them after the endpoint: each a value or
 * a getter (`() => ({ id })`, re-read when the runes state it reads changes);
 * `null`, or a getter returning `null`, skips the read. The same rule in every adapter.
 */
export type ArgsInput<A extends readonly unknown[]> = CoreArgsInput<A>;

/** Call arguments of an endpoint. */
export type Args<E> = EndpointArgs<E>;

/** One source for one set of args, plus the runes subscriber that reads it. */
export interface Entry<O extends Source<any>> {
  readonly key: string | undefined;
  readonly source: O;
  /** Makes the calling effect depend on this source's changes (createSubscriber). */
  readonly track: () => void;
}

/**
 * Binds a source that depends on args to Svelte. The source for the current args
 * lives in a `$derived`, so a getter reading runes state re-keys the read; a new
 * source is opened only when the key changes. Subscriptions are owned by whoever
 * reads: effects through `createSubscriber` (released a microtask after the last
 * reading effect is destroyed), `$store` through `subscribe`.
 *
 * @example
 * const b = bind((args) => client.observeWith({}, endpoint, args), (args) => args && endpoint.key(...args), [() => ({ id })], 'useDLE');
 * $effect(() => console.log(b.read().getSnapshot()));
 */
export function bind<O extends Source<any>>(
  open: (args: readonly unknown[] | null) => O,
  keyOf: (args: readonly unknown[] | null) => string | undefined,
  input: readonly unknown[],
  hook: string,
) {
  // Any getter makes the read follow runes state; plain values are read once.
  const reactive = input.some((a) => typeof a === 'function');

  let last: Entry<O> | undefined;
  const make = (args: readonly unknown[] | null): Entry<O> => {
    const key = keyOf(args);
    // Same key as before: keep the source (and its subscription) instead of re-opening.
    if (last && last.key === key) return last;
    const source = open(args);
    return (last = { key, source, track: createSubscriber((update) => source.subscribe(update)) });
  };
  let current: () => Entry<O>;
  if (reactive) {
    current = derive(() => make(resolveArgs(hook, input)));
    // Evaluated now, so a wrong argument form throws at the call, not at first render.
    untrack(current);
  } else {
    const entry = make(resolveArgs(hook, input));
    current = () => entry;
  }

  return {
    /** The current source; inside an effect, the effect re-runs when it or its snapshot changes. */
    read(): O {
      const e = current();
      e.track();
      return e.source;
    },
    /** The current entry without tracking the source's changes (args changes are still tracked). */
    entry: current,
    /** The store contract over `select(source)`, following getter args while subscribed. */
    store<T>(select: (source: O) => T): StoreSubscribe<T> {
      return (run) => {
        let source: O | undefined;
        let stopSource: (() => void) | undefined;
        let value: T;
        let started = false;
        const emit = () => {
          const next = select(source!);
          if (started && Object.is(next, value)) return;
          started = true;
          value = next;
          run(next);
        };
        const attach = (e: Entry<O>) => {
          if (e.source === source) return;
          stopSource?.();
          source = e.source;
          stopSource = source.subscribe(emit);
          emit();
        };
        attach(untrack(current));
        // Only getter args can change: follow them in an effect root of our own,
        // since a store may be subscribed outside any component.
        const stopFollow = reactive
          ? $effect.root(() => {
              $effect.pre(() => {
                const e = current();
                untrack(() => attach(e));
              });
            })
          : undefined;
        return () => {
          stopFollow?.();
          stopSource?.();
          stopSource = undefined;
        };
      };
    },
  };
}

/** A `$derived` as a function, so it can be created conditionally. */
export function derive<T>(fn: () => T): () => T {
  const value = $derived.by(fn);
  return () => value;
}

/**
 * Keeps the current source subscribed while the calling component is mounted,
 * even if nothing reads it (useFetch, useSubscription, useLive).
 */
export function keepAlive(binding: { read(): unknown }): void {
  $effect.pre(() => {
    binding.read();
  });
}
