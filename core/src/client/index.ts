export * from './createClient';
export * from './EndpointObserver';
export * from './QueryObserver';
export * from './PaginationObserver';
export * from './observeModes';
export * from './createLoading';
export * from './args';
export * from './serializeState';
