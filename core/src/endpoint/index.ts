// Entry of core's endpoint layer: the base Endpoint class and the option types every endpoint shares.
export { Endpoint, type BoundEndpoint } from './Endpoint';
export type {
  EndpointOptions,
  ErrorPolicy,
  FetchFunction,
  FreshnessOptions,
  OptimisticSnapshot,
  RefetchOn,
  RetryDelayOption,
  RetryOption,
  StatusError,
} from './types';
