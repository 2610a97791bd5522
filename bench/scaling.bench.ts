// Scaling suite: how costs grow with store size (1k/10k/100k entities) and reader
// count (100/1k/10k), for Resto and its peers, as tables and SVG charts
// (bench/charts/*.svg). Run alone: node --expose-gc --import tsx scaling.bench.ts
// SCALING_SIZES and SCALING_READERS override the sizes (comma-separated).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as resto from '@resto/core';
import { InMemoryCache, gql } from '@apollo/client/core';
import { lineChart, type Series } from './charts';
import { dcClient } from './dcClient';
import { benchDir, dataClient18Dir, report } from './harness';

const SIZES = (process.env.SCALING_SIZES ?? '1000,10000,100000').split(',').map(Number);
const READERS = (process.env.SCALING_READERS ?? '100,1000,3000,10000').split(',').map(Number);
/** The peers wake every reader on every change (N² reads): past this many readers they would take minutes. */
const PEER_MAX_READERS = 1000;
const gc = (globalThis as { gc?: () => void }).gc;
const dcLib: any = await import(pathToFileURL(join(dataClient18Dir, 'core.mjs')).href);

// ---------------------------------------------------------------- schemas
class RUser extends resto.Entity {
  id = 0;
  login = '';
  name = '';
  static override key = 'User';
}
const rUser = new resto.RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/users/:id', schema: RUser });
const rUsers = new resto.RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/users', schema: [RUser] });
class DUser extends dcLib.Entity {
  id = 0;
  login = '';
  name = '';
  pk() {
    return `${this.id}`;
  }
  static key = 'User';
}
const dUser = new dcLib.RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/users/:id', schema: DUser });
const dUsers = new dcLib.RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/users', schema: [DUser] });
const aUserQuery = gql`
  query User($id: Int!) {
    user(id: $id) {
      id
      login
      name
    }
  }
`;
const aUsersQuery = gql`
  query Users {
    users {
      id
      login
      name
    }
  }
`;
const aUserFragment = gql`
  fragment U on User {
    id
    login
    name
  }
`;
// `user(id)` reads the normalized User, as an app's type policy would make it
const newApollo = () =>
  new InMemoryCache({
    typePolicies: {
      Query: { fields: { user: { read: (_, { args, toReference }) => toReference({ __typename: 'User', id: args!.id }) } } },
    },
  });

// Sparse GitHub-like ids (real primary keys are rarely 0..N-1).
const userId = (i: number) => 2716369 + i * 7;
const user = (i: number, v = 0) => ({ id: userId(i), login: `u${i}`, name: `user ${i} v${v}` });
const users = (n: number) => Array.from({ length: n }, (_, i) => user(i));

/** Best of 3 rounds of ms per op, each round running `fn` for a third of `budget` ms (at least `min` times). */
async function msPerOp(fn: () => unknown, budget = 600, min = 3): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    gc?.();
    let n = 0;
    const t0 = performance.now();
    do {
      await fn();
      n++;
    } while (performance.now() - t0 < budget / 3 || n < min);
    best = Math.min(best, (performance.now() - t0) / n);
  }
  return best;
}

const log = (s: string) => process.stderr.write(`  ${s}\n`);
type Curve = Record<string, Record<number, number | null>>;
const put = (c: Curve, lib: string, x: number, v: number | null) => ((c[lib] ??= {})[x] = v);

// ---------------------------------------------------------------- write and read vs store size
const write: Curve = {};
const read: Curve = {};
for (const n of SIZES) {
  const list = users(n);
  let v = 0;
  const target = Math.floor(n / 2);
  const ids = Array.from({ length: 100 }, (_, k) => userId(Math.floor((k * n) / 100)));
  {
    const c = resto.createClient();
    await c.controller.setResponse(rUsers, list);
    put(write, 'Resto', n, await msPerOp(() => c.controller.setResponse(rUser, { id: userId(target) }, user(target, ++v))));
    let k = 0;
    put(read, 'Resto', n, await msPerOp(() => {
      for (let j = 0; j < 100; j++) c.controller.getResponse(rUser, { id: ids[k++ % 100] }, c.getSnapshot());
    }));
    c.destroy();
  }
  {
    const c = dcClient(dcLib);
    await c.controller.setResponse(dUsers, list);
    put(write, 'data-client 0.18', n, await msPerOp(() => c.controller.setResponse(dUser, { id: userId(target) }, user(target, ++v))));
    let k = 0;
    put(read, 'data-client 0.18', n, await msPerOp(() => {
      for (let j = 0; j < 100; j++) c.controller.getResponse(dUser, { id: ids[k++ % 100] }, c.getState());
    }));
  }
  {
    const a = newApollo();
    a.writeQuery({ query: aUsersQuery, data: { users: list.map((u) => ({ __typename: 'User', ...u })) } });
    put(write, 'Apollo InMemoryCache', n, await msPerOp(() =>
      a.writeQuery({ query: aUserQuery, variables: { id: userId(target) }, data: { user: { __typename: 'User', ...user(target, ++v) } } }),
    ));
    let k = 0;
    put(read, 'Apollo InMemoryCache', n, await msPerOp(() => {
      for (let j = 0; j < 100; j++) a.readFragment({ id: `User:${ids[k++ % 100]}`, fragment: aUserFragment });
    }));
  }
  log(`store of ${n}: write ${Object.entries(write).map(([l, c]) => `${l} ${c[n]?.toFixed(4)} ms`).join(', ')}`);
  log(`store of ${n}: read x100 ${Object.entries(read).map(([l, c]) => `${l} ${c[n]?.toFixed(4)} ms`).join(', ')}`);
}

// ---------------------------------------------------------------- notifications vs reader count
// N readers of N different keys, each key answered once, one after the other (each
// answer waits until its reader was told): what a thousand mounted rows reading their
// own entity cost while their data streams in. One number = the whole run, in ms.
const notify: Curve = {};
for (const n of READERS) {
  {
    const c = resto.createClient();
    let wake: () => void = () => {};
    const reads = Array.from({ length: n }, (_, i) => c.observeWith({ fetch: false }, rUser, [{ id: userId(i) }]));
    reads.forEach((o) =>
      o.subscribe(() => {
        if (o.getSnapshot().data !== undefined) wake();
      }),
    );
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const told = new Promise<void>((r) => (wake = r));
      void c.controller.setResponse(rUser, { id: userId(i) }, user(i));
      await told;
    }
    put(notify, 'Resto', n, performance.now() - t0);
    c.destroy();
  }
  if (n <= PEER_MAX_READERS) {
    // each listener does what data-client's useSuspense does on every store change
    const c = dcClient(dcLib);
    let wake: () => void = () => {};
    for (let i = 0; i < n; i++) {
      const args = { id: userId(i) };
      c.subscribe(() => {
        const s = c.getState();
        const { data } = c.controller.getResponse(dUser, args, s);
        c.controller.getError(dUser, args, s);
        if (data !== undefined && data.id === args.id && (data as any).login === `u${i}`) pendingHit(i);
      });
    }
    let want = -1;
    const seen = new Set<number>();
    function pendingHit(i: number) {
      if (i === want && !seen.has(i)) {
        seen.add(i);
        wake();
      }
    }
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      want = i;
      const told = new Promise<void>((r) => (wake = r));
      void c.controller.setResponse(dUser, { id: userId(i) }, user(i));
      await told;
    }
    put(notify, 'data-client 0.18', n, performance.now() - t0);
  } else {
    put(notify, 'data-client 0.18', n, null);
  }
  if (n > PEER_MAX_READERS) put(notify, 'Apollo InMemoryCache', n, null);
  else {
    const a = newApollo();
    let wake: () => void = () => {};
    const cancel = Array.from({ length: n }, (_, i) =>
      a.watch({
        query: aUserQuery,
        variables: { id: userId(i) },
        optimistic: false,
        callback: (diff) => {
          if ((diff.result as any)?.user) wake();
        },
      }),
    );
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const told = new Promise<void>((r) => (wake = r));
      // writeFragment: the entity alone (writeQuery of `user(id)` would also touch the root field every watch reads)
      a.writeFragment({ id: `User:${userId(i)}`, fragment: aUserFragment, data: { __typename: 'User', ...user(i) } });
      await told;
    }
    put(notify, 'Apollo InMemoryCache', n, performance.now() - t0);
    cancel.forEach((c) => c());
  }
  log(`${n} readers: ${Object.entries(notify).map(([l, c]) => `${l} ${c[n] === null ? '-' : `${c[n]!.toFixed(1)} ms`}`).join(', ')}`);
}

// ---------------------------------------------------------------- against a local server
// 10,000 observers over 1,000 keys (10 readers each, as rows sharing a detail read)
// fetching from a real node:http server, against the same 1,000 fetches alone.
const server = createServer((req, res) => {
  const id = Number(req.url!.split('/').pop());
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id, login: `u${id}`, name: `user ${id}` }));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const sUser = rUser.extend({ urlPrefix: origin });
const KEYS = 1000;
const OBSERVERS = 10_000;
async function fetchesAlone(): Promise<number> {
  const c = resto.createClient();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: KEYS }, (_, i) => c.controller.fetch(sUser, { id: i })));
  const ms = performance.now() - t0;
  c.destroy();
  return ms;
}
async function observersFetching(): Promise<number> {
  const c = resto.createClient();
  let left = OBSERVERS;
  let done: () => void = () => {};
  const all = new Promise<void>((r) => (done = r));
  const t0 = performance.now();
  for (let j = 0; j < OBSERVERS; j++) {
    const o = c.observe(sUser, { id: j % KEYS });
    let got = false;
    o.subscribe(() => {
      if (!got && o.getSnapshot().data !== undefined) {
        got = true;
        if (--left === 0) done();
      }
    });
  }
  await all;
  const ms = performance.now() - t0;
  c.destroy();
  return ms;
}
let alone = Infinity;
let observed = Infinity;
for (let round = 0; round < 3; round++) {
  gc?.();
  alone = Math.min(alone, await fetchesAlone());
  gc?.();
  observed = Math.min(observed, await observersFetching());
}
server.close();
log(`local server: ${KEYS} fetches alone ${alone.toFixed(0)} ms, ${OBSERVERS} observers over them ${observed.toFixed(0)} ms`);

// ---------------------------------------------------------------- mount (from the render suite of the same run)
const mount: Curve = {};
const renderJson = join(benchDir, 'dist', 'results', 'render.json');
if (existsSync(renderJson)) {
  const render = JSON.parse(readFileSync(renderJson, 'utf8'));
  for (const row of render.rows as { case: string; hz: Record<string, number | null> }[]) {
    const m = /^mount \(([\d,]+) rows\)$/.exec(row.case);
    if (!m) continue;
    const rows = Number(m[1]!.replace(/,/g, ''));
    for (const [lib, ms] of Object.entries(row.hz)) put(mount, lib, rows, ms);
  }
}

// ---------------------------------------------------------------- tables, charts, RESULTS section
const chartsDir = join(benchDir, 'charts');
mkdirSync(chartsDir, { recursive: true });
const series = (c: Curve): Series[] =>
  Object.entries(c).map(([name, pts]) => ({ name, points: Object.entries(pts).map(([x, y]) => [Number(x), y] as [number, number | null]) }));
function chart(file: string, title: string, xLabel: string, yLabel: string, c: Curve): string {
  const svg = lineChart({ title, xLabel, yLabel, series: series(c) });
  if (!svg) return '';
  writeFileSync(join(chartsDir, file), svg);
  return `![${title}](charts/${file})`;
}
const fmtMs = (v: number | null | undefined) => (v == null ? '-' : v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toPrecision(2));
function table(c: Curve, xs: number[], xName: string, unit: string): string[] {
  const libs = Object.keys(c);
  const lines = [
    `| ${xName} | ${libs.map((l) => `${l} ${unit}`).join(' | ')} |`,
    `|---:|${libs.map(() => '---:').join('|')}|`,
  ];
  for (const x of xs) lines.push(`| ${x.toLocaleString('en-US')} | ${libs.map((l) => fmtMs(c[l]?.[x])).join(' | ')} |`);
  const first = xs[0]!;
  const last = xs[xs.length - 1]!;
  lines.push(
    `| growth ${first.toLocaleString('en-US')} → ${last.toLocaleString('en-US')} | ${libs
      .map((l) => (c[l]?.[first] && c[l]?.[last] ? `${(c[l]![last]! / c[l]![first]!).toFixed(1)}x` : '-'))
      .join(' | ')} |`,
  );
  return lines;
}

const md: string[] = [];
const rw = write.Resto ?? {};
const small = rw[SIZES[0]!];
const big = rw[SIZES[SIZES.length - 1]!];
const at10k = SIZES.includes(10_000) ? 10_000 : SIZES[Math.floor(SIZES.length / 2)]!;
const ratioApollo = write['Apollo InMemoryCache']?.[at10k] && rw[at10k] ? write['Apollo InMemoryCache']![at10k]! / rw[at10k]! : null;
md.push(
  '### Goals',
  '',
  '| goal | measured | status |',
  '|---|---|---|',
  `| 1. one write costs within 2x from ${SIZES[0]!.toLocaleString('en-US')} to ${SIZES[SIZES.length - 1]!.toLocaleString('en-US')} stored entities | ${small && big ? `${(big / small).toFixed(2)}x` : '-'} | ${small && big ? (big / small <= 2 ? 'met' : 'missed') : '-'} |`,
  `| 1. one write at ${at10k.toLocaleString('en-US')} at least as fast as Apollo InMemoryCache | Apollo ms / Resto ms = ${ratioApollo ? `${ratioApollo.toFixed(2)}x` : '-'} | ${ratioApollo ? (ratioApollo >= 1 ? 'met' : 'missed') : '-'} |`,
  `| 2. 3,000 readers of 3,000 keys answered one by one in under 1 s | ${READERS.includes(3000) ? `${fmtMs(notify.Resto?.[3000])} ms` : `${READERS.map((n) => `${n.toLocaleString('en-US')}: ${fmtMs(notify.Resto?.[n])} ms`).join(', ')}`} | ${
    READERS.includes(3000) ? ((notify.Resto?.[3000] ?? Infinity) < 1000 ? 'met' : 'missed') : (notify.Resto?.[READERS.find((n) => n >= 3000) ?? -1] ?? Infinity) < 1000 ? 'met (a larger count under 1 s)' : 'see table'
  } |`,
  `| 2. ${OBSERVERS.toLocaleString('en-US')} observers over ${KEYS.toLocaleString('en-US')} keys against a local server within 1.5x the fetches alone | ${observed.toFixed(0)} ms vs ${alone.toFixed(0)} ms alone = ${(observed / alone).toFixed(2)}x | ${observed / alone <= 1.5 ? 'met' : 'missed'} |`,
  '',
  '### Write one entity vs store size (ms per write, lower is better)',
  '',
  ...table(write, SIZES, 'stored entities', 'ms'),
  '',
  chart('write.svg', 'Write one entity', 'stored entities (log)', 'ms per write (log)', write),
  '',
  '### Read 100 entities by key vs store size (ms per 100 reads)',
  '',
  ...table(read, SIZES, 'stored entities', 'ms'),
  '',
  chart('read.svg', 'Read 100 entities by key', 'stored entities (log)', 'ms per 100 reads (log)', read),
  '',
  '### N readers of N keys, each key answered once (ms for the whole run)',
  '',
  ...table(notify, READERS, 'readers', 'ms'),
  '',
  chart('notify.svg', 'N readers of N keys answered one by one', 'readers (log)', 'ms in total (log)', notify),
  '',
);
if (Object.keys(mount).length) {
  const rowsX = [...new Set(Object.values(mount).flatMap((c) => Object.keys(c).map(Number)))].sort((a, b) => a - b);
  md.push(
    '### Mount N rows in Chromium (ms, from the render suite of the same run)',
    '',
    ...table(mount, rowsX, 'rows', 'ms'),
    '',
    chart('mount.svg', 'Mount N rows (Chromium)', 'rows (log)', 'ms (log)', mount),
    '',
  );
}

report({
  suite: 'scaling',
  title: 'Scaling: cost vs store size and reader count (node; charts are log-log)',
  libs: ['Resto', 'data-client 0.18', 'Apollo InMemoryCache'],
  peer: 'data-client 0.18',
  unit: 'ms',
  rows: [],
  markdown: md.join('\n'),
  notes: [
    `Write: \`setResponse\` of one user (sparse GitHub-like ids) into a store already holding N users from one list response; Resto \`createClient()\` with its default managers, data-client 0.18 (vendored reference build) Controller + reducer + managers without React, Apollo \`writeQuery\` of one \`user(id)\`. Read: 100 \`getResponse\` of single-user endpoints answered from the stored users (Apollo \`readFragment\`). Charts are log-log: a flat line is a constant cost, a 45° line a linear one.`,
    `Readers: N reads of N different users, subscribed before any data exists (Resto \`client.observeWith({ fetch: false }, User.get, [{ id }])\`, data-client one store listener per read calling \`getResponse\` + \`getError\` as its \`useSuspense\` does, Apollo one \`cache.watch\` per \`user(id)\` query, written with \`writeFragment\`), then each user is stored in turn and the run waits until its reader was told. Both peers look at every reader on every change (N² work: 1,000 readers already take seconds), so they are measured up to ${PEER_MAX_READERS.toLocaleString('en-US')} readers only.`,
    `Local server: a node:http server on 127.0.0.1 answering \`GET /users/:id\`; ${KEYS.toLocaleString('en-US')} \`controller.fetch\` calls at once against ${OBSERVERS.toLocaleString('en-US')} \`client.observe\` reads (10 per key, fetching through the NetworkManager's dedupe), best of 3 rounds each.`,
  ],
});
process.exit(0);
