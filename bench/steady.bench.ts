// Steady-state suite: every operation an app runs (normalize, uncached and memoized
// denormalize, setResponse, getResponse, entity updates), for three kinds of Entity
// class, run interleaved in one process after all of them are warm, Resto against
// data-client 0.18. The isolated suites (normalizr, core) run each case alone in a
// fresh JIT and heap state; this one measures what a running app gets, where the
// shared code has seen every shape and the heap holds everything's garbage.
// Run alone: node --expose-gc --import tsx steady.bench.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as resto from '@resto/core';
import { dataClient18Dir, dataDir, fmt, report, type Row } from './harness';
import { dcClient } from './dcClient';

const dc: any = await import(pathToFileURL(join(dataClient18Dir, 'core.mjs')).href);
const projects = JSON.parse(readFileSync(join(dataDir, 'projects.json'), 'utf8'));
const githubUser = JSON.parse(readFileSync(join(dataDir, 'github-user.json'), 'utf8'));

/** CPU ms each library runs a case per round; rounds over all cases. */
const SLICE = Number(process.env.STEADY_SLICE ?? 60);
const ROUNDS = Number(process.env.STEADY_ROUNDS ?? 8);

// The same list with a creation date on every project and build type (ISO strings, as a
// REST API sends them), for the classes that deserialise it.
const stamp = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
let s = 0;
const datedProjects = {
  project: projects.project.map((p: any) => ({
    ...p,
    createdAt: stamp(s++),
    buildTypes: { buildType: p.buildTypes.buildType.map((b: any) => ({ ...b, createdAt: stamp(s++) })) },
  })),
};

// ---------------------------------------------------------------- classes
// Three kinds per library, each under its own keys (one store never mixes them):
// the default primary key (the `id` field), `pk()` defined (what apps and
// data-client's docs write), and `pk()` plus `static schema` Date deserialisers.
type Kind = 'default pk' | 'pk()' | 'pk() + Date fields';
const KINDS: Kind[] = ['default pk', 'pk()', 'pk() + Date fields'];

function restoClasses(kind: Kind) {
  const tag = kind === 'default pk' ? 'D' : kind === 'pk()' ? 'P' : 'T';
  const dated = kind === 'pk() + Date fields';
  const withPk = kind !== 'default pk';
  class BuildType extends resto.Entity {
    id = '';
    internalId = '';
    name = '';
    type = '';
    paused = false;
    projectId = '';
    static override key = `BuildType${tag}`;
  }
  class Project extends resto.Entity {
    id = '';
    internalId = '';
    name = '';
    parentProjectId = '';
    archived = false;
    buildTypes = { buildType: [] as BuildType[] };
    static override key = `Project${tag}`;
    static override schema: Record<string, unknown> = { buildTypes: { buildType: [BuildType] } };
  }
  class User extends resto.Entity {
    id = 0;
    login = '';
    name = '';
    static override key = `User${tag}`;
  }
  if (withPk) {
    for (const C of [BuildType, Project]) C.prototype.pk = function (this: { id: string }) { return this.id; };
    User.prototype.pk = function (this: { id: number }) { return `${this.id}`; };
  }
  if (dated) {
    (BuildType as any).schema = { createdAt: Date };
    Project.schema = { buildTypes: { buildType: [BuildType] }, createdAt: Date };
    (User as any).schema = { created_at: Date, updated_at: Date };
  }
  return { BuildType, Project, User };
}

function dataClientClasses(kind: Kind) {
  const tag = kind === 'default pk' ? 'D' : kind === 'pk()' ? 'P' : 'T';
  const dated = kind === 'pk() + Date fields';
  const withPk = kind !== 'default pk';
  class BuildType extends dc.Entity {
    id = '';
    internalId = '';
    name = '';
    type = '';
    paused = false;
    projectId = '';
    static key = `BuildType${tag}`;
  }
  class Project extends dc.Entity {
    id = '';
    internalId = '';
    name = '';
    parentProjectId = '';
    archived = false;
    buildTypes = { buildType: [] as unknown[] };
    static key = `Project${tag}`;
    static schema: Record<string, unknown> = { buildTypes: { buildType: [BuildType] } };
  }
  class User extends dc.Entity {
    id = 0;
    login = '';
    name = '';
    static key = `User${tag}`;
  }
  if (withPk) {
    for (const C of [BuildType, Project]) C.prototype.pk = function (this: { id: string }) { return this.id; };
    User.prototype.pk = function (this: { id: number }) { return `${this.id}`; };
  }
  if (dated) {
    (BuildType as any).schema = { createdAt: Date };
    Project.schema = { buildTypes: { buildType: [BuildType] }, createdAt: Date };
    (User as any).schema = { created_at: Date, updated_at: Date };
  }
  return { BuildType, Project, User };
}

// ---------------------------------------------------------------- cases
type Op = () => unknown;
interface Case {
  name: string;
  resto: Op;
  dataClient: Op;
  /** The operation returns a promise to wait for. */
  async?: boolean;
}
const meta = () => ({ date: Date.now(), fetchedAt: Date.now(), expiresAt: Date.now() + 60_000 });
let n = 0;

/** What the checks after timing read back, per kind. */
const checks: (() => void)[] = [];

async function casesFor(kind: Kind): Promise<Case[]> {
  const R = restoClasses(kind);
  const D = dataClientClasses(kind);
  const data = kind === 'pk() + Date fields' ? datedProjects : projects;
  const rSchema = { project: [R.Project] };
  const dSchema = { project: [D.Project] };
  const rStore = resto.normalize(rSchema, data, [], undefined, meta());
  const dStore = dc.normalize(dSchema, data, [], undefined, meta());
  const rUserStore = resto.normalize(R.User, githubUser);
  const dUserStore = dc.normalize(D.User, githubUser);
  const userPk = `${githubUser.id}`;
  const rMemo = new resto.MemoCache();
  const dMemo = new dc.MemoCache();

  const rList = new resto.RestEndpoint({ path: '/projects', schema: rSchema });
  const rProject = new resto.RestEndpoint({ path: '/projects/:id', schema: R.Project });
  const dList = new dc.RestEndpoint({ path: '/projects', schema: dSchema });
  const dProject = new dc.RestEndpoint({ path: '/projects/:id', schema: D.Project });
  const rc = resto.createClient();
  const dcc = dcClient(dc);
  await rc.controller.setResponse(rList, data);
  await dcc.controller.setResponse(dList, data);
  const some = data.project[2];
  let updated = false;
  const changed = () => {
    updated = true;
    return { ...some, name: `renamed ${++n}` };
  };

  checks.push(() => {
    const r = resto.denormalize(rSchema, rStore.result, rStore.entities) as any;
    const d = dc.denormalize(dSchema, dStore.result, dStore.entities);
    const rc2 = rc.controller.getResponse(rList, rc.getSnapshot()).data as any;
    if (r.project.length !== d.project.length || rc2.project.length !== d.project.length) {
      throw new Error(`${kind}: libraries read back different lists`);
    }
    const bt = r.project[2].buildTypes.buildType[0];
    if (!(bt instanceof R.BuildType)) throw new Error(`${kind}: resto lost the nested entity`);
    if (kind === 'pk() + Date fields' && !(bt.createdAt instanceof Date && r.project[2].createdAt instanceof Date)) {
      throw new Error(`${kind}: resto did not deserialise the dates`);
    }
    if (updated && !rc2.project.find((p: any) => p.id === some.id).name.startsWith('renamed')) {
      throw new Error(`${kind}: resto did not see the update`);
    }
  });

  const x500 = (f: () => unknown) => () => {
    for (let i = 0; i < 500; i++) f();
  };
  return [
    {
      name: 'normalize long list',
      resto: () => resto.normalize(rSchema, data, [], undefined, meta()),
      dataClient: () => dc.normalize(dSchema, data, [], undefined, meta()),
    },
    {
      name: 'denormalize long list (uncached)',
      resto: () => resto.denormalize(rSchema, rStore.result, rStore.entities),
      dataClient: () => dc.denormalize(dSchema, dStore.result, dStore.entities),
    },
    {
      name: 'denormalize long list (memoized)',
      resto: () => rMemo.denormalize(rSchema, rStore.result, rStore.entities),
      dataClient: () => dMemo.denormalize(dSchema, dStore.result, dStore.entities),
    },
    {
      name: 'denormalize one entity x500 (uncached)',
      resto: x500(() => resto.denormalize(R.User, userPk, rUserStore.entities)),
      dataClient: x500(() => dc.denormalize(D.User, userPk, dUserStore.entities)),
    },
    {
      name: 'setResponse of the long list (empty store)',
      resto: () => resto.createClient().controller.setResponse(rList, data),
      dataClient: () => dcClient(dc).controller.setResponse(dList, data),
      async: true,
    },
    {
      name: 'getResponse memoized',
      resto: () => rc.controller.getResponse(rList, rc.getSnapshot()),
      dataClient: () => dcc.controller.getResponse(dList, dcc.getState()),
    },
    {
      name: 'listed entity updated, then getResponse',
      resto: () => {
        rc.controller.setResponse(rProject, { id: some.id }, changed());
        return rc.controller.getResponse(rList, rc.getSnapshot());
      },
      dataClient: () => {
        dcc.controller.setResponse(dProject, { id: some.id }, changed());
        return dcc.controller.getResponse(dList, dcc.getState());
      },
    },
  ].map((c) => ({ ...c, name: `${c.name} [${kind}]` }));
}

const cases: Case[] = [];
for (const kind of KINDS) cases.push(...(await casesFor(kind)));
const only = process.env.BENCH_ONLY;
const picked = only ? cases.filter((c) => only.split(',').some((o) => c.name.includes(o))) : cases;

/** CPU time of this process in ms (all its threads: GC and compiler threads are part of the cost). */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const batches = new Map<Op, number>();

/**
 * Runs `op` for about `ms` of CPU time and returns ops per CPU second. CPU time rather
 * than wall time: on a shared machine a descheduled slice would bill either library
 * for another process. Calls are batched so each clock read covers at least ~1 ms.
 */
async function slice(op: Op, isAsync: boolean | undefined, ms: number): Promise<number> {
  let batch = batches.get(op) ?? 1;
  let count = 0;
  const c0 = cpu();
  let c = c0;
  do {
    for (let i = 0; i < batch; i++) {
      if (isAsync) await op();
      else op();
    }
    count += batch;
    const now = cpu();
    if (now - c < 1 && batch < 1 << 20) batch *= 2;
    c = now;
  } while (c - c0 < ms);
  batches.set(op, batch);
  return (count * 1000) / (c - c0);
}

// Warm-up: every case of both libraries, twice over, before anything is timed, so
// the first timed case already runs in the state the last one does.
for (let w = 0; w < 2; w++) {
  for (const c of picked) {
    await slice(c.resto, c.async, SLICE);
    await slice(c.dataClient, c.async, SLICE);
  }
}

// Timed rounds: all cases interleaved, the order rotating and the library order
// alternating each round; no forced GC (an app's garbage is part of its steady state).
const samples = new Map<string, { resto: number[]; dataClient: number[] }>();
for (const c of picked) samples.set(c.name, { resto: [], dataClient: [] });
for (let round = 0; round < ROUNDS; round++) {
  const shift = (round * 5) % picked.length;
  const order = [...picked.slice(shift), ...picked.slice(0, shift)];
  for (const c of order) {
    const libs = round % 2 ? (['dataClient', 'resto'] as const) : (['resto', 'dataClient'] as const);
    for (const lib of libs) samples.get(c.name)![lib].push(await slice(c[lib], c.async, SLICE));
  }
  process.stderr.write(`  round ${round + 1}/${ROUNDS}\n`);
}

for (const check of checks) check();

const median = (xs: number[]) => {
  const ys = [...xs].sort((a, b) => a - b);
  const m = ys.length >> 1;
  return ys.length % 2 ? ys[m]! : (ys[m - 1]! + ys[m]!) / 2;
};
const rows: Row[] = picked.map((c) => {
  const x = samples.get(c.name)!;
  const row = { case: c.name, hz: { resto: median(x.resto), 'data-client 0.18': median(x.dataClient) } };
  process.stderr.write(`  ${c.name}: resto ${fmt(row.hz.resto)}, data-client 0.18 ${fmt(row.hz['data-client 0.18'])}\n`);
  return row;
});

report({
  suite: 'steady',
  title: 'Steady state: every case interleaved in one warm process (node)',
  libs: ['resto', 'data-client 0.18'],
  peer: 'data-client 0.18',
  rows,
  notes: [
    `One process runs all ${picked.length} cases of both libraries, warmed twice over, then ${ROUNDS} rounds in which each library runs each case for ${SLICE} ms of CPU time (case order rotating, library order alternating, no forced GC); ops/s is operations per CPU second of the process (GC and compiler threads included), median of the rounds. Three kinds of Entity class per library, each its own store: the default primary key, \`pk()\` defined, and \`pk()\` with \`static schema\` Date deserialisers (\`createdAt\` on every project and build type, \`created_at\`/\`updated_at\` on the user). data-client 0.18 is the vendored reference build (bench/vendor/data-client-0.18). The same cases run alone, in a fresh process each suite, in the normalizr and core sections; see bench/README.md "Steady state".`,
  ],
});
process.exit(0);
