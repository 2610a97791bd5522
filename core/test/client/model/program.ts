// A program of the model test: what the user and the network do, one step at a time,
// each step taken only once the client went quiet (so the same program takes the same
// path on a busy machine). See model.property.test.ts.
import fc from 'fast-check';
import { FAULTS, type Fault } from './server';

/** A read's target: one todo by id, or the list. */
export type Target = number | 'list';

export type Op =
  | { op: 'view'; target: Target }
  | { op: 'unview'; pick: number }
  /** `again`: wait on the read that was suspended on last for this target, if any (its promise() is stable). */
  | { op: 'suspend'; target: Target; how: 'promise' | 'readAsync'; again: boolean }
  | { op: 'refetch'; pick: number }
  | { op: 'create'; title: string; optimistic: boolean }
  | { op: 'update'; id: number; title: string; optimistic: boolean; put: boolean }
  | { op: 'delete'; id: number; optimistic: boolean }
  | { op: 'userRead'; id: number }
  | { op: 'userAbort' }
  | { op: 'invalidate'; target: Target }
  | { op: 'invalidateAll' }
  | { op: 'expireAll' }
  | { op: 'reset' }
  | { op: 'offline' }
  | { op: 'online' }
  | { op: 'release'; pick: number; fault: Fault }
  | { op: 'clock'; ms: number };

/** Todos 1..3 exist at the start; 4 is the first created. */
const id = fc.integer({ min: 1, max: 4 });
const target: fc.Arbitrary<Target> = fc.oneof(id, fc.constant('list' as const));
const title = fc.constantFrom('a', 'b', 'c');
const pick = fc.nat(7);
/** Mostly good answers, so programs get somewhere; every fault the README names is there. */
const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('ok' as const) },
  { weight: 4, arbitrary: fc.constantFrom(...FAULTS.filter((f) => f !== 'ok')) },
);

export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('view' as const), target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unview' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('suspend' as const), target, how: fc.constantFrom('promise' as const, 'readAsync' as const), again: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refetch' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), title, optimistic: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('update' as const), id, title, optimistic: fc.boolean(), put: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), id, optimistic: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('userRead' as const), id }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('userAbort' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('invalidate' as const), target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('invalidateAll' as const, 'expireAll' as const, 'reset' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('offline' as const, 'online' as const) }) },
  { weight: 12, arbitrary: fc.record({ op: fc.constant('release' as const), pick, fault }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clock' as const), ms: fc.constantFrom(1, 500, 1500) }) },
);

/** A program: the client's options and its steps. */
export const program = fc.record({
  queueOfflineMutations: fc.boolean(),
  steps: fc.array(op, { minLength: 1, maxLength: 30 }),
});
export type Program = typeof program extends fc.Arbitrary<infer P> ? P : never;

/** One line per step, for a counterexample's report. */
export function describeOp(o: Op): string {
  const { op: name, ...rest } = o;
  const fields = Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`);
  return [name, ...fields].join(' ');
}
