// Entry of core's state layer: the State, the actions, the reducer, expiry, ChangeSet, dehydrate/hydrate and page info.
export * from './State';
export * from './actions';
export * from './expiry';
export * from './reducer';
export type { EndpointLike } from './EndpointLike';
export * from './ChangeSet';
export { InFlight, type InFlightHost } from './InFlight';
export * from './dehydrate';
export { getPageInfo } from './pageInfo';
