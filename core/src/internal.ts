/**
 * Everything core has, public or not: the reducer and its helpers, memoization,
 * path templates. For tools (devtools, custom managers that go deep) that accept
 * these may change in any release. Apps import '@resto/core'.
 *
 * @example
 * import { reducer, initialState } from '@resto/core/internal';
 */
export * from './endpoint';
export * from './rest';
export * from './schema';
export * from './normalize';
export * from './state';
export * from './environment';
export * from './controller';
export * from './managers';
export * from './client';
