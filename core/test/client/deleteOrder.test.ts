// A delete answered after data from a later fetch was stored: its tombstone keeps the
// newer fetch's start time, so an answer to a fetch started in between cannot bring the
// entity back. Found by the model test (model.property.test.ts, seed 3).
import { eachHoldingServer, hold } from '@resto/testing';
import { expect, it } from 'vitest';
import { createClient, Entity, resource } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'DeleteOrderTodo';
}

const env = eachHoldingServer();

it('DELETE (held), then a list GET (held, built with the todo), then a PATCH answered at once; the DELETE answers, then the list: the todo stays deleted', async () => {
  const gates = { del: hold(), list: hold() };
  const server = await env.start(async (req) => {
    if (req.method === 'PATCH') return { body: { id: 2, title: 'new' } };
    if (req.method === 'DELETE') {
      await gates.del.promise;
      return { body: { id: 2 } };
    }
    const body = [{ id: 2, title: 'old' }]; // built on arrival, before the delete applies
    await gates.list.promise;
    return { body };
  });
  const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
  const client = env.client(createClient());
  const { controller } = client;

  const deleting = controller.fetch(TodoResource.delete, { id: 2 });
  await server.received(1);
  const listing = controller.fetch(TodoResource.getList);
  await server.received(2);
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'new' });
  gates.del.release();
  await deleting;
  gates.list.release();
  await listing;

  // The list started before the PATCH whose data the delete replaced: it restores nothing.
  expect(controller.getResponse(TodoResource.getList, client.getSnapshot()).data).toEqual([]);
  expect(client.getSnapshot().entities[Todo.key]?.['2']).not.toMatchObject({ title: 'old' });
});
