// Long on purpose: Entity is the spec's largest public class (pk, key, process,
// merge hooks, validate, fromJS, normalize/denormalize); the per-class plan it runs
// on is in entityPlan.ts.
import { DEV } from '#dev';
import { entityPlan, noPk } from './entityPlan';
import { INVALID } from './symbols';
import { setHidden } from './ownEntry';
import { SchemaError, assertParsed, devFail } from './SchemaError';
import { errorCode } from '../dev/errorCode';
import type { EntityMeta, NormalizeDelegate, QueryDelegate, Unvisit, Visit } from './types';

/** The last temporary pk handed out: each pending create gets its own. */
let lastTemp = 0;

/**
 * A record kind stored once by primary key, so every response that contains it
 * updates the same object. Instance fields with defaults declare the fields.
 *
 * @example
 * class Todo extends Entity {
 *   id = 0;
 *   title = '';
 *   createdAt = new Date(0);
 *   static key = 'Todo';
 *   static schema = { createdAt: Date };
 * }
 */
export abstract class Entity {
  /**
   * Name of the entity kind: the table name in the store. Defaults to the class
   * name; set it explicitly since minifiers rename classes.
   */
  static get key(): string {
    return this.name;
  }

  // Compilers without define semantics for class fields (TS with target below
  // ES2022 and no useDefineForClassFields, Babel's loose mode) turn
  // `static key = 'X'` into an assignment, which a getter-only accessor rejects.
  static set key(value: string) {
    setHidden(this, 'key', value, true);
  }

  /**
   * Field deserialisers (functions or constructors) and nested schemas.
   *
   * @example
   * static schema = { author: User, price: Decimal, due: Temporal.Instant.from };
   */
  static schema: { [k: string]: any } = {};

  /**
   * Fields that identify one record as the primary key does (a `username`, a `slug`):
   * a read by one of them finds the record (`useQuery(User, { username: 'bob' })`).
   *
   * @example
   * static indexes = ['slug'] as const;
   */
  declare static indexes?: readonly string[];

  /**
   * A record of this class with this many entities above it in one read is
   * returned with its nested fields left as stored keys (default 256; the limit
   * is reported in development). Lower it for large cyclic graphs read deep.
   *
   * @example
   * static maxEntityDepth = 16;
   */
  declare static maxEntityDepth?: number;

  /**
   * Primary key of this record. Default: the `id` field.
   *
   * @example
   * pk() { return `${this.owner}/${this.name}`; }
   */
  pk(parent?: any, key?: any, args?: readonly any[]): string | number | undefined;
  // (overloads: the parameters it ignores are not shipped)
  pk(): string | number | undefined {
    return (this as any).id;
  }

  /**
   * Primary key of plain data (need not be an instance).
   *
   * @example
   * Todo.pk({ id: 5 }) // 5
   */
  static pk(value: any, parent?: any, key?: any, args?: readonly any[]): string | number | undefined | null {
    return this.prototype.pk.call(value, parent, key, args);
  }

  /**
   * Reshape input before it is stored; must return a new object (default: a shallow copy).
   *
   * @example
   * static process(input: any) { return { ...input, id: input.uuid }; }
   */
  static process(input: any, parent?: any, key?: any, args?: readonly any[]): any;
  static process(input: any): any {
    return { ...input };
  }

  /**
   * Merge a newer partial record into the stored one.
   *
   * @example
   * static merge(existing: any, incoming: any) { return { ...existing, ...incoming, tags: [...existing.tags, ...incoming.tags] }; }
   */
  static merge(existing: any, incoming: any): any {
    return { ...existing, ...incoming };
  }

  /**
   * False keeps the stored record as it is (the incoming one is dropped). Default: true.
   *
   * @example
   * static shouldUpdate(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any) {
   *   return incoming.version >= existing.version;
   * }
   */
  static shouldUpdate(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): boolean;
  static shouldUpdate(): boolean {
    return true;
  }

  /**
   * A message when a record is unusable, else undefined. Checked when a response is
   * stored (a message fails it with status 400) and when a stored record is read
   * (a message makes it read as invalid, so it is fetched again).
   *
   * @example
   * static validate(processed: any) {
   *   if (!('title' in processed)) return 'title is missing';
   * }
   */
  static validate(processed: any): string | undefined;
  static validate(): string | undefined {
    return undefined;
  }

  /**
   * True when `incoming` was fetched before what is stored: it then merges underneath.
   *
   * @example
   * static shouldReorder(a: EntityMeta, b: EntityMeta) { return b.fetchedAt < a.fetchedAt; }
   */
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): boolean;
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt;
  }

  /**
   * Merge used by the store: an earlier-fetched response never overwrites a later one.
   *
   * @example
   * Todo.mergeWithStore(storedMeta, meta, stored, incoming)
   */
  static mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): any {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /**
   * Meta kept after a merge: the later fetch wins.
   *
   * @example
   * Todo.mergeMetaWithStore(storedMeta, meta, stored, incoming)
   */
  static mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? existingMeta : incomingMeta;
  }

  /**
   * An instance from plain props, missing fields at their defaults (no deserialising).
   *
   * @example
   * const todo = Todo.fromJS({ id: 1, title: 'milk' });
   */
  static fromJS<T extends abstract new (...args: any) => any>(this: T, props?: Partial<InstanceType<T>>): InstanceType<T> {
    return Object.assign(entityPlan(this).make(), props);
  }

  /**
   * An instance with every field at its default (inherited fields included), e.g. to
   * tell a field the server sent from one left at its default.
   *
   * @example
   * Todo.defaults.title // ''
   */
  static get defaults(): any {
    return this.fromJS();
  }

  // `static defaults = ...` compiled with assignment semantics (useDefineForClassFields off)
  static set defaults(value: any) {
    setHidden(this, 'defaults', value, true);
  }

  /**
   * Store one record: process, compute pk, normalize nested fields, merge. Returns the pk.
   *
   * @example
   * Todo.normalize(input, undefined, undefined, [], visit, delegate) // '5'
   */
  static normalize(
    input: any,
    parent: any,
    key: any,
    args: readonly any[],
    visit: Visit,
    delegate: NormalizeDelegate,
  ): any {
    if (typeof input !== 'object' || input === null) {
      if (DEV) assertParsed(input, this.key, key);
      // a bare primary key: a reference to an entity stored elsewhere
      return input;
    }
    // Development names the mistake; in production an array has no pk and fails below.
    if (DEV && Array.isArray(input)) devFail(this.key, key, 'expected one object but got an array', `declare the schema as [${this.key}] if the response is a list`);
    let processed = this.process(input, parent, key, args);
    // process() saying "nothing usable": the record is deleted (a tombstone), by the input's pk
    const gone = processed === undefined;
    const plan = entityPlan(this);
    let id = this.pk(gone ? input : processed, parent, key, args);
    // meta.made: the index of the last temp this normalize call handed out (its meta is its own)
    const meta = delegate.meta as NormalizeDelegate['meta'] & { made?: number };
    const temps = meta.optimistic;
    if (noPk(id) && !gone && temps) {
      // Optimistic create: the server assigns the key later. Until then it gets a
      // temporary one of its own, kept by the pending update so every replay gives it again.
      const seq = temps === true ? ++lastTemp : (temps[(meta.made = (meta.made ?? -1) + 1)] ??= ++lastTemp);
      id = `optimistic-${seq}`;
      // The pk field reads it too (a negative number where the field's default is a number),
      // so `key={todo.id}` tells two pending creates apart.
      const defaults = plan.defaults;
      for (const field in defaults) {
        // A copy: the caller's object is never changed.
        const probe = { ...processed, [field]: typeof defaults[field] === 'number' ? -seq : id };
        if (this.pk(probe, parent, key, args) === probe[field]) {
          id = probe[field];
          processed = probe;
          break;
        }
      }
    }
    // No pk, or an object one: `${id}` would give '[object Object]' or '1,2', different
    // entities under one key (null is noPk's). A pk() returning a function or symbol is the
    // app's own bug. One production message for both (ERRORS.md#50).
    if (noPk(id) || typeof id === 'object') {
      throw new SchemaError(
        this.key,
        key,
        !DEV
          ? 'pk' + errorCode(50)
          : noPk(id)
            ? // All of the hint inside the DEV branch (a helper function would still ship).
              'missing primary key\n  hint: ' +
              ((fields: string) =>
                `pk() returned ${JSON.stringify(this.pk(processed ?? input))}: ` +
                (this.prototype.pk === Entity.prototype.pk
                  ? `the default pk() reads the \`id\` field, which is missing; fields present: ${fields}. Define pk() or add \`id\``
                  : `pk() found nothing in the fields present: ${fields}`))(Object.keys(processed ?? input).slice(0, 8).join(', ') || 'none')
            : `primary key must be a string or number\n  hint: got ${Array.isArray(id) ? 'an array' : 'object'} ${safeShow(id)}${this.prototype.pk === Entity.prototype.pk ? '; the `id` field holds it: define pk() to pick a scalar' : ''}`,
      );
    }
    const pk = `${id}`;
    if (gone) {
      delegate.invalidate(this.key, pk);
      return pk;
    }
    const invalid = this.validate(processed);
    if (invalid) throw new SchemaError(this.key, key, invalid);
    // never mutate the caller's object: process may return its input
    const data = processed === input ? { ...input } : processed;
    const nested = plan.nestedKeys;
    for (let i = 0; i < nested.length; i += 2) {
      const k = nested[i];
      const v = data[k];
      if (v !== undefined && v !== null) data[k] = visit(nested[i + 1], v, data, k, args);
    }
    delegate.mergeEntity(this as any, pk, data);
    // A stored record without an indexed field is never found by it (a partial update merged
    // into a whole record is fine): said once per class. No declarations in the block:
    // esbuild keeps a dead block that declares anything.
    if (DEV && this.indexes?.some((f) => !(f in (delegate.getEntity(this.key, pk) ?? data))) && !Object.hasOwn(this, '__restoIndexWarned')) {
      Object.defineProperty(this, '__restoIndexWarned', { value: true });
      console.warn(
        `${this.key}: a record has no ${this.indexes!.filter((f) => !(f in (delegate.getEntity(this.key, pk) ?? data))).join(', ')} field, listed in static indexes, so a lookup by it will not find this record; indexes name top-level fields of the stored record. Record: ${safeShow(data)}`,
      );
    }
    return pk;
  }

  /**
   * Instance from a stored record without nested fields resolved: defaults, stored
   * fields, deserialisers applied. The denormalizer fills nested fields after.
   *
   * @example
   * Undefined when `validate()` rejects the record.
   *
   * @example
   * Todo.createIfValid({ id: 1 }) // Todo { id: 1, title: '' }
   */
  static createIfValid(stored: any): any {
    const plan = entityPlan(this);
    if (this.validate(stored)) return undefined;
    // records with many undeclared fields copy fastest by spread; few, by assigning onto `new`
    plan.spread ??= Object.keys(stored).length > Object.keys(plan.defaults).length + 8 && Object.keys(plan.defaults);
    // (an indexed loop: every() measured 3-10 % slower here on records with many undeclared fields)
    const all = plan.spread && hasAll(stored, plan.spread);
    // A JSON field named "__proto__" stays a field: Object.assign would make it the prototype.
    const inst =
      all || Object.hasOwn(stored, '__proto__')
        ? Object.setPrototypeOf(all ? { ...stored } : { ...plan.make(), ...stored }, this.prototype)
        : Object.assign(plan.make(), stored);
    const deser = plan.deser;
    for (let i = 0; i < deser.length; i += 2) {
      const k = deser[i];
      const v = stored[k];
      if (v !== undefined && v !== null) inst[k] = deser[i + 1](v);
    }
    return inst;
  }

  /**
   * Resolve nested fields of an instance made by `createIfValid` (in place) and return it.
   * Given a stored record instead of an instance, creates the instance first.
   *
   * @example
   * Todo.denormalize(Todo.createIfValid(stored), [], unvisit)
   */
  static denormalize(input: any, _args: readonly any[], unvisit: Unvisit): any {
    const inst = input instanceof this ? input : this.createIfValid(input);
    if (inst === undefined) return INVALID;
    const plan = entityPlan(this);
    const nested = plan.nestedKeys;
    for (let i = 0; i < nested.length; i += 2) {
      const k = nested[i];
      const v = inst[k];
      if (v === undefined || v === null) continue;
      let value = unvisit(nested[i + 1], v);
      // A deleted single reference reads as missing, unless the field is required (its
      // default is not empty): then this entity reads as deleted too, as in data-client.
      // Lists drop deleted members themselves.
      if (typeof value === 'symbol') {
        if (plan.defaults[k]) return value;
        value = undefined;
      }
      inst[k] = value;
    }
    return inst;
  }

  /**
   * Store key of a lookup by primary key (`[5]`, `[{ id: 5 }]`) or by a field in
   * `indexes` (`[{ slug: 'a' }]`); undefined when not stored.
   *
   * @example
   * Todo.queryKey([{ id: 5 }], delegate) // '5'
   */
  static queryKey(args: readonly any[], delegate: QueryDelegate): any {
    const first = args[0];
    if (first === undefined || first === null) return undefined;
    const id = typeof first === 'object' ? this.pk(first, undefined, undefined, args) : first;
    if (noPk(id)) {
      const field = this.indexes?.find((f) => first[f] !== undefined);
      // no indexed field given: nothing to scan (for...in over false lists nothing)
      const table: any = field !== undefined && delegate.getEntities(this.key);
      for (const pk in table) if (table[pk]?.[field!] === first[field!]) return pk;
      return undefined;
    }
    const pk = `${id}`;
    return delegate.getEntity(this.key, pk) === undefined ? undefined : pk;
  }
}

function hasAll(obj: object, keys: string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (!(keys[i]! in obj)) return false;
  return true;
}

// Called by development messages only: `false` in production, so no function ships.
const safeShow = (DEV &&
  ((value: unknown): string => {
    try {
      const text = JSON.stringify(value) ?? String(value);
      return text.length > 40 ? `${text.slice(0, 40)}...` : text;
    } catch {
      return '';
    }
  })) as (value: unknown) => string;
