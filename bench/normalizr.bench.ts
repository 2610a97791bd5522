// Normalizr suite: Resto against data-client 0.18 (the vendored reference build)
// and normalizr 3.6.2, same data, same process. Run: pnpm --filter ./bench bench
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as resto from '@resto/core';
import { dataClientSchemas, RBuildType, RProject } from './schemas';
import { dataClient18Dir, dataDir, report, runCases } from './harness';
import { normalize as nzNormalize, denormalize as nzDenormalize, schema as nzSchema } from 'normalizr';

const dc: any = await import(pathToFileURL(join(dataClient18Dir, 'core.mjs')).href);
const DCEntity = dc.Entity;
const { Project: DProject } = dataClientSchemas(DCEntity);
const projects = JSON.parse(readFileSync(join(dataDir, 'projects.json'), 'utf8'));
const githubUser = JSON.parse(readFileSync(join(dataDir, 'github-user.json'), 'utf8'));

// ---- schemas, one set per library ----
class RUser extends resto.Entity {
  id = 0;
  login = '';
  name = '';
  created_at = new Date(0);
  static override key = 'User';
  static override schema = { created_at: Date };
}
const rProjects = { project: [RProject] };
const rAll = new resto.All(RProject);

class DUser extends DCEntity {
  id = 0;
  login = '';
  name = '';
  created_at = new Date(0);
  pk() {
    return `${this.id}`;
  }
  static key = 'User';
  static schema = { created_at: Date };
}
const dProjects = { project: [DProject] };
const dAll = new dc.All(DProject);

const nBuildType = new nzSchema.Entity('BuildType');
const nProject = new nzSchema.Entity('Project', { buildTypes: { buildType: [nBuildType] } });
const nUser = new nzSchema.Entity('User');
const nProjects = { project: [nProject] };

// ---- stores prepared once ----
const meta = () => ({ date: Date.now(), fetchedAt: Date.now(), expiresAt: Date.now() + 60_000 });
const rStore = resto.normalize(rProjects, projects, [], undefined, meta());
const dStore = dc.normalize(dProjects, projects, [], undefined, meta());
const nStore = nzNormalize(projects, nProjects);
const userPk = `${githubUser.id}`;
const rUserStore = resto.normalize(RUser, githubUser);
const dUserStore = dc.normalize(DUser, githubUser);
const nUserStore = nzNormalize(githubUser, nUser);

const users10k = Array.from({ length: 10_000 }, (_, i) => ({ ...githubUser, id: i, login: `u${i}` }));
const rBig = resto.normalize([RUser], users10k, [], undefined, meta());
const dBig = dc.normalize([DUser], users10k, [], undefined, meta());
const nBig = nzNormalize(users10k, [nUser]);
let n = 0;
const changedUser = () => ({ ...githubUser, id: 5000, login: 'changed', followers: ++n });

// memo caches live across iterations, as in an app
const rMemo = new resto.MemoCache();
const dMemo = new dc.MemoCache();

type Case = { name: string; resto: () => unknown; dataClient: () => unknown; normalizr?: () => unknown };
const cases: Case[] = [
  {
    name: 'normalize long list',
    resto: () => resto.normalize(rProjects, projects, [], undefined, meta()),
    dataClient: () => dc.normalize(dProjects, projects, [], undefined, meta()),
    normalizr: () => nzNormalize(projects, nProjects),
  },
  {
    name: 'denormalize long list (uncached)',
    resto: () => resto.denormalize(rProjects, rStore.result, rStore.entities),
    dataClient: () => dc.denormalize(dProjects, dStore.result, dStore.entities),
    normalizr: () => nzDenormalize(nStore.result, nProjects, nStore.entities),
  },
  {
    name: 'denormalize long list (memoized)',
    resto: () => rMemo.denormalize(rProjects, rStore.result, rStore.entities),
    dataClient: () => dMemo.denormalize(dProjects, dStore.result, dStore.entities),
  },
  {
    name: 'denormalize one entity x500 (uncached)',
    resto: () => {
      for (let i = 0; i < 500; i++) resto.denormalize(RUser, userPk, rUserStore.entities);
    },
    dataClient: () => {
      for (let i = 0; i < 500; i++) dc.denormalize(DUser, userPk, dUserStore.entities);
    },
    normalizr: () => {
      for (let i = 0; i < 500; i++) nzDenormalize(githubUser.id, nUser, nUserStore.entities);
    },
  },
  {
    name: 'denormalize one entity x500 (memoized)',
    resto: () => {
      for (let i = 0; i < 500; i++) rMemo.denormalize(RUser, userPk, rUserStore.entities);
    },
    dataClient: () => {
      for (let i = 0; i < 500; i++) dMemo.denormalize(DUser, userPk, dUserStore.entities);
    },
  },
  {
    name: 'query All over the list (memoized)',
    resto: () => rMemo.query(rAll, [], rStore),
    dataClient: () => dMemo.query(dAll, [], dStore),
  },
  {
    name: 'set one entity in a 10k-entity store',
    resto: () => resto.normalize(RUser, changedUser(), [], rBig, meta()),
    dataClient: () => dc.normalize(DUser, changedUser(), [], dBig, meta()),
    normalizr: () => {
      // normalizr has no store: normalize, then merge the tables the way a reducer would
      const out = nzNormalize(changedUser(), nUser);
      return { ...nBig.entities, User: { ...nBig.entities.User, ...out.entities.User } };
    },
  },
];


// Shared CI machines are noisy: each case runs in short interleaved rounds and
// keeps each library's best round, so a busy moment does not favour either side.
const rows = await runCases(
  cases.map((c) => ({
    name: c.name,
    libs: { resto: c.resto, 'data-client 0.18': c.dataClient, 'normalizr 3.6.2': c.normalizr },
  })),
);

// sanity, after timing (a cold call before timing changes how V8 compiles the read path;
// see README): what was measured reads back the whole list
const check = resto.denormalize(rProjects, rStore.result, rStore.entities) as any;
const dcCheck = dc.denormalize(dProjects, dStore.result, dStore.entities) as any;
if (check.project.length !== projects.project.length || dcCheck.project.length !== check.project.length) {
  throw new Error('libraries read back different lists');
}
if (check.project[2].buildTypes.buildType[0].constructor !== RBuildType) throw new Error('resto lost the nested entity');

report({
  suite: 'normalizr',
  title: 'normalizr: normalize and denormalize (node)',
  libs: ['resto', 'data-client 0.18', 'normalizr 3.6.2'],
  peer: 'data-client 0.18',
  rows,
  notes: [
    'Resto `normalize`/`denormalize`/`MemoCache` against data-client 0.18 (`normalize`, `denormalize`, `MemoCache` of the vendored reference build, bench/vendor/data-client-0.18) and `normalizr` 3.6.2. The 10k-entity case here uses dense ids 0..9999 (see the core suite for real-world ids).',
  ],
});
