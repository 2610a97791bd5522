// Entry of @resto/react/next: the App Router recipe. The provider module is a client
// module; prefetch is for server components. Apps that do not import this pay nothing.
export { RestoProvider, HydrateState, type RestoProviderProps, type HydrateStateProps } from './RestoProvider';
export { prefetch, type PrefetchOptions } from './prefetch';
