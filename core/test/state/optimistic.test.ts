import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, Entity, NetworkManager, type Client } from '../../src';

// getOptimisticResponse has one caller, the replay of pending updates over the store,
// and one policy when it throws (state/optimistic.ts): the first application decides
// whether the mutation is sent; a later replay only skips the update.

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  vi.restoreAllMocks();
});

/** A PATCH whose answer the test gives, and whose guess reads `guess()`. */
function patch(guess: () => unknown) {
  let answer!: (value: unknown) => void;
  const calls = vi.fn(() => guess());
  const endpoint = new Endpoint((_: { id: number; title: string }) => new Promise((r) => (answer = r)), {
    name: 'Todo.patch',
    key: ({ id }: { id: number }) => `PATCH /todos/${id}`,
    schema: Todo,
    sideEffect: true,
    getOptimisticResponse: calls,
  });
  return { endpoint, calls, answer: (value: unknown) => answer(value) };
}

describe('one caller of getOptimisticResponse', () => {
  it('a mutation that starts asks for its guess once, and each store change replays it once', async () => {
    client = createClient({ managers: [new NetworkManager()] });
    const { endpoint, calls, answer } = patch(() => ({ id: 1, title: 'guess' }));
    const done = client.controller.fetch(endpoint, { id: 1, title: 'x' });
    expect(calls).toHaveBeenCalledTimes(1);
    expect(client.controller.get(Todo, { id: 1 }, client.getSnapshot())).toMatchObject({ title: 'guess' });
    await client.controller.setResponse(new Endpoint(async () => null, { key: () => 'other' }), 'other');
    expect(calls).toHaveBeenCalledTimes(2);
    answer({ id: 1, title: 'real' });
    await expect(done).resolves.toMatchObject({ title: 'real' });
    expect(client.getSnapshot().optimistic).toEqual([]);
  });

  it('a guess that throws only after the request went out skips the update, reported once, and the answer lands', async () => {
    client = createClient({ managers: [new NetworkManager()] });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    const { endpoint, answer } = patch(() => {
      if (fail) throw new Error('no guess now');
      return { id: 1, title: 'guess' };
    });
    const done = client.controller.fetch(endpoint, { id: 1, title: 'x' });
    fail = true;
    const other = new Endpoint(async () => null, { key: () => 'other' });
    await client.controller.setResponse(other, 'a');
    await client.controller.setResponse(other, 'b');
    expect(client.controller.get(Todo, { id: 1 }, client.getSnapshot())).toBeUndefined();
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('getOptimisticResponse'))).toHaveLength(1);
    answer({ id: 1, title: 'real' });
    await expect(done).resolves.toMatchObject({ title: 'real' });
  });
});
