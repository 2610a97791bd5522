// The view getOptimisticResponse receives (controller.snapshot) and the standalone reads
// over an observer (readAsync, fetchIfNeeded): what a user reaches and how it is typed.
import { expect, expectTypeOf, it } from 'vitest';
import { Entity, RestEndpoint, Snapshot, fetchIfNeeded, readAsync, type EndpointObserver } from '../../src';
import { createMockClient } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });

it('controller.snapshot(state) reads that state, not a later one, and its abort is Snapshot.abort', async () => {
  const client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: 'stored' }) }]);
  await client.controller.fetch(getTodo, { id: 1 });
  const snapshot = client.controller.snapshot(client.getSnapshot(), 5);
  await client.controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'later' });
  expect(snapshot.get(Todo, { id: 1 })).toMatchObject({ title: 'stored' });
  expect(snapshot.getResponse(getTodo, { id: 1 }).data).toMatchObject({ title: 'stored' });
  expect(snapshot.getError(getTodo, { id: 1 })).toBeUndefined();
  expect(snapshot.fetchedAt).toBe(5);
  expect(snapshot.abort).toBe(Snapshot.abort);
  expect(Snapshot.abort).toMatchObject({ name: 'AbortOptimistic' });
  // Destructured, as getOptimisticResponse's callers may.
  const { get } = snapshot;
  expect(get(Todo, { id: 1 })).toMatchObject({ title: 'stored' });
  expectTypeOf(snapshot).toEqualTypeOf<Snapshot>();
  expectTypeOf(Snapshot.abort).toEqualTypeOf<Error>();
  client.destroy();
});

it('readAsync and fetchIfNeeded are typed from the observer they are given', async () => {
  const client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: 'x' }) }]);
  const observer = client.observe(getTodo, { id: 1 });
  expectTypeOf(observer).toEqualTypeOf<EndpointObserver<typeof getTodo>>();
  const pending = fetchIfNeeded(observer);
  expectTypeOf(pending).toEqualTypeOf<(Promise<Todo> & { resolved: boolean }) | undefined>();
  const todo = await readAsync(observer);
  expectTypeOf(todo).toEqualTypeOf<Todo | undefined>();
  expect(todo).toBeInstanceOf(Todo);
  expect(await pending).toBe(todo);
  // Type-only: they take an observer, not an endpoint.
  // @ts-expect-error: an endpoint is not an observer
  expectTypeOf(readAsync).toBeCallableWith(getTodo);
  client.destroy();
});
