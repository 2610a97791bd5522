// OneOf: one schema, which Collection's own `[S]` list and the Invalidate of resource()'s
// delete read through; OneOfMap adds the map of schemas picked per value by a discriminator
// (the lookups and the read of a stored `{ id, schema }`) that Polymorphic (the base of
// Union, Array, Values and All) and Invalidate share, so apps without them do not bundle it.
// Normalizing a value picked by discriminator is Polymorphic's.
import { schemaName } from './schemaName';
import type { QueryDelegate, Unvisit } from './types';

export type SchemaAttribute = string | ((value: any, parent: any, key: any) => string);

/** One schema (OneOfMap: or a map of schemas chosen per value by a discriminator attribute). */
export abstract class OneOf {
  /** The single schema, or the map of schemas by discriminator value. */
  declare readonly schema: any;
  // set by OneOfMap's constructor: declared, so no class-field definitions ship
  protected declare attribute: ((value: any, parent: any, key: any) => string) | undefined;

  constructor(definition: any) {
    this.schema = definition;
  }

  /** True when values pick their schema by attribute. */
  get isSingleSchema(): boolean {
    return !this.attribute;
  }

  /** Name used in warnings and errors. */
  get name(): string {
    return `${this.constructor.name}(${schemaName(this.schema)})`;
  }

  /** Schema for one value, or undefined for an unknown discriminator. */
  inferSchema(value: any, parent: any, key: any): any;
  // (overloads: the parameters it ignores are not shipped)
  inferSchema(): any {
    return this.schema;
  }

  /**
   * @internal What a Collection of these members names its table by: the member entity's key,
   * as data-client names it (`s`: a member schema, named the same way; default this one's).
   * Members picked by a discriminator are `value:Key` pairs (OneOfMap's): data-client's
   * `User;Group` would give two lists that store different discriminator values one table,
   * and each would then read the other's references.
   *
   * @example
   * new Union({ users: User, groups: Group }, 'type').membersName() // 'users:User;groups:Group'
   */
  membersName(s: any = this.schema): string {
    return s instanceof OneOf ? s.membersName() : schemaName(s);
  }

  /** Nothing stored is found from args alone (Union and All look theirs up). */
  queryKey(args: readonly any[], delegate: QueryDelegate): any;
  queryKey(): any {
    return undefined;
  }

  /** One value read back by the schema (list and map schemas call it per member). */
  denormalize(value: any, _args: readonly any[], unvisit: Unvisit): any {
    return unvisit(this.schema, value);
  }
}

/** One schema, or a map of schemas chosen per value by a discriminator attribute. */
export abstract class OneOfMap extends OneOf {
  constructor(definition: any, schemaAttribute?: SchemaAttribute) {
    super(definition);
    // a function (or undefined: one schema) as given
    this.attribute = typeof schemaAttribute === 'string' ? (value: any) => value?.[schemaAttribute] : schemaAttribute;
  }

  override get name(): string {
    return this.attribute ? `${this.constructor.name}(${Object.values(this.schema).map(schemaName).join('|')})` : super.name;
  }

  override membersName(): string {
    const s = this.schema;
    return this.attribute ? Object.keys(s).map((value) => `${value}:${super.membersName(s[value])}`).join(';') : super.membersName();
  }

  override inferSchema(value: any, parent: any, key: any): any {
    return this.attribute ? this.schema[this.attribute(value, parent, key)] : this.schema;
  }

  /** A stored `{ id, schema }` read by the member it names (Invalidate and Union read this way). */
  override denormalize(value: any, args: readonly any[], unvisit: Unvisit): any {
    if (!this.attribute) return super.denormalize(value, args, unvisit);
    // (no member is named by a value that is no string: `[object Object]`, `undefined`)
    const schema = typeof value === 'object' && value !== null && this.schema[value.schema];
    // a value kept as is for an unknown discriminator reads back unchanged
    return schema && 'id' in value ? unvisit(schema, value.id) : value;
  }
}
