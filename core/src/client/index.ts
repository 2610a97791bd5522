export * from './createClient';
export * from './EndpointObserver';
