export { Endpoint } from './Endpoint';
export type {
  EndpointOptions,
  ErrorPolicy,
  FetchFunction,
  FreshnessOptions,
  OptimisticSnapshot,
  RefetchOn,
  RetryDelayOption,
  RetryOption,
} from './types';
