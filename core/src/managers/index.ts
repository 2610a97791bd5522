// Entry of core's managers layer: the Manager contract, the built-in managers, their default set, the tries loop and the opt-in retries.
export type * from './Manager';
export * from './NetworkManager';
export * from './SubscriptionManager';
export * from './LogoutManager';
export * from './GCPolicy';
export * from './BoundedGCPolicy';
export * from './getDefaultManagers';
export * from './OfflineError';
export * from './OfflineManager';
export * from './TimeoutManager';
export * from './retry';
export * from './RetryManager';
export * from './WindowEventsManager';
