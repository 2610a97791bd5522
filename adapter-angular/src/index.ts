// Public entry of @resto/angular: providers and signal reads, each a thin binding
// over the core client's observers (the adapter shapes are described in the root README).
export { provideResto, RESTO_CLIENT, RESTO_STATE_ID, useClient, useController, type RestoOptions } from './context';
export type { ReactiveArgs } from './bind';
export { useSuspense, type Suspended } from './useSuspense';
export { useDLE, type DLE } from './useDLE';
export { useFetch } from './useFetch';
export { useCache } from './useCache';
export { useError } from './useError';
export { useQuery } from './useQuery';
export { useSubscription } from './useSubscription';
export { useLive } from './useLive';
export { useLiveStatus } from './useLiveStatus';
export { useLoading } from './useLoading';
export { useMutation, type Mutation } from './useMutation';
export { usePagination, type Pagination } from './usePagination';
// Everything core offers (Entity, resource, RestEndpoint, Controller...) from here
// too, as the other adapters do, so a port changes only the package names.
export * from '@resto/core';
