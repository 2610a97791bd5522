// observer.promise() settles only once its read shows an outcome: when the answer it
// waited for predates an invalidation, it waits for the request asked again. Found by
// the model test (model.property.test.ts, seed 1).
import { eachHoldingServer, hold } from '@resto/testing';
import { expect, it } from 'vitest';
import { createClient, Entity, resource } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'PromiseTodo';
}

const env = eachHoldingServer();

it('promise() of a read invalidated while its request runs settles with the answer of the request asked again, never loading with nothing in flight', async () => {
  const gate = hold();
  let served = 0;
  const server = await env.start(async () => {
    const title = `answer ${++served}`; // built on arrival
    if (served === 1) await gate.promise; // the first answer comes when the test says
    return { body: { id: 1, title } };
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const client = env.client(createClient());

  const view = client.observe(TodoResource.get, { id: '1' }); // a suspended read: never subscribed
  const waiting = view.promise();
  await server.received(1);
  await client.controller.invalidate(TodoResource.get, { id: '1' });
  gate.release();

  await waiting; // the held answer predates the invalidation: it is asked again first
  expect(view.getSnapshot()).toMatchObject({ loading: false, error: undefined, data: { id: 1, title: 'answer 2' } });
  expect(server.count('GET', '/todos/1')).toBe(2);
});

it('the request a suspended read asked again is still its claim: release() aborts it', async () => {
  const first = hold();
  let served = 0;
  let again!: () => void;
  const askedAgain = new Promise<void>((resolve) => (again = resolve));
  let aborted!: () => void;
  const gone = new Promise<void>((resolve) => (aborted = resolve));
  const server = await env.start(async (req) => {
    const n = ++served;
    if (n === 1) await first.promise;
    else {
      void req.closed.then(aborted);
      again();
      await new Promise<void>(() => {}); // the second answer never comes: only an abort ends it
    }
    return { body: { id: 1, title: `answer ${n}` } };
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const client = env.client(createClient());

  const view = client.observe(TodoResource.get, { id: '1' }); // a suspended read: never subscribed
  void view.promise();
  await server.received(1);
  await client.controller.invalidate(TodoResource.get, { id: '1' });
  first.release();
  await askedAgain; // the first answer predated the invalidation: the read asked again
  view.release(); // the render was abandoned
  await gone;
  expect(client.controller.requests.size).toBe(0);
});
