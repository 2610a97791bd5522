/**
 * `@resto/core/sync`: one store shared by the tabs of an app, and one leader tab that
 * polls for all. A separate entry so that apps that do not sync carry none of it.
 *
 * @example
 * import { tabSync } from '@resto/core/sync';
 */
export {
  diffState,
  tabSync,
  TabSyncManager,
  type BroadcastChannelLike,
  type LockManagerLike,
  type SyncTraffic,
  type TabSyncOptions,
} from './TabSyncManager';
