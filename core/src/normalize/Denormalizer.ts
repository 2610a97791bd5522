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

/** Nested entities deeper than this are returned without their nested fields. */
export const MAX_ENTITY_DEPTH = 256;


/** Cached denormalization of one stored object, valid while every dependency is unchanged. */
export interface EntityEntry {
  schema: unknown;
  value: unknown;
  /** Flat triplets: key, pk, stored object read (undefined/INVALID included). */
  deps: unknown[];
  /** The entities object this entry was last validated against. */
  entities: Tables;
}

interface LocalEntry {
  value: unknown;
  /** null while the entity is being built (a reference to it now is a cycle). */
  deps: unknown[] | null;
  depth: number;
}

/** True when the stored schema's entry is still current in `entities`. */
export function depsValid(deps: unknown[], entities: Tables, from: number): boolean {
  for (let i = from; i < deps.length; i += 3) {
    if (ownValue(entities[deps[i] as string], deps[i + 1] as string) !== deps[i + 2]) return false;
  }
  return true;
}

function append(to: unknown[], from: unknown[]): void {
  for (let i = 0; i < from.length; i++) to.push(from[i]);
}

/**
 * One denormalization pass. Without a cache it only keeps a per-pass map (the
 * same stored object reads as the same instance; cycles close on themselves).
 * With a cache it records what every entity read depends on.
 */
export class Denormalizer {
  // `declare`d members are set in the constructor: no class-field definitions ship for them.
  declare readonly unvisit: Unvisit;
  /** Dependencies of the frame being built (tracking mode). */
  deps: unknown[] = [];
  declare private entities: Tables;
  declare private args: readonly any[];
  private rootObj: object | undefined;
  private rootValue: unknown;
  declare private readonly cache: WeakMap<object, EntityEntry> | undefined;
  private local: Map<object, LocalEntry | unknown> | undefined;
  private depth = 0;
  /** Smallest depth of an unfinished entity referenced below the current frame. */
  private minRef = Infinity;
  /** Development only: the depth limit was reported this pass. */
  declare private reported: boolean | undefined;

  constructor(entities: Tables, args: readonly any[], cache?: WeakMap<object, EntityEntry>) {
    this.entities = entities;
    this.args = args;
    this.cache = cache;
    this.unvisit = (schema, input) => this.visit(schema, input);
  }

  visit(schema: any, input: any): any {
    if (input == null || schema == null) return input;
    // Entity classes are the only function schemas; checked first as the hot case
    if (typeof schema === 'function' || typeof schema.pk === 'function') {
      if (typeof input === 'object') return schema.denormalize(input, this.args, this.unvisit);
      if (typeof input === 'symbol') return input;
      return this.stored(schema, typeof input === 'string' ? input : `${input}`);
    }
    if (Array.isArray(schema)) return denormalizeArray(schema[0], input, this.unvisit);
    if (typeof schema.denormalize === 'function') return schema.denormalize(input, this.args, this.unvisit);
    if (typeof schema === 'object') return denormalizeObject(schema, input, this.unvisit);
    return input;
  }

  private stored(schema: any, pk: string): any {
    const key: string = schema.key;
    const obj = ownValue(this.entities[key], pk);
    // missing (undefined) or deleted (INVALID)
    if (typeof obj !== 'object') {
      // a missing or deleted entity is a dependency too: storing it later must refresh readers
      if (this.cache !== undefined) this.deps.push(key, pk, obj);
      return obj;
    }
    return this.cache === undefined ? this.storedPlain(schema, obj) : this.storedTracked(schema, key, pk, obj);
  }

  private storedPlain(schema: any, obj: object): any {
    if (obj === this.rootObj) return this.rootValue;
    const local = this.local;
    if (local !== undefined) {
      const hit = local.get(obj);
      if (hit !== undefined) return hit;
    }
    if (this.depth >= (schema.maxEntityDepth ?? MAX_ENTITY_DEPTH)) return this.tooDeep(schema, obj);
    this.depth++;
    let value: any;
    if (typeof schema.createIfValid === 'function') {
      value = schema.createIfValid(obj);
      if (value === undefined) {
        // validate() rejected the stored record: it reads as invalid (refetched, dropped from lists)
        this.depth--;
        return INVALID;
      }
      const plan = schema[PLAN];
      if (plan !== undefined && plan.owner === schema && plan.nestedKeys.length === 0) {
        // a leaf entity cannot close a cycle: no per-pass bookkeeping needed
        this.depth--;
        return value;
      }
      // registered before nested fields resolve, so a cycle closes on this instance
      this.remember(obj, value);
      const out = schema.denormalize(value, this.args, this.unvisit);
      if (out !== value) this.remember(obj, (value = out));
    } else {
      value = schema.denormalize(obj, this.args, this.unvisit);
      this.remember(obj, value);
    }
    this.depth--;
    return value;
  }

  /** The first entity of a pass gets a slot; a Map only when there are more. */
  private remember(obj: object, value: unknown): void {
    if (this.rootObj === undefined || this.rootObj === obj) {
      this.rootObj = obj;
      this.rootValue = value;
    } else {
      (this.local ??= new Map()).set(obj, value);
    }
  }

  /** Ready for another pass (uncached passes reuse one instance). */
  reset(entities: Tables, args: readonly any[]): void {
    this.entities = entities;
    this.args = args;
    this.rootObj = undefined;
    this.rootValue = undefined;
    // A new Map per pass, never `clear()`: the reused instance lives in the old
    // generation after any full GC, and V8 allocates a cleared or grown Map's table
    // where the old table was. An old-space table holding a pass's young instances
    // kept every instance alive through minor GCs (uncached list reads 3-4x slower
    // once the rest of an app had run; bench/README.md "Steady state").
    this.local = undefined;
    this.depth = 0;
    // Reported once per pass: the reused instance must not stay silent for later reads.
    if (DEV) this.reported = false;
  }

  private storedTracked(schema: any, key: string, pk: string, obj: object): any {
    let local = this.local as Map<object, LocalEntry> | undefined;
    if (local === undefined) local = this.local = new Map() as Map<object, any>;
    else {
      const hit = local.get(obj);
      if (hit !== undefined) {
        if (hit.deps === null) {
          // cycle: the entity is still being built further up
          this.deps.push(key, pk, obj);
          if (hit.depth < this.minRef) this.minRef = hit.depth;
        } else {
          append(this.deps, hit.deps);
        }
        return hit.value;
      }
    }
    const cached = this.cache!.get(obj);
    // Collection instances over the same members (a nested and a top-level one) read one stored
    // list the same way; one over another class of the same table (a subclass keeping the key) does not.
    if (
      cached !== undefined &&
      (cached.schema === schema ||
        (typeof schema === 'object' &&
          (cached.schema as any).constructor === schema.constructor &&
          sameMembers((cached.schema as any).schema?.schema, schema.schema?.schema)))
    ) {
      if (cached.entities === this.entities || depsValid(cached.deps, this.entities, 3)) {
        // no per-pass entry: once validated against these entities, the next
        // reference to it in this pass hits the cache at the first comparison
        cached.entities = this.entities;
        append(this.deps, cached.deps);
        return cached.value;
      }
    }
    if (this.depth >= (schema.maxEntityDepth ?? MAX_ENTITY_DEPTH)) {
      this.minRef = -1;
      this.deps.push(key, pk, obj);
      return this.tooDeep(schema, obj);
    }
    const parentDeps = this.deps;
    const parentMin = this.minRef;
    const depth = ++this.depth;
    const deps: unknown[] = (this.deps = [key, pk, obj]);
    this.minRef = Infinity;
    const entry: LocalEntry = { value: undefined, deps: null, depth };
    local.set(obj, entry);
    let value: any;
    if (typeof schema.createIfValid === 'function') {
      value = entry.value = schema.createIfValid(obj);
      // undefined: validate() rejected the stored record, which then reads as invalid
      value = value === undefined ? INVALID : schema.denormalize(value, this.args, this.unvisit);
    } else {
      value = schema.denormalize(obj, this.args, this.unvisit);
    }
    entry.value = value;
    entry.deps = deps;
    const min = this.minRef;
    this.depth--;
    this.deps = parentDeps;
    if (min >= depth) {
      // complete on its own (or the root of a cycle): safe to reuse in later reads
      this.cache!.set(obj, { schema, value, deps, entities: this.entities });
      this.minRef = parentMin;
    } else {
      this.minRef = min < parentMin ? min : parentMin;
    }
    append(parentDeps, deps);
    return value;
  }

  private tooDeep(schema: any, obj: object): any {
    if (DEV && !this.reported) {
      this.reported = true;
      console.error(
        `denormalize: Entity depth limit of ${schema.maxEntityDepth ?? MAX_ENTITY_DEPTH} reached at ${schema.key}; ` +
          'nested fields below it are left as stored keys. This usually means very deep or cyclic data.',
      );
    }
    return typeof schema.createIfValid === 'function' ? (schema.createIfValid(obj) ?? INVALID) : obj;
  }
}

// Members: one class, a map of classes by discriminator value, or a Union over such a map.
// Two maps declared apart are the same when they map each value to the same class.
function sameMembers(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || a.constructor !== b.constructor) return false;
  if (a.constructor !== Object) return sameMembers(a.schema, b.schema);
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
