// Public entry of @resto/solid: a provider and primitives, each a thin binding of
// the core client's observers to Solid's signals (reads give accessors).
export { RestoContext, RestoProvider, useClient, useController, type RestoProviderProps } from './context';
export type { ReactiveArgs, Source } from './bind';
export { useSuspense } from './useSuspense';
export { useLive } from './useLive';
export { useLiveStatus } from './useLiveStatus';
export { useDLE, type DLE } from './useDLE';
export { useFetch } from './useFetch';
export { useCache } from './useCache';
export { useError } from './useError';
export { useQuery } from './useQuery';
export { useSubscription } from './useSubscription';
export { useLoading, type Loading } from './useLoading';
export { useMutation, type Mutation } from './useMutation';
export { usePagination, type Pagination } from './usePagination';
export { hookifyResource } from './hookifyResource';
// Everything core offers (Entity, resource, RestEndpoint...) from here too, as the
// other adapters do: one import line for an app.
export * from '@resto/core';
