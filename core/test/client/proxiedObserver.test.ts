import { afterEach, expect, it } from 'vitest';
import { readAsync, Entity, RestEndpoint, type Client } from '../../src';
import { createMockClient } from '../../src/mock';

// An observer kept in Vue's `ref()`/`reactive()` (or any other Proxy) is called through
// the proxy: `this` is the proxy, which carries none of the class's `#private` members.
// What `promise()`, `read()` and `close()` reach must work through it, as it did before.

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

it('promise(), read(), readAsync(), release() and close() work on a proxy of the observer (Vue reactivity)', async () => {
  client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }) }]);
  const proxied = <T extends object>(target: T): T => new Proxy(target, {});

  const one = proxied(client.observe(getTodo, { id: 1 }));
  const r = one.read();
  expect(r.status).toBe('pending');
  await (r as { promise: Promise<void> }).promise;
  expect(one.read()).toMatchObject({ status: 'ready', data: { id: 1, title: 't1' } });

  const two = proxied(client.observe(getTodo, { id: 2 }));
  await two.promise();
  expect(two.getSnapshot().data).toMatchObject({ title: 't2' });

  expect(await readAsync(proxied(client.observe(getTodo, { id: 3 })))).toMatchObject({ title: 't3' });

  const four = proxied(client.observe(getTodo, { id: 4 }));
  void four.promise();
  four.release();
  const unsubscribe = four.subscribe(() => {});
  four.close();
  unsubscribe();
});
