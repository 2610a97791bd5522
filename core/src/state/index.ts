export * from './State';
export * from './actions';
export * from './expiry';
export * from './reducer';
export type { EndpointLike } from './EndpointLike';
export * from './ChangeSet';
export * from './dehydrate';
