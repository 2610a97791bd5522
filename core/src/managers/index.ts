export type * from './Manager';
export * from './NetworkManager';
export * from './SubscriptionManager';
export * from './LogoutManager';
export * from './GCPolicy';
export * from './getDefaultManagers';
export * from './OfflineError';
export * from './retry';
