export { Endpoint } from './Endpoint';
export type {
  EndpointOptions,
  ErrorPolicy,
  FetchFunction,
  OptimisticSnapshot,
} from './types';
