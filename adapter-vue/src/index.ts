// Public entry of @resto/vue: a plugin and composables, each a thin binding over
// the core client's observers (the adapter shapes are described in the root README).
export { createResto, RestoPlugin, RestoKey, useClient, useController, withClient, type Resto, type RestoOptions } from './context';
export type { ReactiveArgs } from './bind';
export { useSuspense } from './useSuspense';
export { useDLE, type DLE } from './useDLE';
export { useFetch } from './useFetch';
export { useCache } from './useCache';
export { useError } from './useError';
export { useQuery } from './useQuery';
export { useSubscription } from './useSubscription';
export { useLive } from './useLive';
export { useLoading } from './useLoading';
export { useLiveStatus } from './useLiveStatus';
export { useMutation, type Mutation } from './useMutation';
export { usePagination, type Pagination } from './usePagination';
export { hookifyResource } from './hookifyResource';
export { DataClientPlugin, type DataClientPluginOptions } from './DataClientPlugin';
// Everything core offers (Entity, resource, RestEndpoint...) from here too, as
// `@data-client/vue` does, so a port changes only the package names.
export * from '@resto/core';
