// The contract between reads and the garbage collector: retain, retainQuery, touch.
// The collector itself is managers/GCPolicy.ts.
import type { EndpointLike } from '../state';

/**
 * How readers tell the garbage collector what they use. An observer retains the
 * endpoint result it shows (and through it every entity the result reaches) and
 * calls the returned function when it stops.
 *
 * @example
 * const release = controller.gc?.retain(TodoResource.getList, []);
 * release?.();
 */
export interface GCInterface {
  retain(endpoint: EndpointLike, args: readonly unknown[]): () => void;
  /** Keeps every entity a derived read (Query, All, Entity by pk) shows. */
  retainQuery?(schema: unknown, args: readonly unknown[]): () => void;
  /** Marks a result as just read, for least-recently-read eviction. */
  touch(key: string): void;
}
