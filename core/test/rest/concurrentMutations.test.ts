// Mutations of one endpoint share a store key (it leaves out the body), so two in
// flight at once must still each answer their own caller.
import { afterEach, expect, it, vi } from 'vitest';
import { Endpoint, Entity, NetworkManager, RestEndpoint, createClient, resource } from '../../src';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

afterEach(() => vi.unstubAllGlobals());

/** A fetch whose requests wait until the test answers them, echoing the body with an id. */
function heldFetch() {
  const pending: { url: string; body: string; answer: (id: number) => void }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    new Promise<Response>((resolve) =>
      pending.push({
        url,
        body: String(init.body),
        answer: (id) =>
          resolve(new Response(JSON.stringify({ id, ...JSON.parse(String(init.body)) }), { headers: { 'content-type': 'application/json' } })),
      }),
    ),
  );
  return pending;
}

it('two creates in flight at once: each caller gets the entity its own request created, whatever the answer order', async () => {
  const pending = heldFetch();
  const create = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos', method: 'POST', schema: Todo });
  const client = createClient({ managers: [new NetworkManager()] });
  const a = client.controller.fetch(create, { title: 'A' });
  const b = client.controller.fetch(create, { title: 'B' });
  await vi.waitFor(() => expect(pending).toHaveLength(2));
  pending[1]!.answer(2); // the server answers B first
  expect(await b).toMatchObject({ id: 2, title: 'B' });
  pending[0]!.answer(1);
  expect(await a).toMatchObject({ id: 1, title: 'A' });
  expect(await a).toBeInstanceOf(Todo);
  // Both are stored.
  expect(Object.keys(client.getSnapshot().entities.Todo ?? {}).sort()).toEqual(['1', '2']);
  client.destroy();
});

it('the same through a resource list push: both items join the list, each caller gets its own', async () => {
  const pending = heldFetch();
  const TodoResource = resource({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
  const client = createClient({ managers: [new NetworkManager()] });
  await client.controller.setResponse(TodoResource.getList, []);
  const a = client.controller.fetch(TodoResource.getList.push, { title: 'A' });
  const b = client.controller.fetch(TodoResource.getList.push, { title: 'B' });
  await vi.waitFor(() => expect(pending).toHaveLength(2));
  pending[1]!.answer(2);
  pending[0]!.answer(1);
  expect(await a).toMatchObject({ id: 1, title: 'A' });
  expect(await b).toMatchObject({ id: 2, title: 'B' });
  const { data } = client.controller.getResponse(TodoResource.getList, client.getSnapshot());
  expect((data as Todo[]).map((t) => t.title).sort()).toEqual(['A', 'B']);
  client.destroy();
});

it('two calls of a mutation whose first answer is empty: the first resolves with nothing, not a schema error', async () => {
  const answers: ((value: unknown) => void)[] = [];
  const archive = new Endpoint((_body: { id: number }) => new Promise((resolve) => answers.push(resolve)), {
    name: 'archive',
    schema: Todo,
    sideEffect: true,
  });
  const client = createClient({ managers: [new NetworkManager()] });
  const a = client.controller.fetch(archive, { id: 1 });
  const b = client.controller.fetch(archive, { id: 2 });
  expect(answers).toHaveLength(2);
  answers[1]!({ id: 2, title: 'b' });
  await expect(b).resolves.toMatchObject({ id: 2 });
  answers[0]!(null); // a 204, say
  await expect(a).resolves.toBeNull();
  client.destroy();
});
