import { afterEach, expect, it } from 'vitest';
import { type Client, type InFlight } from '../../src';
import { getTodo } from '../fixtures/todo';
import { createMockClient } from '../../src/mock';

// `owners` is part of InFlight's public shape (a manager sees the entry as a FETCH's
// `meta.request`, and in `controller.requests`): who holds the request.

let client: Client | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

it("an entry's owners are readable: the observers holding it, and the entry itself once pinned", async () => {
  client = createMockClient([{ endpoint: getTodo, response: ({ id }: { id: number }) => ({ id, title: `t${id}` }), delay: 10 }]);
  const observer = client.observe(getTodo, { id: 1 });
  const unsubscribe = observer.subscribe(() => {});
  const entry: InFlight = client.controller.requests.get(getTodo.key({ id: 1 }))!;
  expect(entry.owners).toBeInstanceOf(Set);
  expect([...entry.owners]).toEqual([observer]);
  const fetched = client.controller.fetch(getTodo, { id: 1 });
  expect(entry.owners.has(entry)).toBe(true);
  await fetched;
  unsubscribe();
});
