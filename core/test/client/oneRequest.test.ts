import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defer, json, startServer, type Hit } from '@resto/testing';
import { readAsync, fetchIfNeeded, Entity, RestEndpoint, RetryManager, createClient, getDefaultManagers, type Client } from '../../src';

// One request per key has one owner (its InFlight entry), and every reader of the key
// learns of it, and of its end, from that entry.

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let client: Client;
/** The answers the held route waits for, in order of arrival. */
let held: ReturnType<typeof defer<number>>[] = [];
let hits = 0;
let arrived: (() => void) | undefined;

async function holdThenAnswer(hit: Hit, res: ServerResponse) {
  hits++;
  const gate = defer<number>();
  held.push(gate);
  arrived?.();
  const status = await Promise.race([gate.promise, hit.closed.then(() => 0)]);
  if (status === 200) json(res, { id: 1, title: 'one' });
  else if (status) json(res, { message: 'down' }, status);
}

/** The next held request's gate, once the server has it. */
async function nextHeld() {
  while (!held.length) await new Promise<void>((r) => (arrived = r));
  return held.shift()!;
}

beforeEach(async () => {
  held = [];
  hits = 0;
  server = await startServer({ 'GET /todos/1': holdThenAnswer });
  client = createClient({ retryDelay: 0, managers: [...getDefaultManagers(), new RetryManager()] });
});
afterEach(async () => {
  client.destroy();
  for (const h of held) h.resolve(200);
  await server.close();
});

const get = () => new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'Todo.get' });

describe('one owner per request', () => {
  it('every kind of reader of a key shares one request and, when it resumes, sees the outcome stored and nothing loading', async () => {
    const ep = get();
    const subscribed = client.observe(ep, { id: 1 });
    const seen: boolean[] = [];
    const stop = subscribed.subscribe(() => seen.push(subscribed.getSnapshot().loading));
    const suspended = client.observeWith({}, ep, [{ id: 1 }]);
    const check = (who: string) => {
      const snap = subscribed.getSnapshot();
      return { who, loading: snap.loading, title: snap.data?.title, fresh: suspended.getSnapshot().loading };
    };
    const readers = [
      suspended.promise().then(() => check('promise()')),
      readAsync(client.observeWith({}, ep, [{ id: 1 }])).then(() => check('readAsync()')),
      fetchIfNeeded(client.observeWith({}, ep, [{ id: 1 }]))!.then(() => check('fetchIfNeeded()')),
      client.controller.fetch(ep, { id: 1 }).then(() => check('controller.fetch')),
    ];
    (await nextHeld()).resolve(200);
    for (const outcome of await Promise.all(readers)) {
      expect(outcome).toEqual({ who: outcome.who, loading: false, title: 'one', fresh: false });
    }
    expect(hits).toBe(1);
    expect(seen).toEqual([false]);
    expect(client.controller.requests.size).toBe(0);
    stop();
  });

  it('a reader that joins a request already retrying shows its retries at once', async () => {
    const ep = get().extend({ retry: 3 });
    const first = client.observe(ep, { id: 1 });
    const stop = first.subscribe(() => {});
    (await nextHeld()).resolve(503);
    const second = await nextHeld(); // the retry is out: one failure so far
    expect(first.getSnapshot()).toMatchObject({ loading: true, retryCount: 1 });
    const joiner = client.observeWith({ poll: true }, ep, [{ id: 1 }]);
    const stopJoiner = joiner.subscribe(() => {});
    expect(joiner.getSnapshot()).toMatchObject({ loading: true, retryCount: 1 });
    second.resolve(200);
    await joiner.promise();
    expect(joiner.getSnapshot()).toMatchObject({ loading: false, retryCount: 0, data: { title: 'one' } });
    expect(hits).toBe(2);
    stopJoiner();
    stop();
  });
});
