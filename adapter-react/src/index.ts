// Public entry of @resto/react: a provider, hooks that bind the store's observers
// to useSyncExternalStore, an async boundary, and hookifyResource.
export { DataProvider, type DataProviderProps } from './DataProvider';
export { ClientContext, useClient } from './context';
export { useController } from './useController';
export { useSuspense } from './useSuspense';
export { useDLE, type DLE } from './useDLE';
export { useFetch } from './useFetch';
export { useCache } from './useCache';
export { useQuery } from './useQuery';
export { useSubscription } from './useSubscription';
export { useLive } from './useLive';
export { useLoading } from './useLoading';
export { useLiveStatus } from './useLiveStatus';
export { useMutation, type Mutation } from './useMutation';
export { usePagination, type Pagination } from './usePagination';
export { useError } from './useError';
export { AsyncBoundary, type AsyncBoundaryProps, type ErrorFallbackProps } from './AsyncBoundary';
export { retryError } from './retry';
export type { ArgsOf, ArgsOrNull } from './types';
export { hookifyResource } from './hookifyResource';
// Everything core offers (Entity, resource, RestEndpoint...) from here too, as
// `@data-client/react` does, so a port changes only the package names.
export * from '@resto/core';
