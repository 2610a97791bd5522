import { afterEach, describe, expect, it, vi } from 'vitest';
import { All, Endpoint, Entity, Invalidate, createClient, schema } from '../../src';
import { MemoCache, normalize } from '../../src/normalize';

// data-client's `new All(map, schemaAttribute)` form, and an endpoint with an All schema.

class Cat extends Entity {
  id = '';
  name = '';
  readonly type = 'Cat';
  static override key = 'Cat';
}
class Dog extends Entity {
  id = '';
  name = '';
  readonly type = 'dogs';
  static override key = 'Dog';
}
class Person extends Entity {
  id = '';
  name = '';
  readonly type = 'people';
  static override key = 'Person';
}

const pets = () => new All({ Cat, dogs: Dog, people: Person }, (input: { type?: string }) => input.type || 'dogs');

afterEach(() => vi.restoreAllMocks());

describe('All over a map of kinds with a discriminator', () => {
  it('normalizes each member into its own table', () => {
    const { entities } = normalize(pets(), [
      { type: 'Cat', id: '123' },
      { type: 'people', id: '123' },
      { id: '789', name: 'fido' },
      { type: 'Cat', id: '456' },
    ]);
    expect(Object.keys(entities.Cat!)).toEqual(['123', '456']);
    expect(Object.keys(entities.Person!)).toEqual(['123']);
    expect(Object.keys(entities.Dog!)).toEqual(['789']);
  });

  it('reads every live member of every kind, as instances of their classes', () => {
    let state = normalize(pets(), [
      { type: 'Cat', id: '1', name: 'Milo' },
      { type: 'Cat', id: '2', name: 'Jake' },
      { type: 'dogs', id: '1', name: 'Rex' },
      { type: 'people', id: '1', name: 'Alice' },
    ]);
    state = normalize(new Invalidate(Cat), '2', [], state);
    const read = new MemoCache().query(pets(), [], state) as (Cat | Dog | Person)[];
    expect(read.map((x) => `${x.constructor.name}:${x.name}`)).toEqual(['Cat:Milo', 'Dog:Rex', 'Person:Alice']);
  });

  it('is undefined before any of its kinds is stored; a string attribute works too', () => {
    const state = normalize([Cat], [{ id: '1', name: 'Milo' }]);
    expect(new MemoCache().query(new All({ dogs: Dog, people: Person }, 'type'), [], state)).toBeUndefined();
    const both = new All({ Cat, dogs: Dog }, 'type');
    expect((new MemoCache().query(both, [], state) as Cat[]).map((c) => c.name)).toEqual(['Milo']);
    expect(both.key).toBe('All(Cat|Dog)');
  });

  it('is schema.All, and reads nested in an object schema next to a primitive', () => {
    expect(schema.All).toBe(All);
    const state = normalize([Cat], [{ id: '1', name: 'Milo' }, { id: '2', name: 'Jake' }]);
    const value = new MemoCache().query({ results: new schema.All(Cat), nextPage: '' }, [], state) as { results: Cat[] };
    expect(value.results.map((c) => c.name)).toEqual(['Milo', 'Jake']);
  });
});

describe('an endpoint whose schema is All', () => {
  it('lists entities stored by other endpoints too (it reads the tables, as data-client)', async () => {
    const client = createClient({ managers: [] });
    const allCats = new Endpoint(async (): Promise<Cat[]> => [], { schema: new All(Cat), name: 'allCats' });
    const oneCat = new Endpoint(async ({ id }: { id: string }) => ({ id }), { schema: Cat, name: 'oneCat' });
    expect(client.controller.getResponse(allCats, client.getSnapshot()).data).toBeUndefined();
    await client.controller.setResponse(allCats, [{ id: '1', name: 'Milo' }]);
    await client.controller.setResponse(oneCat, { id: '2' }, { id: '2', name: 'Jake' });
    const { data } = client.controller.getResponse(allCats, client.getSnapshot());
    expect(data?.map((c) => c.name)).toEqual(['Milo', 'Jake']);
    client.destroy();
  });

  it('an empty answer is an empty list, not a missing one', async () => {
    const client = createClient({ managers: [] });
    const allDogs = new Endpoint(async () => [], { schema: new All(Dog), name: 'allDogs' });
    await client.controller.setResponse(allDogs, []);
    const { data, expiryStatus } = client.controller.getResponse(allDogs, client.getSnapshot());
    expect(data).toEqual([]);
    expect(expiryStatus).not.toBe(1);
    client.destroy();
  });

  it('a polymorphic All endpoint reads every kind', async () => {
    const client = createClient({ managers: [] });
    const allPets = new Endpoint(async (): Promise<(Cat | Dog | Person)[]> => [], { schema: pets(), name: 'allPets' });
    await client.controller.setResponse(allPets, [{ type: 'Cat', id: '1', name: 'Milo' }, { id: '7', name: 'Rex' }]);
    const { data } = client.controller.getResponse(allPets, client.getSnapshot());
    expect(data?.map((p) => p.name)).toEqual(['Milo', 'Rex']);
    expect(data?.[1]).toBeInstanceOf(Dog);
    client.destroy();
  });
});
