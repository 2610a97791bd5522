// What the store needs from an endpoint, structurally. The classes are in endpoint/ and rest/.
import type { RefetchOn, RetryDelayOption, RetryOption } from '../endpoint';

/**
 * What the store needs from an endpoint. Every RestEndpoint satisfies it; any
 * object with these members (a hand-made endpoint, a test double) works too.
 */
export interface EndpointLike {
  (...args: any[]): Promise<any>;
  key(...args: any[]): string;
  fetch?(...args: any[]): Promise<any>;
  testKey?(key: string): boolean;
  readonly schema?: any;
  readonly sideEffect?: boolean;
  readonly name: string;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  readonly invalidIfStale?: boolean;
  readonly pollFrequency?: number;
  readonly refetchOnMount?: RefetchOn;
  readonly refetchOnWindowFocus?: RefetchOn;
  readonly refetchOnReconnect?: RefetchOn;
  readonly retry?: RetryOption;
  readonly retryDelay?: RetryDelayOption;
  readonly queueOfflineMutations?: boolean;
  errorPolicy?(error: any): 'soft' | undefined;
  getOptimisticResponse?(snapshot: any, ...args: any[]): any;
  update?(normalizedResult: any, ...args: any[]): { [key: string]: (prev: any) => any };
}
