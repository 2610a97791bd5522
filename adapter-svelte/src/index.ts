// Public entry of @resto/svelte: context, reads (runes `current` + store `subscribe`), hookifyResource.
export { CLIENT_KEY, clientContext, getClient, setClient, useClient, useController } from './context.js';
export type { Args, ArgsInput, StoreSubscribe } from './bind.svelte.js';
export type { Read } from './observe.js';
export { useSuspense, type Suspense } from './useSuspense.js';
export { useDLE, type DLE } from './useDLE.js';
export { useFetch } from './useFetch.js';
export { useCache } from './useCache.js';
export { useQuery } from './useQuery.js';
export { useSubscription } from './useSubscription.js';
export { useLive } from './useLive.js';
export { useLoading, type Loading, type LoadingState } from './useLoading.js';
export { useLiveStatus } from './useLiveStatus.js';
export { useMutation, type Mutation } from './useMutation.js';
export { usePagination, type Pagination } from './usePagination.js';
export { useError, type ReadError } from './useError.js';
export { hookifyResource } from './hookifyResource.js';
// All of core too, as the React and Vue packages do: one import line for an app.
export * from '@resto/core';
