// A Web Storage kept in a Map, with what the tests need to see and break: the
// number of writes, and failures on demand.
export class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly map = new Map<string, string>();
  writes = 0;
  failWrites: Error | undefined;

  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.failWrites) throw this.failWrites;
    this.writes++;
    this.map.set(key, value);
  }

  removeItem(key: string): void {
    this.map.delete(key);
  }
}

/** What browsers throw when a Web Storage is full. */
export function quotaError(): Error {
  const error = new Error("Failed to execute 'setItem' on 'Storage': the quota has been exceeded.");
  error.name = 'QuotaExceededError';
  return error;
}
