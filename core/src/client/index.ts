// Entry of core's client layer: createClient, the observers, the rules hooks share and the SSR helpers.
export * from './createClient';
export * from './EndpointObserver';
export * from './readAsync';
export * from './fetchIfNeeded';
export * from './QueryObserver';
export * from './PaginationObserver';
export * from './observeModes';
export * from './createLoading';
export * from './createMutation';
export * from './args';
export * from './serializeState';
export * from './hydrateOnce';
export * from './prefetchState';
export * from './pageClient';
export * from './providedClient';
export * from './expiryTimer';
