// Memoized denormalization across reads: the same inputs give the same objects, and a
// result changes identity only when what it read changed. Reads by args go through it too.
import type { Tables } from './NormalizeStore';
import { cached, denormalizer, fresh, type Cached } from './Denormalizer';
import { queryKey, type QueryReads } from './queryKey';
import type { DenormalizeNullable } from '../schema/types';


/** An entity read by a denormalization, for expiry bookkeeping. */
export interface EntityPath {
  key: string;
  pk: string;
}

/** What `MemoCache.denormalize` returns; the same object while nothing it read changed. */
export interface DenormalizeResult<T = any> {
  data: T;
  paths: EntityPath[];
  /**
   * Flat triples `entityKey, pk, stored value` of every entity read, missing ones
   * included (storing them later changes the result): what change tracking watches.
   */
  deps: readonly unknown[];
}

/** A result and what it read (validated as an entity's entry is: see `fresh`), and the bucket it was read into. */
type ResultEntry = Cached & DenormalizeResult;

/** The bucket key of every primitive schema (rare): their results share one bucket. */
const PRIMITIVES = {};

/** Results kept per schema by structural key; cleared past this many. */
const MAX_KEYED_RESULTS = 5000;

/**
 * Memoized denormalization: the same inputs give the same objects; after one entity
 * changes only results that read it change identity; a normalized result that is
 * new but equal to a previous one gives the previous data.
 *
 * @example
 * const memo = new MemoCache();
 * const a = memo.denormalize([Todo], state.endpoints[key], state.entities);
 * const b = memo.denormalize([Todo], state.endpoints[key], state.entities);
 * a.data === b.data; // true
 * memo.query(new All(Todo), [], state); // every stored Todo
 */
export class MemoCache {
  /** Per stored object: its denormalized value and dependencies. */
  protected readonly entities = new WeakMap<object, Cached>();
  /** The last result by input object (one input read with two schemas or args keeps the last). */
  private readonly byInput = new WeakMap<object, ResultEntry>();
  /** Results by schema, then structural key. */
  protected readonly results = new WeakMap<object, Map<string, ResultEntry>>();
  /** Every bucket, weakly (a schema made on the fly must not live on through its bucket), for `prune`. */
  private buckets: WeakRef<Map<string, ResultEntry>>[] = [];
  /** Denormalizes what is not found, into `entities`. */
  private readonly pass = denormalizer(this.entities);

  /**
   * Data for `schema` from normalized `input`, plus the `{ key, pk }` of every entity read.
   *
   * @example
   * const { data, paths } = memo.denormalize(Todo, '1', state.entities);
   */
  denormalize<S>(
    schema: S,
    input: unknown,
    entities: Tables,
    args: readonly any[] = [],
  ): DenormalizeResult<DenormalizeNullable<S> | symbol> {
    // no schema: the input as it is (two values equal as JSON, say two Blobs, are not one)
    if (schema == null) return { data: input as any, paths: [], deps: [] };
    // `[Todo]` written inline is a new array each call: bucket by its member instead,
    // its results told apart from the member's own by a mark on the args key
    let bucketKey: any = schema;
    let mark = '';
    if (Array.isArray(schema) && schema.length === 1 && schema[0]) {
      bucketKey = schema[0];
      mark = '[';
    }
    // a primitive (a member that is no schema) reads its input as it is
    if (Object(bucketKey) !== bucketKey) bucketKey = PRIMITIVES;
    const aKey = args.length === 0 ? mark : mark + JSON.stringify(args);
    const isObject = typeof input === 'object' && input !== null;
    let entry = isObject ? this.byInput.get(input as object) : undefined;
    if (entry !== undefined && entry.schema === bucketKey && entry.argsKey === aKey && fresh(entry, entities, 0)) return entry;
    // a new object, maybe equal to one seen before (the same data stored again), or no object
    // (a pk; null or undefined, which reads nothing): a result by structural key
    const sKey = (isObject ? JSON.stringify(input) : typeof input + String(input)) + '|' + aKey;
    let bucket = this.results.get(bucketKey);
    if (bucket === undefined) {
      this.results.set(bucketKey, (bucket = new Map()));
      this.buckets.push(new WeakRef(bucket));
    }
    entry = bucket.get(sKey);
    if (entry === undefined || !fresh(entry, entities, 0)) {
      const deps: unknown[] = [];
      const data = this.pass(schema, input, entities, args, deps);
      const paths: EntityPath[] = [];
      const keys: string[] = [];
      for (let i = 0; i < deps.length; i += 3) {
        const key = deps[i] as string;
        if (!keys.includes(key)) keys.push(key);
        if (deps[i + 2] !== undefined) paths.push({ key, pk: deps[i + 1] as string });
      }
      entry = cached(data, deps, entities, bucketKey, keys, paths, aKey) as ResultEntry;
      if (bucket.size >= MAX_KEYED_RESULTS) bucket.clear();
      bucket.set(sKey, entry);
    }
    if (isObject) this.byInput.set(input as object, entry);
    return entry;
  }

  /**
   * Read `schema` from args alone (Entity by pk, All, Query, Collection by args);
   * undefined when nothing matching is stored.
   *
   * @example
   * memo.query(Todo, [{ id: 1 }], state) // Todo | undefined
   */
  query<S>(
    schema: S,
    args: readonly any[],
    state: { entities: Tables; indexes?: unknown },
  ): DenormalizeNullable<S> | symbol | undefined {
    return this.queryResult(schema, args, state)?.data;
  }

  /**
   * `query` with what it read: `reads` collects the lookups that chose the input,
   * the result's `deps` the entities denormalized. Undefined when nothing matches.
   *
   * @example
   * const reads = { entities: [], tables: [] };
   * const found = memo.queryResult(new All(Todo), [], state, reads); // reads.tables: ['Todo']
   */
  queryResult<S>(
    schema: S,
    args: readonly any[],
    state: { entities: Tables; indexes?: unknown },
    reads?: QueryReads,
  ): DenormalizeResult<DenormalizeNullable<S> | symbol> | undefined {
    const input = queryKey(schema, args, state.entities, reads);
    if (input === undefined) return undefined;
    return this.denormalize(schema, input, state.entities, args);
  }

  /**
   * Drops the results found by structural key that no longer hold for `entities`
   * (they would be recomputed on their next read anyway). Called after garbage
   * collection: otherwise a collected list stays reachable through its cached
   * denormalized copy (its instances and the stored entities they depend on).
   *
   * @example
   * memo.prune(client.getSnapshot().entities);
   */
  prune(entities: Tables): void {
    // buckets whose schema was collected are dropped
    this.buckets = this.buckets.filter((ref) => {
      const bucket = ref.deref();
      if (bucket) for (const [key, entry] of bucket) if (!fresh(entry, entities, 0)) bucket.delete(key);
      return bucket;
    });
  }
}
