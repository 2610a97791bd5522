import type { ArgsInput, EndpointArgs, EndpointLike } from '@resto/core';

/** The call arguments of an endpoint, e.g. `[{ id: number }]` (core's `EndpointArgs`). */
export type ArgsOf<E> = EndpointArgs<E>;

/** The call arguments, or `[null]` for a conditional read that is switched off. */
export type ArgsOrNull<E extends EndpointLike> = ArgsOf<E> | [null];

/** What every hook takes after the endpoint: values or getters, `null` skips (core's rule). */
export type HookArgs<E extends EndpointLike> = ArgsInput<ArgsOf<E>>;
