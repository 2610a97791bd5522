import type { EndpointLike } from '@resto/core';

/** The call arguments of an endpoint, e.g. `[{ id: number }]`. */
export type ArgsOf<E> = E extends (...args: infer A) => any ? A : never;

/** The call arguments, or `[null]` for a conditional read that is switched off. */
export type ArgsOrNull<E extends EndpointLike> = ArgsOf<E> | [null];
