// Public entry of @resto/svelte: context, reads (runes `current` + store `subscribe`), hookifyResource.
export { CLIENT_KEY, clientContext, getClient, setClient, useController } from './context';
export type { Args, ArgsInput, StoreSubscribe } from './bind.svelte';
export type { Read } from './observe';
export { useSuspense, type Suspense } from './useSuspense';
export { useDLE } from './useDLE';
export { useFetch } from './useFetch';
export { useCache } from './useCache';
export { useQuery } from './useQuery';
export { useSubscription } from './useSubscription';
export { useLive } from './useLive';
export { useLoading, type Loading, type LoadingState } from './useLoading';
export { useError, type ReadError } from './useError';
export { hookifyResource } from './hookifyResource';
export type { HookifiedResource, HookInit } from '@resto/core';
