// What an object schema shows before anything is stored: its plain default values.
import { KIND } from './symbols';

const cache = new WeakMap<object, unknown>();

/** An object literal (or `Object.create(null)`): not an array, class instance or Date. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  // `false` for anything that is no object, which no prototype equals
  const proto = typeof value === 'object' && value !== null && Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * What a read of an object schema shows before anything is stored: its plain
 * default values (`{ results: new Collection([Todo]), cursor: '' }` gives
 * `{ cursor: '' }`), the same object every time. Undefined for any other schema.
 *
 * @example
 * schemaDefaults({ total: 0, results: [Todo] }) // { total: 0 }
 * schemaDefaults(Todo) // undefined
 */
export function schemaDefaults(schema: unknown): unknown {
  const definition = (schema as any)?.[KIND] === 'Object' ? (schema as any).schema : isPlainObject(schema) ? schema : undefined;
  if (definition === undefined) return undefined;
  let defaults = cache.get(definition) as Record<string, unknown> | undefined;
  if (defaults === undefined) {
    cache.set(definition, (defaults = {}));
    // (a plain object: no inherited keys to list)
    for (const key in definition) {
      const value = definition[key];
      // a primitive (null included) is its own default; a nested plain object has its own
      // defaults; entities, lists, collections and deserializers have no value until fetched
      if (Object(value) !== value) defaults[key] = value;
      else if (isPlainObject(value)) defaults[key] = schemaDefaults(value);
    }
  }
  return defaults;
}
