// Where a PersistManager saves: the PersistStorage contract and its IndexedDB, Web Storage
// and default backends.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Where a {@link PersistManager} keeps its snapshot: one text value under one key.
 * Synchronous or asynchronous, so `localStorage`, `sessionStorage`, React Native's
 * `AsyncStorage` or your own fit as they are (or through {@link webStorage}).
 *
 * @example
 * import AsyncStorage from '@react-native-async-storage/async-storage';
 * new PersistManager({ storage: AsyncStorage, buster: 'v1' });
 */
export interface PersistStorage {
  getItem(key: string): Promise<string | null | undefined> | string | null | undefined;
  setItem(key: string, value: string): Promise<unknown> | unknown;
  removeItem(key: string): Promise<unknown> | unknown;
}

/** Options of {@link indexedDBStorage}. */
export interface IndexedDBStorageOptions {
  /** Database name (default `'resto'`). */
  readonly dbName?: string;
  /** Object store name inside it (default `'persist'`). */
  readonly storeName?: string;
}

/**
 * IndexedDB storage through `idb-keyval`: asynchronous, so saving never blocks the page,
 * and with far more room than `localStorage`. The database opens on first use.
 *
 * @example
 * new PersistManager({ storage: indexedDBStorage({ dbName: 'my-app' }), buster: 'v1' });
 */
export function indexedDBStorage({ dbName = 'resto', storeName = 'persist' }: IndexedDBStorageOptions = {}): PersistStorage {
  // Opened lazily: creating the storage in a module that also runs on a server must not touch indexedDB.
  let store: UseStore | undefined;
  const use = () => (store ??= createStore(dbName, storeName));
  return {
    getItem: async (key) => (await get<string>(key, use())) ?? null,
    setItem: (key, value) => set(key, value, use()),
    removeItem: (key) => del(key, use()),
  };
}

/**
 * A Web Storage (`localStorage`, `sessionStorage`) as a {@link PersistStorage}. It is
 * synchronous and small (about 5 MB); a full one makes a save fail, which is reported,
 * not thrown.
 *
 * @example
 * new PersistManager({ storage: webStorage(sessionStorage), buster: 'v1' });
 */
export function webStorage(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): PersistStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

/**
 * What a {@link PersistManager} uses when given no `storage`: IndexedDB where it
 * exists, else `localStorage`, else nothing (a server, a worker without storage).
 *
 * @example
 * const storage = defaultStorage(); // undefined on a server: nothing is saved
 */
export function defaultStorage(): PersistStorage | undefined {
  if (typeof indexedDB !== 'undefined') return indexedDBStorage();
  try {
    // Reading `localStorage` throws where the browser blocks storage (some privacy settings).
    if (typeof localStorage !== 'undefined') return webStorage(localStorage);
  } catch {
    return undefined;
  }
  return undefined;
}
