import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { program, type Program } from './model/program';
import { runProgram } from './model/run';
import { ModelServer } from './model/server';

// The model-based test: random programs of views (subscribed and suspended), mutations
// (optimistic or not), invalidations, resets, user aborts and offline spells, against a
// real server on 127.0.0.1 that holds every answer until the program releases it, in
// any order and with any fault the README names. After each program settles, what the
// client shows is checked against what the README promises and against the server's
// truth (model/run.ts lists the checks). Only Date is faked (one step of the program,
// one millisecond), so fetch start times, and so every verdict, follow from the seed.
//
// RESTO_MODEL_RUNS=5000 runs more programs; RESTO_MODEL_SEED=n picks another seed. A
// counterexample prints its seed and path: RESTO_MODEL_SEED=s RESTO_MODEL_PATH=p replays it.

const runs = Number(process.env.RESTO_MODEL_RUNS ?? 300);
const seed = Number(process.env.RESTO_MODEL_SEED ?? 45);
/** A counterexample's path (with its seed): runs just that program again. */
const replay = process.env.RESTO_MODEL_PATH;

/**
 * Run first on every seed: the four programs of issue 45 (random search finds the
 * first three within the default runs; the fourth needs five steps in a row), then
 * the two this test found beyond them.
 */
const examples: [Program][] = [
  // a view of a todo that is then deleted
  [{ queueOfflineMutations: false, steps: [{ op: 'view', target: 1 }, { op: 'delete', id: 1, optimistic: false }] }],
  // an optimistic delete, and a refetch of its view while the DELETE is out
  [{ queueOfflineMutations: false, steps: [{ op: 'view', target: 1 }, { op: 'delete', id: 1, optimistic: true }, { op: 'refetch', pick: 0 }] }],
  // a list answer built before a delete, arriving after it
  [{ queueOfflineMutations: false, steps: [{ op: 'view', target: 'list' }, { op: 'delete', id: 1, optimistic: false }, { op: 'release', pick: 1, fault: 'ok' }] }],
  // readAsync after an early-resolved promise() and an invalidation while its request runs
  [
    {
      queueOfflineMutations: false,
      steps: [
        { op: 'suspend', target: 1, how: 'promise', again: false },
        { op: 'view', target: 'list' },
        { op: 'release', pick: 1, fault: 'ok' },
        { op: 'invalidate', target: 1 },
        { op: 'suspend', target: 1, how: 'readAsync', again: true },
      ],
    },
  ],
  // promise() of a read invalidated while its request runs (seed 1)
  [{ queueOfflineMutations: false, steps: [{ op: 'suspend', target: 'list', how: 'promise', again: false }, { op: 'invalidate', target: 'list' }] }],
  // a DELETE answered after a later PATCH, then a list built before the DELETE (seed 3)
  [
    {
      queueOfflineMutations: false,
      steps: [
        { op: 'delete', id: 2, optimistic: false },
        { op: 'suspend', target: 'list', how: 'promise', again: false },
        { op: 'update', id: 2, title: 'a', optimistic: false, put: false },
        { op: 'release', pick: 2, fault: 'ok' },
      ],
    },
  ],
];

const server = new ModelServer();
beforeAll(() => server.start());
afterAll(() => server.close());

describe('model: views, mutations and a misbehaving server against the server truth', () => {
  it(`${runs} programs keep every promise (seed ${seed})`, async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    try {
      await fc.assert(
        fc.asyncProperty(program, async (p) => {
          const violations = await runProgram(server, p);
          expect(violations, violations.join('\n')).toEqual([]);
        }),
        { numRuns: runs, seed, examples, ...(replay ? { path: replay } : {}) },
      );
    } finally {
      vi.useRealTimers();
    }
  }, 600_000);
});
