// Public entry of @resto/lit: Lit context for the client and one reactive
// controller per hook of the other adapters, each a thin binding over core's observers.
export { clientContext, provideClient, ClientController, type Host } from './context';
export type { Args } from './bind';
export { SuspenseController, type SuspenseRenderer, type SuspenseStatus } from './SuspenseController';
export { LiveController } from './LiveController';
export { LiveStatusController } from './LiveStatusController';
export { DLEController } from './DLEController';
export { FetchController } from './FetchController';
export { CacheController } from './CacheController';
export { ErrorController } from './ErrorController';
export { QueryController } from './QueryController';
export { SubscriptionController } from './SubscriptionController';
export { LoadingController } from './LoadingController';
export { MutationController } from './MutationController';
export { PaginationController } from './PaginationController';
export { hookifyResource } from './hookifyResource';
// Everything core offers (Entity, resource, RestEndpoint...) from here too, as the
// other adapters do: one import line for an app.
export * from '@resto/core';
