import { describe, expect, it } from 'vitest';
import { createClient, Entity, initialState, RestEndpoint, type State } from '../../src';
import { flatTable, tableKeys, writeLayer } from '../../src/normalize';

class Todo extends Entity {
  id = '';
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });

function depth(table: object): number {
  let n = 0;
  for (let t = Object.getPrototypeOf(table); t !== Object.prototype && t !== null; t = Object.getPrototypeOf(t)) n++;
  return n;
}

describe('layered tables', () => {
  it('a write leaves the table it was made from as it was', () => {
    const a = writeLayer(undefined, { '1': 'one', '2': 'two' });
    const b = writeLayer(a, { '2': 'TWO', '3': 'three' });
    expect(a).toEqual({ '1': 'one', '2': 'two' });
    expect([b['1'], b['2'], b['3']]).toEqual(['one', 'TWO', 'three']);
    expect(tableKeys(b).sort()).toEqual(['1', '2', '3']);
    expect(flatTable(b)).toEqual({ '1': 'one', '2': 'TWO', '3': 'three' });
  });

  it('stays shallow however many single writes it takes', () => {
    const base: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) base[`k${i}`] = i;
    let t = writeLayer(undefined, base);
    for (let i = 0; i < 5_000; i++) t = writeLayer(t, { [`new${i}`]: i });
    // log4(15,000) is about 7
    expect(depth(t)).toBeLessThanOrEqual(8);
    expect(tableKeys(t)).toHaveLength(15_000);
    expect(t.k42).toBe(42);
    expect(t.new4999).toBe(4999);
  });

  it('serializes as the whole table (JSON.stringify sees own properties only)', async () => {
    const client = createClient({ managers: [] });
    for (let i = 0; i < 20; i++) await client.controller.setResponse(getTodo, { id: `t${i}` }, { id: `t${i}`, title: `${i}` });
    const state = client.getSnapshot();
    const parsed = JSON.parse(JSON.stringify(state));
    expect(Object.keys(parsed.entities.Todo).sort()).toEqual(tableKeys(state.entities.Todo!).sort());
    expect(Object.keys(parsed.entities.Todo)).toHaveLength(20);
    expect(Object.keys(parsed.endpoints)).toHaveLength(20);
    expect(parsed.entities.Todo.t3).toEqual({ id: 't3', title: '3' });
    // a state restored from JSON works as initial state
    const restored = createClient({ managers: [], initialState: parsed });
    expect(restored.controller.getResponse(getTodo, { id: 't7' }, restored.getSnapshot()).data?.title).toBe('7');
    client.destroy();
    restored.destroy();
  });

  it('keeps an own "__proto__" entry an entry', () => {
    const t = writeLayer(writeLayer(undefined, { a: 1 }), JSON.parse('{"__proto__": 2}'));
    expect(Object.getOwnPropertyDescriptor(t, '__proto__')?.value).toBe(2);
    expect(t.a).toBe(1);
  });
});

describe('a store write costs what it writes', () => {
  it('writing one entity into a store of 10,000 reads a handful of the stored entries, not the table', async () => {
    const stored: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) stored[`u${i}`] = { id: `u${i}`, title: `t${i}` };
    let reads = 0;
    const counting = new Proxy(stored, {
      get(target, key, receiver) {
        if (typeof key === 'string' && key.startsWith('u')) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const state: State = { ...initialState(), entities: { Todo: counting } };
    const client = createClient({ managers: [], initialState: state });
    for (let i = 0; i < 100; i++) {
      await client.controller.setResponse(getTodo, { id: `u${i % 5}` }, { id: `u${i % 5}`, title: `write ${i}` });
    }
    // Copying the table on each write would read 100 x 10,000 entries.
    expect(reads).toBeLessThan(1_000);
    const after = client.getSnapshot();
    expect(after.entities.Todo!.u3).toEqual({ id: 'u3', title: 'write 98' });
    expect(after.entities.Todo!.u9999).toEqual({ id: 'u9999', title: 't9999' });
    expect('u500' in after.entities.Todo!).toBe(true);
    client.destroy();
  });

  it('an older snapshot keeps what it showed', async () => {
    const client = createClient({ managers: [] });
    await client.controller.setResponse(getTodo, { id: 'a' }, { id: 'a', title: 'first' });
    const before = client.getSnapshot();
    await client.controller.setResponse(getTodo, { id: 'a' }, { id: 'a', title: 'second' });
    await client.controller.setResponse(getTodo, { id: 'b' }, { id: 'b', title: 'other' });
    expect(before.entities.Todo!.a).toEqual({ id: 'a', title: 'first' });
    expect(before.entities.Todo!.b).toBeUndefined();
    expect(client.getSnapshot().entities.Todo!.a).toEqual({ id: 'a', title: 'second' });
    expect(before.endpoints[getTodo.key({ id: 'b' })]).toBeUndefined();
    expect(client.getSnapshot().endpoints[getTodo.key({ id: 'b' })]).toBe('b');
    client.destroy();
  });
});
