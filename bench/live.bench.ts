// Live suite: a burst of pushed entity updates into a store that views read, Resto's
// @resto/core/live message path (JSON text -> parseMessage -> applyMessage: the schema
// check, then SET_RESPONSE through the reducer, the reader index and one flush) against
// TanStack query-core's setQueryData on per-entity queries (not normalized: a list that
// holds the entity does not change). Each message is its own task, as from a socket:
// applied, then the notifications flushed, before the next.
// Run alone: node --expose-gc --import tsx live.bench.ts
import * as resto from '@resto/core';
import { applyMessage, parseMessage, type LiveMessages } from '@resto/core/live';
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';
import { report, runCases, type Case, type Row } from './harness';

// As in the core suite: TanStack's notifications on a microtask, like Resto's.
notifyManager.setScheduler(queueMicrotask);

const MESSAGES = 1_000;

class Todo extends resto.Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const getTodo = new resto.RestEndpoint({ path: '/todos/:id', schema: Todo, dataExpiryLength: Infinity });
const getList = new resto.RestEndpoint({ path: '/todos', schema: [Todo], dataExpiryLength: Infinity });
const messages: LiveMessages = { 'todo.updated': Todo };

const row = (id: number) => ({ id, title: `todo ${id}`, completed: false });
/** The burst's texts: updates of the viewed entities, round-robin. */
const texts = (views: number, round: number) =>
  Array.from({ length: MESSAGES }, (_, i) => {
    const id = (i % views) + 1;
    return JSON.stringify({ type: 'todo.updated', data: { id, title: `v${round}-${i}`, completed: i % 2 === 0 } });
  });

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function restoSetup(entities: number, views: number) {
  const client = resto.createClient();
  void client.controller.setResponse(getList, Array.from({ length: entities }, (_, i) => row(i + 1)));
  let heard = 0;
  for (let id = 1; id <= views; id++) {
    void client.controller.setResponse(getTodo, { id }, row(id));
    const o = client.observe(getTodo, { id });
    o.subscribe(() => {
      o.getSnapshot();
      heard++;
    });
  }
  let round = 0;
  return {
    heard: () => heard,
    burst: async () => {
      for (const text of texts(views, round++)) {
        applyMessage(client.controller, messages, parseMessage(text, 'message', undefined));
        await flush();
      }
    },
  };
}

function tanstackSetup(entities: number, views: number) {
  const qc = new QueryClient();
  for (let id = 1; id <= entities; id++) qc.setQueryData(['todo', id], row(id));
  let heard = 0;
  for (let id = 1; id <= views; id++) {
    const o = new QueryObserver(qc, { queryKey: ['todo', id], staleTime: Infinity, enabled: false });
    o.subscribe(() => {
      o.getCurrentResult();
      heard++;
    });
  }
  let round = 0;
  return {
    heard: () => heard,
    burst: async () => {
      for (const text of texts(views, round++)) {
        const { data } = JSON.parse(text) as { data: { id: number } };
        qc.setQueryData(['todo', data.id], data);
        await flush();
      }
    },
  };
}

const SHAPES: [entities: number, views: number][] = [
  [10_000, 1_000],
  [1_000, 1_000],
  [100_000, 1_000],
  [10_000, 100],
  [10_000, 10_000],
];

const cases: Case[] = [];
const checks: (() => void)[] = [];
for (const [entities, views] of SHAPES) {
  const r = restoSetup(entities, views);
  const t = tanstackSetup(entities, views);
  cases.push({
    name: `${MESSAGES.toLocaleString('en-US')} pushed updates, ${entities.toLocaleString('en-US')} entities, ${views.toLocaleString('en-US')} views`,
    libs: { resto: r.burst, tanstack: t.burst },
  });
  // Every message reaches its one view, in both: the work measured is the same.
  checks.push(() => {
    if (r.heard() === 0 || t.heard() === 0) throw new Error(`no view heard the burst (${entities}/${views})`);
  });
}

const rows: Row[] = await runCases(cases);
for (const check of checks) check();
for (const r of rows) {
  const us = (hz: number | null) => (hz ? `${((1e6 / hz) / MESSAGES).toFixed(2)} µs` : '-');
  r.extra = { 'Resto per message': us(r.hz.resto ?? null), 'TanStack per message': us(r.hz.tanstack ?? null) };
}

report({
  suite: 'live',
  title: 'live (issue 42)',
  libs: ['resto', 'tanstack'],
  peer: 'tanstack',
  rows,
  notes: [
    'One op is a burst of 1,000 pushed entity updates, each applied and its notifications flushed (a microtask) before the next, as messages from a socket arrive in separate tasks. Resto: the message text through `parseMessage` and `applyMessage` (`@resto/core/live`): the payload checked against its schema, then stored by `SET_RESPONSE` (normalized, ordered by entity meta, the reader index waking the one view that reads the entity). TanStack query-core: `JSON.parse` and `setQueryData` on a per-entity query key, with a `QueryObserver` per view; it is not normalized, so a list holding the entity is not updated, which Resto does. The store size is the number of entities stored (Resto: one list; TanStack: one query each); views are subscribed observers of distinct entities, and messages update the viewed entities round-robin.',
  ],
});
