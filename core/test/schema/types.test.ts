import { describe, expectTypeOf, it } from 'vitest';
import {
  All,
  Collection,
  Entity,
  Invalidate,
  Query,
  Union,
  Values,
  schema,
  type Denormalize,
  type DenormalizeNullable,
  type Normalize,
} from '../../src/schema';
import { denormalize, normalize } from '../../src/normalize';

class User extends Entity {
  id = 0;
  name = '';
  createdAt = new Date(0);
  static override key = 'TUser';
  static override schema = { createdAt: Date };
}
class Group extends Entity {
  id = '';
  members: User[] = [];
  static override key = 'TGroup';
  static override schema = { members: [User] };
}

describe('schema types', () => {
  it('entity fields come from the class instance fields', () => {
    expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<User>();
    expectTypeOf<Denormalize<typeof User>['createdAt']>().toEqualTypeOf<Date>();
    expectTypeOf<Denormalize<typeof Group>['members']>().toEqualTypeOf<User[]>();
    expectTypeOf(User.fromJS({ name: 'x' })).toEqualTypeOf<User>();
    // @ts-expect-error unknown field
    User.fromJS({ nope: 1 });
  });

  it('arrays, objects and schema classes', () => {
    expectTypeOf<Denormalize<[typeof User]>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<{ user: typeof User; groups: (typeof Group)[] }>>().toEqualTypeOf<{
      user: User;
      groups: Group[];
    }>();
    expectTypeOf<Denormalize<schema.Array<typeof User>>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<Values<typeof User>>>().toEqualTypeOf<Record<string, User>>();
    expectTypeOf<Denormalize<Union<{ u: typeof User; g: typeof Group }>>>().toEqualTypeOf<User | Group>();
    expectTypeOf<Denormalize<Collection<[typeof User]>>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<Collection<Values<typeof User>>>>().toEqualTypeOf<Record<string, User>>();
    expectTypeOf<Denormalize<All<typeof User>>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<Invalidate<typeof User>>>().toEqualTypeOf<User>();
    const _count = new Query(new All(User), (users) => users.length);
    expectTypeOf<Denormalize<typeof _count>>().toEqualTypeOf<number | undefined>();
  });

  it('nullable and normalized forms', () => {
    expectTypeOf<DenormalizeNullable<typeof User>>().toEqualTypeOf<User | undefined>();
    expectTypeOf<DenormalizeNullable<[typeof User]>>().toEqualTypeOf<User[] | undefined>();
    expectTypeOf<DenormalizeNullable<{ u: typeof User }>>().toEqualTypeOf<{ u: User | undefined }>();
    expectTypeOf<Normalize<typeof User>>().toEqualTypeOf<string>();
    expectTypeOf<Normalize<[typeof User]>>().toEqualTypeOf<string[]>();
    expectTypeOf<Normalize<{ u: typeof User; n: number }>>().toEqualTypeOf<{ u: string; n: number }>();
  });

  it('functions are typed from the schema', () => {
    const { result } = normalize<string[]>([User], []);
    expectTypeOf(result).toEqualTypeOf<string[]>();
    expectTypeOf(denormalize([User], result, {})).toEqualTypeOf<User[] | undefined | symbol>();
    const _list = new Collection([User]);
    expectTypeOf<Denormalize<typeof _list.push>>().toEqualTypeOf<User | User[]>();
    // every change schema is typed, and only a change schema may replace one
    expectTypeOf<Denormalize<typeof _list.move>>().toEqualTypeOf<User | User[]>();
    expectTypeOf(_list.remove).toEqualTypeOf(_list.unshift);
    _list.push = _list.addWith((existing, incoming) => [...incoming, ...existing]);
    // @ts-expect-error a change schema, not a merge function
    _list.push = (existing: string[], incoming: string[]) => [...incoming, ...existing];
  });
});
