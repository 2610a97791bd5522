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
