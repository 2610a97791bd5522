// The per-class plan an Entity runs on: which `static schema` fields nest and which
// convert, the field defaults. Computed once per class.
import { DEV } from '#dev';
import { devFail } from './SchemaError';
import { setHidden } from './ownEntry';
import type { Deserializer } from './types';


/** What an Entity class's `static schema` means, computed once per class. */
export interface EntityPlan {
  /** The class this plan belongs to (a subclass inherits the static slot but needs its own plan). */
  owner: unknown;
  /** The `static schema` object this plan was built from (rebuilt if it is replaced). */
  source: unknown;
  /** The fields holding nested schemas, as pairs: `[key, schema, key, schema, ...]` (empty: nothing nests). */
  nestedKeys: any[];
  /** The fields holding deserialisers, as pairs: `[key, convert, ...]`. */
  deser: any[];
  defaults: Record<string, unknown>;
  /** A new instance with every field at its default: `new cls()`, or (no defaults) a bare object on the prototype. */
  make: () => any;
  /**
   * How instances are built, decided from the first stored record seen: the defaults' keys
   * when by spread, else false (always false when `new cls()` needs arguments).
   */
  spread?: string[] | false;
}

/** Static slot holding the plan: a property read is cheaper than a WeakMap lookup per entity. */
export const PLAN: unique symbol = Symbol(DEV ? 'resto.plan' : '');

/**
 * No primary key: what pk() returns when the fields it reads are missing (`'undefined'`
 * too: a template `${this.id}` over a missing field).
 */
export function noPk(id: unknown): id is undefined | null | '' | 'undefined' {
  return id === undefined || id === null || id === '' || id === 'undefined';
}

/** A nested schema (Entity class, schema instance, array, plain object) vs a deserialiser. */
export function isSchema(value: unknown): boolean {
  if (typeof value === 'function') return typeof (value as any).normalize === 'function';
  // lists (`[Todo]`) included
  return typeof value === 'object' && value !== null;
}

const converters = new WeakMap<Deserializer, (value: any) => any>();

/**
 * Constructors need `new` (Date('x') returns a string); plain functions and methods are
 * called. Decided once per function (the source text is read to tell a class).
 */
export function toConverter(fn: Deserializer): (value: any) => any {
  let c = converters.get(fn);
  if (c === undefined) {
    const f = fn as any;
    const src = Function.prototype.toString.call(f);
    // the primitives' own constructors convert when called
    // (a class always has a prototype; native methods such as Temporal.Instant.from have none)
    c = ![Number, String, Boolean, BigInt, Symbol].includes(f) && f.prototype && /^class|\[native code]/.test(src) ? (v: any) => new f(v) : f;
    converters.set(fn, c!);
  }
  return c!;
}

/**
 * Plan for an Entity class: which fields recurse, which convert, and the defaults.
 * Cached by class; rebuilt when `static schema` is reassigned (cyclic definitions).
 */
export function entityPlan(cls: any): EntityPlan {
  const source = cls.schema;
  let plan: EntityPlan | undefined = cls[PLAN];
  if (plan?.owner === cls && plan!.source === source) return plan!;
  // An anonymous class (or a mixin with no name): the store would have no table name. A
  // definition mistake, so the same class fails in development before it ships.
  if (DEV && (typeof cls.key !== 'string' || cls.key === '' || cls.key === 'EntityMixin')) {
    devFail('Entity', undefined, `a class with no name has no key (key is ${JSON.stringify(cls.key)})`, "add static key = 'Name' to the class");
  }
  const nestedKeys: any[] = [];
  const deser: any[] = [];
  // (for...in over no schema lists nothing)
  for (const k in source) {
    const s = source[k];
    if (isSchema(s)) nestedKeys.push(k, s);
    else if (typeof s === 'function') deser.push(k, toConverter(s));
  }
  let defaults: Record<string, unknown> = {};
  // field initializers give a fixed-shape object: faster than adding defaults one by one
  let make = (): any => new cls();
  let spread: false | undefined;
  try {
    // field initializers are the defaults
    defaults = { ...make() };
  } catch {
    // a constructor that needs arguments: no defaults (the assignment above never happened),
    // so an instance is a bare object on the prototype
    make = () => Object.create(cls.prototype);
    spread = false;
  }
  plan = { owner: cls, source, nestedKeys, deser, defaults, make, spread };
  setHidden(cls, PLAN, plan);
  return plan;
}
