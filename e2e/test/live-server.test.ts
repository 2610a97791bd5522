// The demo server's GET /live: a Server-Sent Events stream of the todo changes made
// through the API, resumable by event id, with its open streams counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface Received {
  id: string;
  event: string;
  data: unknown;
}

/** Opens GET /live and collects its events as they arrive. */
async function listen(query = '', headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/live${query}`, { headers, signal: abort.signal });
  const events: Received[] = [];
  const done = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field('data');
        if (data !== undefined) events.push({ id: field('id')!, event: field('event')!, data: JSON.parse(data) });
      }
    }
  })();
  return {
    res,
    events,
    close: async () => {
      abort.abort();
      await done;
    },
  };
}

const json = (method: string, body?: unknown) => ({ method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const POLL = { timeout: 5000, interval: 10 };

describe('GET /live', () => {
  it('streams every todo change made through the API as a named event with an id, and counts open streams', async () => {
    server.reset();
    const opened = server.live.opened();
    const stream = await listen();
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await expect.poll(() => server.live.count(), POLL).toBe(1);
    expect(server.live.opened()).toBe(opened + 1);

    const created = await (await fetch(`${server.url}/todos`, json('POST', { title: 'pushed', userId: 2 }))).json();
    await fetch(`${server.url}/todos/1`, json('PATCH', { completed: true }));
    await fetch(`${server.url}/todos/${created.id}`, { method: 'DELETE' });
    // A refused change sends nothing.
    expect((await fetch(`${server.url}/todos/1`, json('PATCH', { completed: 'yes' }))).status).toBe(400);

    await expect.poll(() => stream.events.length, POLL).toBe(3);
    expect(stream.events.map((e) => e.event)).toEqual(['todo.created', 'todo.updated', 'todo.deleted']);
    expect(stream.events[0]!.data).toEqual(server.live.events.at(-3)!.data);
    expect(stream.events[0]!.data).toMatchObject({ id: created.id, title: 'pushed', userId: 2, completed: false });
    expect(stream.events[1]!.data).toEqual({ ...server.db.todos.get(1) });
    expect(stream.events[2]!.data).toEqual({ id: created.id });
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);

    await stream.close();
    await expect.poll(() => server.live.count(), POLL).toBe(0);
  });

  it('a stream opened with the last id it saw (header or ?lastEventId=) first gets what it missed', async () => {
    server.reset();
    const first = await listen();
    await fetch(`${server.url}/todos/2`, json('PATCH', { title: 'seen' }));
    await expect.poll(() => first.events.length, POLL).toBe(1);
    await first.close();
    await fetch(`${server.url}/todos/2`, json('PATCH', { title: 'missed 1' }));
    await fetch(`${server.url}/todos/3`, json('PATCH', { title: 'missed 2' }));

    const last = first.events[0]!.id;
    for (const resumed of [await listen('', { 'Last-Event-ID': last }), await listen(`?lastEventId=${last}`)]) {
      await expect.poll(() => resumed.events.length, POLL).toBe(2);
      expect(resumed.events.map((e) => (e.data as { title: string }).title)).toEqual(['missed 1', 'missed 2']);
      await resumed.close();
    }
    // A new stream without an id starts from now.
    const fresh = await listen();
    await fetch(`${server.url}/todos/4`, json('PATCH', { title: 'new' }));
    await expect.poll(() => fresh.events.length, POLL).toBe(1);
    expect(fresh.events[0]!.data).toMatchObject({ id: 4, title: 'new' });
    await fresh.close();
  });

  it('refuses a last event id that is not a number, naming it', async () => {
    const res = await fetch(`${server.url}/live?lastEventId=abc`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Invalid last event id: abc (an integer)');
    expect(server.live.count()).toBe(0);
  });
});
