import { afterEach, expect, it } from 'vitest';
import { createClient, Endpoint, ExpiryStatus, NetworkManager, type Client } from '../../src';

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

for (const expireToo of [false, true]) {
  it(`an answer to a fetch started before invalidate() leaves the result invalid${expireToo ? ' (expireAll in between)' : ''}`, async () => {
    let answer!: (v: unknown) => void;
    const ep = new Endpoint(() => new Promise((r) => (answer = r)), { name: 'todo' });
    const c = (client = createClient({ managers: [new NetworkManager()] }));
    await c.controller.setResponse(ep, { v: 'old' });
    const pending = c.controller.fetch(ep); // started before the invalidation
    await flush();
    await c.controller.invalidate(ep);
    if (expireToo) await c.controller.expireAll({ testKey: () => true });
    answer({ v: 'from before the invalidation' });
    await pending;
    expect(c.controller.getResponse(ep, c.getSnapshot()).expiryStatus).toBe(ExpiryStatus.Invalid);
  });
}

it('INVALIDATE marks only its own key, and a key with nothing stored only while a request for it runs', async () => {
  const { reducer, initialState, INVALIDATE, INVALIDATE_ALL, ChangeSet } = await import('../../src/internal');
  const stored = { ...initialState(), endpoints: { a: 1, b: 2 }, meta: { a: { date: 1, fetchedAt: 1, expiresAt: 9 }, b: { date: 1, fetchedAt: 1, expiresAt: 9 } } };
  const changes = new ChangeSet();
  const one = reducer(stored, { type: INVALIDATE, key: 'a', date: 5 }, changes);
  expect(one.meta.a).toEqual({ date: 1, fetchedAt: 1, expiresAt: 0, invalidated: true, invalidatedAt: 5 });
  expect(one.meta.b).toBe(stored.meta.b);
  expect(changes.keys).toEqual(['a']);
  // Nothing stored under the key: nothing to mark, the same state...
  expect(reducer(stored, { type: INVALIDATE, key: 'c' })).toBe(stored);
  // ...unless a request for it runs (its answer must not count as valid).
  expect(reducer(stored, { type: INVALIDATE, key: 'c', inFlight: true }).meta.c).toEqual({ date: 0, fetchedAt: 0, expiresAt: 0, invalidated: true });
  // By test: every stored key that passes it.
  const all = reducer(stored, { type: INVALIDATE_ALL, testKey: (k) => k !== 'b', date: 7 });
  expect(all.meta.a).toMatchObject({ invalidated: true, invalidatedAt: 7 });
  expect(all.meta.b).toBe(stored.meta.b);
});
