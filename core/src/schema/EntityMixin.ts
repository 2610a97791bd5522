// EntityMixin: making an Entity of a class that cannot extend Entity, by copying Entity's statics.
import { Entity } from './Entity';

type AnyClass = abstract new (...args: any[]) => any;

/** Options of {@link EntityMixin}: which field (or function) is the pk, the key, the schema, other statics. */
export interface EntityMixinOptions<T = any> {
  /** Field name holding the primary key, or a function of the record. Default: `id`. */
  readonly pk?: (string & keyof T) | ((value: T, parent?: any, key?: any) => string | number | undefined);
  /** Table name. Default: the class name. */
  readonly key?: string;
  /** Nested schemas and deserializers, as Entity's `static schema`. */
  readonly schema?: Record<string, any>;
  readonly [staticMember: string]: unknown;
}

/** What the mixed class offers: the base class's instances plus Entity's statics and `pk()`. */
export type EntityMixinClass<T extends AnyClass> = Omit<typeof Entity, 'prototype'> &
  Omit<T, 'prototype'> &
  (new (...args: ConstructorParameters<T>) => InstanceType<T> & { pk(parent?: any, key?: any, args?: readonly any[]): string | number | undefined });

const skip = new Set(['length', 'name', 'prototype', 'key', 'schema']);

/**
 * Makes an Entity out of a class that cannot extend Entity (a class from another
 * library, a class with its own base). Entity's statics are copied onto a subclass.
 *
 * @example
 * class Article { id = ''; title = ''; author = ''; }
 * const ArticleEntity = EntityMixin(Article, { key: 'Article', schema: { author: User } });
 * const getArticle = new RestEndpoint({ path: '/articles/:id', schema: ArticleEntity });
 */
export function EntityMixin<T extends AnyClass>(Base: T, options: EntityMixinOptions<InstanceType<T>> = {}): EntityMixinClass<T> {
  const Mixed = class EntityMixin extends (Base as any) {} as any;
  for (const name of Object.getOwnPropertyNames(Entity)) {
    const own = Object.getOwnPropertyDescriptor(Entity, name)!;
    // the base's own static wins, but a value that is no function never stands where Entity
    // calls a method (a base's `static validate = { ... }`: Entity calls `validate()`)
    if (skip.has(name) || (name in Base && !(typeof own.value === 'function' && typeof (Base as any)[name] !== 'function'))) continue;
    Object.defineProperty(Mixed, name, own);
  }
  const { pk, key, schema, ...statics } = options;
  Object.assign(Mixed, statics);
  Mixed.schema = schema ?? (Base as any).schema ?? {};
  const name = key ?? (Base as any).key ?? Base.name;
  Object.defineProperty(Mixed, 'key', { value: name, writable: true, configurable: true, enumerable: true });
  if (typeof pk === 'function') {
    Mixed.prototype.pk = function pkOf(this: any, parent?: any, k?: any) {
      return pk(this, parent, k);
    };
  } else if (typeof pk === 'string') {
    Mixed.prototype.pk = function pkOf(this: any) {
      return this[pk];
    };
  } else if (typeof Mixed.prototype.pk !== 'function') {
    Mixed.prototype.pk = Entity.prototype.pk;
  }
  return Mixed;
}
