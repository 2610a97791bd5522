import { expect, expectTypeOf, it } from 'vitest';
import { AbortError, Entity, NetworkError, RestEndpoint, TimeoutError, createClient, type Client } from '../../src';
import { createMockClient } from '../../src/mock';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const getTodo = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo });
const getTime = new RestEndpoint({
  urlPrefix: 'http://api.test',
  path: '/time',
  process: (value: { now: string }) => new Date(value.now),
});

it('controller results are typed from the schema or process', async () => {
  const client: Client = createMockClient([
    { endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: 'x' }) },
    // Fixtures give what the endpoint resolves with (after process).
    { endpoint: getTime, args: [], response: new Date('2026-01-01T00:00:00Z') },
  ]);
  const todo = await client.controller.fetch(getTodo, { id: 1 });
  expectTypeOf(todo).toEqualTypeOf<Todo>();
  expect(todo).toBeInstanceOf(Todo);
  const r = client.controller.getResponse(getTodo, { id: 1 }, client.getSnapshot());
  expectTypeOf(r.data).toEqualTypeOf<Todo | undefined>();
  expect(r.data).toBe(todo);
  const time = await client.controller.fetch(getTime);
  expectTypeOf(time).toEqualTypeOf<Date>();
  expect(time.getUTCFullYear()).toBe(2026);
  const obs = client.observe(getTodo, { id: 1 });
  expectTypeOf(obs.getSnapshot().data).toEqualTypeOf<Todo | undefined>();

  // @ts-expect-error the path needs an id
  await client.controller.fetch(getTodo, {}).catch(() => undefined);
  // @ts-expect-error no params at all for /time
  await client.controller.fetch(getTime, { id: 1 }).catch(() => undefined);
});

it('timeout is a number on endpoints and clients; AbortError and TimeoutError are NetworkErrors', () => {
  const slow = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/report', timeout: 5000 });
  expect(slow.timeout).toBe(5000);
  // @ts-expect-error a timeout is milliseconds, not a string
  void new RestEndpoint({ urlPrefix: 'http://api.test', path: '/report', timeout: '5s' });
  // @ts-expect-error the client's timeout too
  createClient({ timeout: '5s' }).destroy();
  const aborted = new AbortError('read', 'http://api.test/x', undefined);
  expectTypeOf(aborted).toExtend<NetworkError>();
  expectTypeOf(new TimeoutError('read', undefined, 10).timeout).toEqualTypeOf<number>();
  expect(aborted).toBeInstanceOf(NetworkError);
});
