// One denormalization pass: stored pks back to entity instances, cycles closed, depth
// capped, and (given a cache) what each entity read depended on. Keeping results across
// passes is MemoCache's.
import { DEV } from '#dev';
import type { Tables } from './NormalizeStore';
import { denormalizeArray } from '../schema/Array';
import { ownValue } from '../schema/ownEntry';
import { denormalizeObject } from '../schema/Object';
import { INVALID } from '../schema/symbols';
import type { Unvisit } from '../schema/types';
import { PLAN } from '../schema/entityPlan';
import { deepEqual } from './equal';

/** Nested entities deeper than this are returned without their nested fields. */
export const MAX_ENTITY_DEPTH = 256;


/**
 * A cached read (one stored object's denormalization, or MemoCache's result, which is
 * handed out as it is), valid while every dependency is unchanged.
 */
export interface Cached<V = unknown> {
  data: V;
  /** Flat triplets: key, pk, stored object read (undefined/INVALID included). */
  deps: unknown[];
  /** The entities object this entry was last validated against: its tables are what the deps read. */
  entities: Tables;
  /** The schema read with (an entity's class; a result's bucket). */
  schema: unknown;
  /** The keys of the tables read (MemoCache's results): when none is a new object, no dep is looked up. */
  keys: string[] | undefined;
  /** MemoCache's results: the entities read that are stored. */
  paths: unknown;
  /** MemoCache's results: the args they were read with, as a key. */
  argsKey: string | undefined;
}

interface LocalEntry {
  data: unknown;
  /** null while the entity is being built (a reference to it now is a cycle). */
  deps: unknown[] | null;
  depth: number;
}

/** A new entry; made in one place, so every entry has one shape (fresh's reads stay monomorphic). */
export const cached = <V>(data: V, deps: unknown[], entities: Tables, schema: unknown, keys?: string[], paths?: unknown, argsKey?: string): Cached<V> => ({
  data,
  paths,
  deps,
  entities,
  schema,
  keys,
  argsKey,
});

/**
 * True when `entry` still holds in `entities` (deps from `from` on are checked). Tables are
 * immutable: one that is the same object as at the last validation changed nothing it holds,
 * so only the deps in changed tables are looked up.
 */
export function fresh(entry: Cached, entities: Tables, from: number): boolean {
  const was = entry.entities;
  if (was !== entities && !entry.keys?.every((k) => entities[k] === was[k])) {
    const deps = entry.deps;
    for (let i = from; i < deps.length; i += 3) {
      const key = deps[i] as string;
      if (entities[key] !== was[key] && ownValue(entities[key], deps[i + 1] as string) !== deps[i + 2]) return false;
    }
  }
  entry.entities = entities;
  return true;
}

// An entry's deps after its own triple (key, pk, stored object), which the reader pushed already.
function append(to: unknown[], from: unknown[]): void {
  for (let i = 3; i < from.length; i++) to.push(from[i]);
}

/** Runs one pass: `input` read as `schema` from `entities`; with a cache, what it read is pushed to `deps`. */
export type Pass = (schema: any, input: any, entities: Tables, args: readonly any[], deps?: unknown[]) => any;

/**
 * A denormalizer: runs one denormalization pass at a time. A per-pass map makes the same
 * stored object read as the same instance and closes cycles on themselves. With a cache
 * the same walk also records what every entity read depends on, and reuses entries still
 * valid. A closure, not a class: its state is locals. Reused across passes, so the
 * `unvisit` that schemas call stays one function (a new one per pass made uncached reads
 * 20-28 % slower).
 */
export function denormalizer(cache?: WeakMap<object, Cached>): Pass {
  // The running pass's; `entities` is set only while one runs.
  let entities: Tables | undefined;
  let args: readonly any[];
  /** Dependencies of the frame being built (with a cache). */
  let deps: unknown[];
  let local: Map<object, LocalEntry> | undefined;
  let depth: number;
  /** Smallest depth of an unfinished entity referenced below the current frame. */
  let minRef: number;
  /** Development only: the depth limit was reported this pass. */
  let reported: true | undefined;

  const unvisit: Unvisit = (schema, input) => {
    if (input == null || schema == null) return input;
    // Entity classes are the only function schemas; checked first as the hot case. A pk
    // looks its entity up; an object given in place of a pk is the entity itself. The rest
    // is dispatched as normalize's walk does: a schema's own method, a list, an object.
    if ((typeof schema === 'function' || typeof schema.pk === 'function') && typeof input !== 'object') {
      return typeof input === 'symbol' ? input : stored(schema, `${input}`);
    }
    return typeof schema.denormalize === 'function'
      ? schema.denormalize(input, args, unvisit)
      : Array.isArray(schema)
        ? denormalizeArray(schema[0], input, unvisit)
        : typeof schema === 'object'
          ? denormalizeObject(schema, input, unvisit)
          : input;
  };

  const stored = (schema: any, pk: string): any => {
    const key: string = schema.key;
    const obj = ownValue(entities![key], pk);
    // every read depends on the stored object it found; missing (undefined) or deleted
    // (INVALID) too: storing it later must refresh readers
    if (cache) deps.push(key, pk, obj);
    if (typeof obj !== 'object') return obj;
    const hit = local?.get(obj);
    // A collection being read has no instance yet (its value is still the stored list): read
    // again, a cycle through it closes on its member entities.
    if (hit !== undefined && hit.data !== obj) {
      if (cache) {
        if (hit.deps === null) {
          // cycle: the entity is still being built further up (its own triple, above, is this read's dep)
          if (hit.depth < minRef) minRef = hit.depth;
        } else {
          append(deps, hit.deps);
        }
      }
      return hit.data;
    }
    const prev = cache?.get(obj);
    // Collection instances over the same members (a nested and a top-level one) read one stored
    // list the same way; one over another class of the same table (a subclass keeping the key) does not.
    if (prev !== undefined && sameMembers(prev.schema, schema) && fresh(prev, entities!, 3)) {
      append(deps, prev.deps);
      return prev.data;
    }
    let value: any = obj;
    if (typeof schema.createIfValid === 'function') {
      // undefined: validate() rejected the stored record, which then reads as invalid (refetched, dropped from lists)
      value = schema.createIfValid(obj) ?? INVALID;
      const plan = schema[PLAN];
      if (value === INVALID || (plan?.owner === schema && !plan.nestedKeys.length)) {
        // nothing nested: no cycle can pass through it, no per-pass entry needed
        cache?.set(obj, cached(value, [key, pk, obj], entities!, schema));
        return value;
      }
    }
    if (depth >= (schema.maxEntityDepth ?? MAX_ENTITY_DEPTH)) {
      if (DEV && !reported) {
        reported = true;
        console.error(
          `denormalize: Entity depth limit of ${schema.maxEntityDepth ?? MAX_ENTITY_DEPTH} reached at ${schema.key}; ` +
            'nested fields below it are left as stored keys. This usually means very deep or cyclic data.',
        );
      }
      // a truncated read (its nested fields left as stored keys) is never cached
      minRef = -1;
      return value;
    }
    const parentDeps = deps;
    const parentMin = minRef;
    const at = ++depth;
    // registered before nested fields resolve, so a cycle closes on this instance
    const entry: LocalEntry = { data: value, deps: null, depth: at };
    (local ??= new Map()).set(obj, entry);
    if (cache) {
      deps = [key, pk, obj];
      minRef = Infinity;
    }
    value = entry.data = schema.denormalize(value, args, unvisit);
    depth--;
    if (cache) {
      const own = (entry.deps = deps);
      const min = minRef;
      deps = parentDeps;
      if (min >= at) {
        // complete on its own (or the root of a cycle): safe to reuse in later reads
        cache.set(obj, cached(value, own, entities!, schema));
        minRef = parentMin;
      } else {
        minRef = min < parentMin ? min : parentMin;
      }
      append(parentDeps, own);
    }
    return value;
  };

  return (schema, input, tables, passArgs, passDeps = []) => {
    // a pass started inside this one (a read from a process hook) gets a denormalizer of its own
    if (entities) return denormalizer(cache)(schema, input, tables, passArgs, passDeps);
    entities = tables;
    args = passArgs;
    deps = passDeps;
    depth = 0;
    minRef = Infinity;
    if (DEV) reported = undefined;
    try {
      return unvisit(schema, input);
    } finally {
      // the store, the instances read and the args stay reachable from here no longer than
      // the pass (this denormalizer outlives it: its MemoCache's, or denormalize()'s)
      entities = local = deps = args = undefined!;
    }
  };
}

// Two schema objects of one class read a stored value the same way when their members do:
// compared down through `schema` (a Collection's list, the list's members) to one class, a
// map of classes by discriminator value (equal maps: each value maps to the same class),
// or a Union over such a map.
function sameMembers(a: any, b: any): boolean {
  return a === b || (!!a && !!b && typeof a === 'object' && a.constructor === b.constructor && (a.constructor === Object ? deepEqual(a, b) : sameMembers(a.schema, b.schema)));
}
