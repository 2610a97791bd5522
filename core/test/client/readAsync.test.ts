// readAsync() waits for the real answer when the promise it was waiting on resolved early
// (usable data came by another path) and the data was then invalidated (issue 45).
import { eachHoldingServer, hold } from '@resto/testing';
import { expect, it } from 'vitest';
import { readAsync, createClient, Entity, resource } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

const env = eachHoldingServer();

it('an early-resolved promise then an invalidation: readAsync waits for the request (yielding to timers), asks again since its answer predates the invalidation, and settles with the data', async () => {
  const gate = hold();
  const server = await env.start(async (req) => {
    if (req.path === '/todos') return { body: [{ id: 1, title: 'one' }] };
    await gate.promise; // answered when the test says
    return { body: { id: 1, title: 'one' } };
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const client = env.client(createClient());

  const view = client.observe(TodoResource.get, { id: '1' }); // never subscribed
  const early = view.promise(); // starts GET /todos/1, held
  await server.received(1, (r) => r.path === '/todos/1');
  await client.controller.fetch(TodoResource.getList); // stores todo 1: the promise resolves early
  await early;
  await client.controller.invalidate(TodoResource.get, { id: '1' });
  expect(view.getSnapshot()).toMatchObject({ data: undefined, loading: true });

  // A loop that awaits an already-resolved promise again and again never lets timers run:
  // count the promises it asks for, so a spin fails the test instead of freezing it.
  let asked = 0;
  const promise = view.promise.bind(view);
  view.promise = () => {
    if (++asked > 100) throw new Error('readAsync spins on a settled promise');
    return promise();
  };
  const timer = new Promise((resolve) => setTimeout(resolve, 0)); // scheduled before readAsync
  let settled = false;
  const reading = readAsync(view).finally(() => (settled = true));
  await timer; // fires: the loop yields
  expect(settled).toBe(false);

  gate.release();
  expect(await reading).toMatchObject({ id: 1, title: 'one' });
  expect(view.getSnapshot()).toMatchObject({ loading: false, error: undefined });
  // The held answer predates the invalidation, so it answers nothing: one more request does.
  expect(server.count('GET', '/todos/1')).toBe(2);
});
