import type { ServerResponse } from 'node:http';
import { defer, json, startServer } from '@resto/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAsync, fetchIfNeeded, Entity, RestEndpoint, TimeoutManager, createClient, getDefaultManagers, type ObserverSnapshot } from '../../src';

// Random answers (good, bad, slow, failing, aborted) through a real client and a
// real server: whenever a read's promise settles, its snapshot is final, and a read
// never says "loading" while nothing is in flight for it.

class Item extends Entity {
  id = 0;
  name = '';
  static override key = 'SettleItem';
}

type Answer =
  | { kind: 'good'; name: string }
  | { kind: 'bad'; body: string }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; name: string }
  | { kind: 'hang' };

const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.record({ kind: fc.constant('good' as const), name: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('bad' as const), body: fc.constantFrom('{', '[]', '{"name":1}', 'null', '"x"', '') }),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(400, 401, 404, 409, 500, 503) }),
  fc.record({ kind: fc.constant('slow' as const), name: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('hang' as const) }),
);

/** How the read is awaited. */
const how = fc.constantFrom('promise', 'readAsync', 'fetch', 'fetchIfNeeded', 'subscribed');

let server: Awaited<ReturnType<typeof startServer>>;
/** The answer each id gets, set per case. */
const answers = new Map<string, Answer>();
/** Held requests ("slow" answers after the test releases them; "hang" never does). */
const held: (() => void)[] = [];

beforeAll(async () => {
  server = await startServer({
    'GET *': async (hit, res: ServerResponse) => {
      const id = hit.url.split('/').pop()!.split('?')[0]!;
      const a = answers.get(id) ?? { kind: 'status', status: 404 };
      switch (a.kind) {
        case 'good':
          return json(res, { id: Number(id), name: a.name });
        case 'bad':
          res.writeHead(200, { 'content-type': 'application/json' }).end(a.body);
          return;
        case 'status':
          return json(res, { message: 'no' }, a.status);
        case 'slow': {
          const gate = defer();
          held.push(gate.resolve);
          await Promise.race([gate.promise, hit.closed]);
          if (!res.writableEnded && !res.destroyed) json(res, { id: Number(id), name: a.name });
          return;
        }
        case 'hang':
          await hit.closed;
      }
    },
  });
});
afterAll(() => server.close());

function checkConsistent(snap: ObserverSnapshot, inFlight: boolean, where: string) {
  if (snap.loading && !inFlight) throw new Error(`${where}: loading with nothing in flight: ${JSON.stringify(snap)}`);
}

describe('every awaited read settles in one step (property)', () => {
  it('random answers: after each awaited read the snapshot is final; never loading with nothing in flight', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(answer, how, fc.boolean()), { minLength: 1, maxLength: 4 }), async (steps) => {
        round++;
        const client = createClient({ retry: 1, retryDelay: 0, timeout: 100, managers: [...getDefaultManagers(), new TimeoutManager()] });
        try {
          for (const [i, [a, mode, abort]] of steps.entries()) {
            const id = `${round}${i}`;
            answers.set(id, a);
            const user = new AbortController();
            const endpoint = new RestEndpoint({
              urlPrefix: server.url,
              path: '/items/:id',
              schema: Item,
              name: `item ${id}`,
              ...(abort ? { signal: user.signal } : null),
            });
            const obs = client.observe(endpoint, { id });
            const seen: ObserverSnapshot[] = [];
            const stop = mode === 'subscribed' || mode === 'fetch' ? obs.subscribe(() => seen.push(obs.getSnapshot())) : undefined;
            const read =
              mode === 'promise' || mode === 'subscribed'
                ? obs.promise()
                : mode === 'readAsync'
                  ? readAsync(obs)
                  : mode === 'fetch'
                    ? client.controller.fetch(endpoint, { id })
                    : (fetchIfNeeded(obs) ?? Promise.resolve());
            // Let slow answers through after a moment; an abort lands while the request runs.
            const released = (async () => {
              for (let n = 0; n < 20; n++) await new Promise((r) => setImmediate(r));
              if (abort) user.abort();
              for (const release of held.splice(0)) release();
            })();
            await read.catch(() => undefined);
            const snap = obs.getSnapshot();
            if (snap.loading) throw new Error(`${mode} ${JSON.stringify(a)}: settled but loading`);
            if (snap.data === undefined && snap.error === undefined) {
              throw new Error(`${mode} ${JSON.stringify(a)}: settled with neither data nor error`);
            }
            for (const s of seen) checkConsistent(s, true, mode);
            // No notification after the settle says loading again (nothing started one).
            await released;
            const after = obs.getSnapshot();
            checkConsistent(after, client.managers.some((m) => (m as { pending?: number }).pending), `${mode} after`);
            stop?.();
          }
        } finally {
          client.destroy();
          for (const release of held.splice(0)) release();
        }
      }),
      { numRuns: 60 },
    );
    expect(round).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
