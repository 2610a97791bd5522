// Runs one program against a real client and the model's server, then checks what the
// README promises. Returns the broken promises, one line each. The checks:
// - at every step: no subscribed read loading with no request out for its key; a failed
//   read changes no stored entity and takes no view's data; a todo's view and the list agree;
// - whenever a suspended read settles: its snapshot shows the outcome (data, error, or the
//   todo deleted), agrees with what readAsync gave, and is not loading with nothing out;
//   readAsync never spins;
// - once everything settled: no view loading, every view shows data or an error (or its
//   todo deleted), every promise settled, no optimistic update left; per todo, the store
//   holds the newest-started accepted answer (or its delete); the store reads the same after
//   dehydrate -> serializeState -> parseState -> hydrate;
// - after a last refetch: the list and every todo equal the server's truth, and a view of a
//   deleted todo shows the error.
import { vi } from 'vitest';
import {
  readAsync,
  createClient,
  dehydrate,
  Entity,
  expiryTimer,
  FETCH,
  fetchWithErrorBody,
  hydrate,
  INVALID,
  NetworkManager,
  parseState,
  resource,
  RetryManager,
  OfflineManager,
  serializeState,
  type Client,
  type EndpointObserver,
  type Manager,
} from '../../../src';
import { describeOp, type Op, type Program, type Target } from './program';
import type { ModelServer, Row } from './server';

export class Todo extends Entity {
  id = 0;
  title = '';
  v = 0;
  static override key = 'ModelTodo';
}

/** The two ways of mutating the same todos: one waits for the server, one shows the change at once. */
export function resources(urlPrefix: string) {
  return {
    // (the server counts an answer handled once its body was read: failed ones too)
    plain: resource({ urlPrefix, path: '/todos/:id', schema: Todo, fetchResponse: fetchWithErrorBody }),
    optimistic: resource({ urlPrefix, path: '/todos/:id', schema: Todo, optimistic: true, fetchResponse: fetchWithErrorBody }),
  };
}

/** A response the client accepted, and when the fetch it answers started (what orders answers). */
interface Accepted {
  readonly fetchedAt: number;
  readonly method: string;
  readonly response: unknown;
}

/**
 * Records every answer the client accepts: for each FETCH, its start and its response.
 * Identical reads share one request, stored with the earliest waiter's start.
 */
class Recorder implements Manager {
  accepted: Accepted[] = [];
  private byResponse = new Map<unknown, Accepted>();
  middleware = () => (next: (action: any) => Promise<void>) => (action: any) => {
    if (action.type === FETCH) {
      const { meta, key } = action;
      const resolve = meta.resolve;
      meta.resolve = (response: unknown) => {
        const known = this.byResponse.get(response);
        if (!known || known.fetchedAt > meta.fetchedAt) {
          const entry = { fetchedAt: meta.fetchedAt, method: String(key).split(' ')[0]!, response };
          if (known) this.accepted.splice(this.accepted.indexOf(known), 1);
          this.byResponse.set(response, entry);
          this.accepted.push(entry);
        }
        resolve(response);
      };
    }
    return next(action);
  };
  cleanup() {}
}

interface View {
  readonly target: Target;
  readonly obs: EndpointObserver;
  stop: (() => void) | undefined;
}

/** Spins past this many promise() calls without a macrotask mean a loop that never yields. */
const SPIN = 200;

export async function runProgram(server: ModelServer, { queueOfflineMutations, steps }: Program): Promise<string[]> {
  server.reset();
  const { plain, optimistic } = resources(server.url);
  const recorder = new Recorder();
  const network = new NetworkManager();
  const client = createClient({
    managers: [recorder, network, new RetryManager(), new OfflineManager()],
    retry: 1,
    retryDelay: 0,
    queueOfflineMutations,
    expiryTimer, // the model's views flip `stale` on time
  });
  const violations: string[] = [];
  const views: View[] = [];
  const promises: { label: string; settled: boolean }[] = [];
  const users: AbortController[] = [];
  let resets = 0;
  let path = '';
  const fail = (what: string) => violations.push(`${what} (after: ${path || 'start'})`);

  const track = (label: string, p: Promise<unknown>) => {
    const entry = { label, settled: false };
    promises.push(entry);
    void p.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
  };
  const endpointOf = (t: Target) => (t === 'list' ? plain.getList : plain.get);
  const argsOf = (t: Target) => (t === 'list' ? [] : [{ id: t }]);
  const observe = (t: Target) => client.observe(endpointOf(t), ...argsOf(t));

  /** Quiet: every request the client still wants reached the server, every released one was handled, nothing moved for a few turns. */
  const idle = async () => {
    for (let calm = 0, turns = 0; calm < 3; turns++) {
      if (turns > 20_000) throw new Error(`model: the client never went quiet (after: ${path})`);
      const before = [server.sent.length, client.getSnapshot(), network.pending];
      await new Promise((r) => setTimeout(r, 0));
      const after = [server.sent.length, client.getSnapshot(), network.pending];
      calm = server.quiet() && before.every((v, i) => v === after[i]) ? calm + 1 : 0;
    }
  };

  // Whether the network holds a request for a key (offline ones included: they wait to be
  // sent). Its whole list: a request superseded by a newer one after an invalidation still runs.
  const requests = (network as unknown as { running: Map<{ key: string }, unknown> }).running;
  const reading = { has: (key: string) => [...requests.keys()].some((r) => r.key === key) };
  /** Subscribed reads: loading means a request is out (or waits to go out) for their key. */
  const checkViews = (when: string) => {
    for (const v of views) {
      if (!v.stop) continue;
      const snap = v.obs.getSnapshot();
      if (snap.loading && !reading.has(v.obs.key!)) {
        fail(`${when}: view of ${v.target} is loading with nothing in flight`);
      }
    }
  };

  /** The last read suspended on per target, for a suspend `again`. */
  const suspended = new Map<Target, EndpointObserver>();
  const suspend = (t: Target, how: 'promise' | 'readAsync', again: boolean) => {
    let obs = again ? suspended.get(t) : undefined;
    if (!obs) {
      obs = observe(t);
      suspended.set(t, obs);
      // A readAsync that awaits a settled promise again and again never yields: caught here
      // as an error instead of freezing the test.
      const promise = obs.promise.bind(obs);
      let calls = 0;
      obs.promise = () => {
        if (++calls > SPIN) throw new Error(`readAsync of ${t} spins: promise() asked ${SPIN} times without a macrotask`);
        if (calls === 1) setImmediate(() => (calls = 0));
        return promise();
      };
    }
    const read = obs;
    // observe() of a subscribed read hands out that read: its request is the subscribers',
    // aborted when the last of them leaves, and a wait on it then ends with nothing.
    const shared = () => views.some((v) => v.obs === read);
    const resetsAtStart = resets;
    const label = `${how}(${t})`;
    const agrees = (value: unknown, error: unknown) => {
      if ((error as Error | undefined)?.message.includes('spins')) return fail(`${label}: ${(error as Error).message}`);
      if (resets !== resetsAtStart) return; // a reset drops what was awaited: nothing to agree with
      const snap = read.getSnapshot();
      if (snap.loading && !reading.has(read.key!)) fail(`${label} settled while its snapshot is loading with nothing in flight`);
      // Settled as deleted (the todo is gone, optimistically or for good) is an outcome too.
      const left = shared() && !views.some((v) => v.stop && v.obs === read);
      if (how === 'promise' && snap.data === undefined && snap.error === undefined && !snap.loading && !isDeleted(client, t) && !left) {
        fail(`${label} settled with neither data nor error`);
      }
      if (how === 'readAsync' && error === undefined && value !== undefined && JSON.stringify(snap.data) !== JSON.stringify(value)) {
        fail(`${label} resolved with ${JSON.stringify(value)} but its snapshot shows ${JSON.stringify(snap.data)}`);
      }
      if (error !== undefined && snap.error === undefined) fail(`${label} rejected (${String(error)}) but its snapshot shows no error`);
    };
    const p = how === 'promise' ? read.promise() : readAsync(read);
    track(label, p.then((v) => agrees(v, undefined), (e: unknown) => agrees(undefined, e ?? new Error('rejected'))));
  };

  const mutate = (label: string, p: Promise<unknown>) => track(label, p.catch(() => undefined));

  const run = async (o: Op) => {
    const lib = 'optimistic' in o && o.optimistic ? optimistic : plain;
    switch (o.op) {
      case 'view': {
        const obs = observe(o.target);
        views.push({ target: o.target, obs, stop: obs.subscribe(() => obs.getSnapshot()) });
        return;
      }
      case 'unview': {
        const live = views.filter((v) => v.stop);
        const v = live[o.pick % Math.max(1, live.length)];
        v?.stop!();
        if (v) v.stop = undefined;
        return;
      }
      case 'suspend':
        return suspend(o.target, o.how, o.again);
      case 'refetch': {
        const live = views.filter((v) => v.stop);
        const v = live[o.pick % Math.max(1, live.length)];
        if (!v) return;
        // A read settles in one step: once refetch() settles, its view is not loading for it.
        const settled = () => {
          if (v.stop && v.obs.getSnapshot().loading && network.pending === 0) fail(`refetch(${v.target}) settled while its view is loading with nothing in flight`);
        };
        track(`refetch(${v.target})`, v.obs.refetch().then(settled, settled));
        return;
      }
      case 'create':
        return mutate('create', client.controller.fetch(lib.getList.push, { title: o.title }));
      case 'update':
        return mutate(
          `update(${o.id})`,
          client.controller.fetch(o.put ? lib.update : lib.partialUpdate, { id: o.id }, { title: o.title }),
        );
      case 'delete':
        return mutate(`delete(${o.id})`, client.controller.fetch(lib.delete, { id: o.id }));
      case 'userRead': {
        const user = new AbortController();
        users.push(user);
        return track(`userRead(${o.id})`, client.controller.fetch(plain.get.extend({ signal: user.signal }), { id: o.id }).catch(() => undefined));
      }
      case 'userAbort':
        for (const user of users.splice(0)) user.abort();
        return;
      case 'invalidate':
        return void client.controller.invalidate(endpointOf(o.target), ...(argsOf(o.target) as []));
      case 'invalidateAll':
        return void client.controller.invalidateAll({ testKey: () => true });
      case 'expireAll':
        return void client.controller.expireAll({ testKey: () => true });
      case 'reset':
        resets++;
        return void client.controller.resetEntireStore();
      case 'offline':
        return client.online!.set(false);
      case 'online':
        return client.online!.set(true);
      case 'release': {
        const live = server.live();
        const s = live[o.pick % Math.max(1, live.length)];
        if (!s) return;
        server.release(s.seq, o.fault);
        // A failed read changes nothing stored, and every view that showed data still does.
        if (s.method === 'GET' && o.fault !== 'ok') {
          const before = JSON.stringify(client.getSnapshot().entities);
          const showing = views.filter((v) => v.stop && v.obs.getSnapshot().data !== undefined);
          await idle();
          if (JSON.stringify(client.getSnapshot().entities) !== before) fail(`a failed read (${o.fault}) changed stored entities`);
          for (const v of showing) if (v.stop && v.obs.getSnapshot().data === undefined) fail(`a failed read (${o.fault}) took the data of the view of ${v.target}`);
        }
        return;
      }
      case 'clock':
        return void vi.setSystemTime(Date.now() + o.ms);
    }
  };

  /** Back online, then every held answer is released as is until nothing is in flight. */
  const settle = async (when: string) => {
    client.online!.set(true);
    for (let round = 0; ; round++) {
      await idle();
      const live = server.live();
      if (!live.length && network.pending === 0) return true;
      if (round > 40) {
        fail(`${when}: still ${network.pending} request(s) in flight after ${round} rounds of answers`);
        return false;
      }
      for (const s of live) server.release(s.seq, 'ok');
    }
  };

  try {
    for (const o of steps) {
      vi.setSystemTime(Date.now() + 1);
      await run(o);
      path += (path ? ' | ' : '') + describeOp(o);
      await idle();
      checkViews(`after ${o.op}`);
      checkViewsAgree(views, fail);
    }
    if (!(await settle('settling'))) return violations;
    path += ' | (settled)';
    checkSettled(client, views, promises, fail);
    checkOrdering(client, recorder.accepted, fail);
    checkViewsAgree(views, fail);
    checkRoundTrip(client, plain, server, fail);

    // The last refetch: the list and every todo ever named, each answered as is.
    const last: Promise<unknown>[] = [client.controller.fetch(plain.getList)];
    for (let id = 1; id < server.nextId; id++) last.push(client.controller.fetch(plain.get, { id }));
    track('last refetch', Promise.allSettled(last));
    if (!(await settle('last refetch'))) return violations;
    path += ' | (refetched)';
    checkSettled(client, views, promises, fail);
    checkTruth(client, plain, server, views, fail);
    return violations;
  } finally {
    for (const v of views) v.stop?.();
    client.destroy();
  }
}

type Fail = (what: string) => void;

/** The todo is stored as deleted in what the client shows (a pending optimistic delete included). */
function isDeleted(client: Client, t: Target): boolean {
  return t !== 'list' && client.getSnapshot().entities[Todo.key]?.[t] === INVALID;
}

/** Nothing in flight: no view loading, every promise settled, no optimistic layer left. */
function checkSettled(client: Client, views: View[], promises: { label: string; settled: boolean }[], fail: Fail) {
  for (const v of views) {
    if (!v.stop) continue;
    const snap = v.obs.getSnapshot();
    // A view of a deleted todo may settle as deleted (nothing to show, nothing to fetch).
    const deleted = isDeleted(client, v.target);
    if (snap.loading) fail(`view of ${v.target} is loading with nothing in flight`);
    else if (snap.data === undefined && snap.error === undefined && !deleted) fail(`view of ${v.target} shows neither data nor error`);
  }
  for (const p of promises) if (!p.settled) fail(`${p.label} never settled`);
  const { optimistic } = client.getSnapshot();
  if (optimistic.length) fail(`${optimistic.length} optimistic update(s) left with nothing in flight`);
}

/**
 * Per entity, the stored copy comes from the accepted answer whose fetch started last
 * (a delete leaves it deleted; see below for a delete answered late); an entity no answer
 * since the last reset holds is absent.
 * A failed answer is never accepted, so it can replace nothing.
 */
function checkOrdering(client: Client, accepted: Accepted[], fail: Fail) {
  const state = client.getSnapshot();
  const newest = new Map<number, { fetchedAt: number; row: Row | 'deleted' }>();
  for (const a of accepted) {
    if (a.fetchedAt < state.lastReset) continue;
    const rows: (Row | 'deleted')[] = [];
    if (a.method === 'DELETE') rows.push({ ...(a.response as Row), v: -1 });
    else for (const r of [a.response].flat() as Row[]) rows.push(r);
    for (const row of rows) {
      const r = row as Row;
      const known = newest.get(r.id);
      if (!known || known.fetchedAt < a.fetchedAt) newest.set(r.id, { fetchedAt: a.fetchedAt, row: r.v === -1 ? 'deleted' : r });
    }
  }
  const deletes = new Set(accepted.filter((a) => a.method === 'DELETE' && a.fetchedAt >= state.lastReset).map((a) => (a.response as Row).id));
  const table = (state.entities[Todo.key] ?? {}) as Record<string, unknown>;
  for (const pk in table) if (!newest.has(Number(pk)) && table[pk] !== undefined) fail(`todo ${pk} is stored but no answer since the last reset holds it`);
  for (const [id, { fetchedAt, row }] of newest) {
    const stored = table[String(id)] as Row | typeof INVALID | undefined;
    if (row === 'deleted') {
      if (stored !== undefined && stored !== INVALID) fail(`todo ${id} was deleted by the newest answer (fetch at ${fetchedAt}) but is stored as v${stored.v}`);
    } else if (stored === INVALID && deletes.has(id)) {
      // A delete answered after a later-started read was stored: either may win. The README
      // orders by fetch start, but the server deleted it after building that read's answer,
      // and a deleted todo never comes back, so showing it deleted is never wrong.
    } else if (stored === undefined || stored === INVALID || stored.v !== row.v) {
      const shown = stored === INVALID ? 'deleted' : stored === undefined ? 'absent' : `v${stored.v}`;
      fail(`todo ${id}: the newest answer (fetch at ${fetchedAt}) holds v${row.v}, the store ${shown}`);
    }
  }
}

/** A todo's view and the list show the same copy of it. */
function checkViewsAgree(views: View[], fail: Fail) {
  const list = views.find((v) => v.target === 'list' && v.stop)?.obs.getSnapshot().data as Row[] | undefined;
  for (const v of views) {
    if (!v.stop || v.target === 'list') continue;
    const one = v.obs.getSnapshot().data as Row | undefined;
    const inList = list?.find((r) => r.id === v.target);
    if (one && inList && (one.title !== inList.title || one.v !== inList.v)) {
      fail(`todo ${v.target} shows v${one.v} "${one.title}" alone and v${inList.v} "${inList.title}" in the list`);
    }
  }
}

/** What is stored survives dehydrate -> serializeState -> parseState -> hydrate: every read shows the same. */
function checkRoundTrip(client: Client, plain: ReturnType<typeof resources>['plain'], server: ModelServer, fail: Fail) {
  let text: string;
  try {
    text = serializeState(dehydrate(client));
  } catch (error) {
    return fail(`serializeState(dehydrate()) throws: ${(error as Error).message}`);
  }
  const copy = createClient({ managers: [] });
  try {
    void hydrate(copy, parseState(text));
    const reads: [unknown, unknown[]][] = [[plain.getList, []]];
    for (let id = 1; id < server.nextId; id++) reads.push([plain.get, [{ id }]]);
    for (const [endpoint, args] of reads) {
      const a = client.controller.getResponse(endpoint as never, ...(args as []), client.getSnapshot()).data;
      const b = copy.controller.getResponse(endpoint as never, ...(args as []), copy.getSnapshot()).data;
      if (JSON.stringify(a) !== JSON.stringify(b)) fail(`after hydrate, ${(endpoint as { name: string }).name}${JSON.stringify(args)} shows ${JSON.stringify(b)} instead of ${JSON.stringify(a)}`);
    }
  } finally {
    copy.destroy();
  }
}

/** After the last refetch the store is the server's truth: no lost write, no resurrected delete. */
function checkTruth(client: Client, plain: ReturnType<typeof resources>['plain'], server: ModelServer, views: View[], fail: Fail) {
  const state = client.getSnapshot();
  const truth = [...server.rows.values()].sort((a, b) => a.id - b.id);
  const list = client.controller.getResponse(plain.getList, state).data as Row[] | undefined;
  const shown = (rows: readonly Row[] | undefined) => JSON.stringify(rows?.map((r) => [r.id, r.title, r.v]));
  if (shown(list) !== shown(truth)) fail(`the list shows ${shown(list)}, the server has ${shown(truth)}`);
  for (const row of truth) {
    const one = client.controller.getResponse(plain.get, { id: row.id }, state).data as Row | undefined;
    if (shown(one && [one]) !== shown([row])) fail(`todo ${row.id} reads ${shown(one && [one])}, the server has ${shown([row])}`);
  }
  for (const id of server.deleted) {
    for (const v of views) {
      if (v.stop && v.target === id && !v.obs.getSnapshot().error) fail(`the view of deleted todo ${id} shows no error`);
    }
  }
}
