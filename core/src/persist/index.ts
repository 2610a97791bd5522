/**
 * `@resto/core/persist`: saving the store across reloads. A separate entry so that
 * apps that do not persist carry none of it (nor `idb-keyval`).
 *
 * @example
 * import { PersistManager } from '@resto/core/persist';
 */
export {
  PersistManager,
  type PersistFilter,
  type PersistOptions,
  type PersistPhase,
} from './PersistManager';
export {
  OfflineQueueManager,
  type OfflineQueueOptions,
  type OfflineQueuePhase,
  type QueuedMutation,
} from './OfflineQueueManager';
export {
  defaultStorage,
  indexedDBStorage,
  webStorage,
  type IndexedDBStorageOptions,
  type PersistStorage,
} from './storage';
