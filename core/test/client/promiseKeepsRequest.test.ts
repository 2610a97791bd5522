// A read suspended on promise() keeps its request when the subscribed reader it shares
// that request with leaves: the request is not aborted under the wait, and the wait
// settles with the answer. Found by the model test (model.property.test.ts, seed 5).
import { hold, startHoldingServer } from '@resto/testing';
import { afterEach, expect, it } from 'vitest';
import { createClient, Entity, resource, type Client } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'KeepTodo';
}

let client: Client | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  client?.destroy();
  await close?.();
  client = close = undefined;
});

it('a view subscribes, a suspended read of the same list waits on promise(), the view leaves: the request goes on and the wait settles with the list', async () => {
  const gate = hold();
  const server = await startHoldingServer(async () => {
    await gate.promise;
    return { body: [{ id: 1, title: 'one' }] };
  });
  close = server.close;
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  client = createClient();

  const view = client.observe(TodoResource.getList);
  const stop = view.subscribe(() => {});
  await server.received(1);
  const suspended = client.observe(TodoResource.getList); // the subscribed read, shared
  const waiting = suspended.promise();
  stop(); // the view unmounts while the suspended read still waits
  await new Promise((resolve) => setImmediate(resolve)); // the release is a microtask later
  gate.release();
  await waiting;

  expect(suspended.getSnapshot()).toMatchObject({ loading: false, error: undefined, data: [{ id: 1, title: 'one' }] });
  expect(server.count('GET', '/todos')).toBe(1);
});
