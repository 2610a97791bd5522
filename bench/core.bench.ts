// Core suite: the store and Controller of Resto against data-client 0.18 (the
// vendored reference build of @data-client/core + rest), with TanStack query-core
// (not normalized) and Apollo's InMemoryCache (normalized) as baselines, same data,
// same process. Run alone: node --expose-gc --import tsx core.bench.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as resto from '@resto/core';
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';
import { InMemoryCache, gql } from '@apollo/client/core';
import { dataClientSchemas, RBuildType, RProject } from './schemas';
import { dataClient18Dir, dataDir, report, runCases, type Case } from './harness';
import { dcClient } from './dcClient';

const dcLib: any = await import(pathToFileURL(join(dataClient18Dir, 'core.mjs')).href);
const { Entity: DEntity, RestEndpoint: DRestEndpoint } = dcLib;
const { Project: DProject } = dataClientSchemas(DEntity);

const projects = JSON.parse(readFileSync(join(dataDir, 'projects.json'), 'utf8'));
const githubUser = JSON.parse(readFileSync(join(dataDir, 'github-user.json'), 'utf8'));

// TanStack batches observer notifications with setTimeout(0) by default; a microtask
// (what Resto uses) keeps timer granularity out of the numbers.
notifyManager.setScheduler(queueMicrotask);

// ---------------------------------------------------------------- Resto
class RUser extends resto.Entity {
  id = 0;
  login = '';
  name = '';
  static override key = 'User';
}
const rList = new resto.RestEndpoint({ path: '/projects', schema: { project: [RProject] } });
const rProject = new resto.RestEndpoint({ path: '/projects/:id', schema: RProject });
const rUser = new resto.RestEndpoint({ path: '/users/:id', schema: RUser });

// ---------------------------------------------------------------- data-client
class DUser extends DEntity {
  id = 0;
  login = '';
  name = '';
  pk() {
    return `${this.id}`;
  }
  static key = 'User';
}
const dList = new DRestEndpoint({ path: '/projects', schema: { project: [DProject] } });
const dProject = new DRestEndpoint({ path: '/projects/:id', schema: DProject });
const dUser = new DRestEndpoint({ path: '/users/:id', schema: DUser });

// ---------------------------------------------------------------- Apollo
const withTypename = {
  project: projects.project.map((p: any) => ({
    __typename: 'Project',
    ...p,
    buildTypes: {
      __typename: 'BuildTypes',
      buildType: p.buildTypes.buildType.map((b: any) => ({ __typename: 'BuildType', ...b })),
    },
  })),
};
const aProjectsQuery = gql`
  query Projects {
    project {
      id
      internalId
      name
      parentProjectId
      archived
      buildTypes {
        buildType {
          id
          internalId
          name
          type
          paused
          projectId
        }
      }
    }
  }
`;
const aProjectFragment = gql`
  fragment P on Project {
    id
    internalId
    name
    parentProjectId
    archived
  }
`;
const aUserQuery = gql`
  query User($id: Int!) {
    user(id: $id) {
      id
      login
      name
    }
  }
`;
const newApollo = () => new InMemoryCache({ resultCaching: true });

// ---------------------------------------------------------------- shared data
let n = 0;
const listKey = ['projects'];
const someProject = projects.project[2];
const changedProject = () => ({ ...someProject, name: `renamed ${++n}` });
const unrelatedUser = () => ({ id: 1, login: 'other', name: `other ${++n}` });
const unrelatedProject = () => ({
  id: 'Unrelated',
  internalId: 'x',
  name: `not in the list ${++n}`,
  parentProjectId: '_Root',
  archived: false,
  buildTypes: { buildType: [] },
});
// GitHub-like ids (sparse numbers, like most real primary keys). Dense 0..9999 ids would let
// V8 copy the table as an array, but only while the copying call site has seen no other
// table shape, which is never the case in an app (see README).
const userId = (i: number) => githubUser.id + i * 7;
const users10k = Array.from({ length: 10_000 }, (_, i) => ({ id: userId(i), login: `u${i}`, name: `${githubUser.name} ${i}` }));
const changedUser = () => ({ id: userId(5000), login: 'changed', name: `changed ${++n}` });

// ---------------------------------------------------------------- stores, prepared once
// Resto with its default managers (network, polling, GC), as createClient() gives an app.
const rc = resto.createClient();
const dc = dcClient(dcLib);
await rc.controller.setResponse(rList, projects);
await dc.controller.setResponse(dList, projects);
const tq = new QueryClient();
tq.setQueryData(listKey, projects);
const ap = newApollo();
ap.writeQuery({ query: aProjectsQuery, data: withTypename });

// a separate store per "unrelated change" case, so each starts from the same list
const rcU = resto.createClient();
const dcU = dcClient(dcLib);
await rcU.controller.setResponse(rList, projects);
await dcU.controller.setResponse(dList, projects);
const tqU = new QueryClient();
tqU.setQueryData(listKey, projects);
const apU = newApollo();
apU.writeQuery({ query: aProjectsQuery, data: withTypename });

// 10k users, each stored by its own read, as 10,000 detail views would leave them
const rc10k = resto.createClient();
const dc10k = dcClient(dcLib);
const tq10k = new QueryClient();
const ap10k = newApollo();
{
  const rUsers = new resto.RestEndpoint({ path: '/users', schema: [RUser] });
  const dUsers = new DRestEndpoint({ path: '/users', schema: [DUser] });
  await rc10k.controller.setResponse(rUsers, users10k);
  await dc10k.controller.setResponse(dUsers, users10k);
  for (const u of users10k) tq10k.setQueryData(['user', u.id], u);
  const all = gql`
    query Users {
      users {
        id
        login
        name
      }
    }
  `;
  ap10k.writeQuery({ query: all, data: { users: users10k.map((u) => ({ __typename: 'User', ...u })) } });
}

// 1,000 observers of the list, each reading its snapshot when told
const OBSERVERS = 1000;
function countdown() {
  let left = 0;
  let done: () => void = () => {};
  return {
    arm() {
      left = OBSERVERS;
      return new Promise<void>((r) => (done = r));
    },
    hit() {
      if (--left === 0) done();
    },
  };
}
const rObs = resto.createClient();
await rObs.controller.setResponse(rList, projects);
const rCount = countdown();
for (let i = 0; i < OBSERVERS; i++) {
  const o = rObs.observe(rList);
  o.subscribe(() => {
    o.getSnapshot();
    rCount.hit();
  });
  o.getSnapshot();
}
const dObs = dcClient(dcLib);
await dObs.controller.setResponse(dList, projects);
const dCount = countdown();
for (let i = 0; i < OBSERVERS; i++) {
  // what each data-client useSuspense does when the store changes
  dObs.subscribe(() => {
    const s = dObs.getState();
    dObs.controller.getResponse(dList, s);
    dObs.controller.getError(dList, s);
    dCount.hit();
  });
}
const tqObs = new QueryClient();
tqObs.setQueryData(listKey, projects);
const tCount = countdown();
for (let i = 0; i < OBSERVERS; i++) {
  const o = new QueryObserver(tqObs, { queryKey: listKey, staleTime: Infinity, enabled: false });
  o.subscribe(() => {
    o.getCurrentResult();
    tCount.hit();
  });
}
const apObs = newApollo();
apObs.writeQuery({ query: aProjectsQuery, data: withTypename });
const aCount = countdown();
for (let i = 0; i < OBSERVERS; i++) {
  apObs.watch({ query: aProjectsQuery, optimistic: false, callback: () => aCount.hit() });
}

const renameInList = (data: any, p: any) => ({
  project: data.project.map((x: any) => (x.id === p.id ? { ...x, ...p } : x)),
});

const cases: Case[] = [
  {
    name: 'setResponse of the long list (empty store)',
    libs: {
      resto: () => {
        const c = resto.createClient();
        return c.controller.setResponse(rList, projects);
      },
      'data-client 0.18': () => dcClient(dcLib).controller.setResponse(dList, projects),
      tanstack: () => new QueryClient().setQueryData(listKey, projects),
      apollo: () => newApollo().writeQuery({ query: aProjectsQuery, data: withTypename }),
    },
  },
  {
    name: 'getResponse memoized',
    libs: {
      resto: () => rc.controller.getResponse(rList, rc.getSnapshot()),
      'data-client 0.18': () => dc.controller.getResponse(dList, dc.getState()),
      tanstack: () => tq.getQueryData(listKey),
      apollo: () => ap.readQuery({ query: aProjectsQuery }),
    },
  },
  {
    name: 'unrelated entity (other type) set, then getResponse',
    libs: {
      resto: () => {
        rcU.controller.setResponse(rUser, { id: 1 }, unrelatedUser());
        return rcU.controller.getResponse(rList, rcU.getSnapshot());
      },
      'data-client 0.18': () => {
        dcU.controller.setResponse(dUser, { id: 1 }, unrelatedUser());
        return dcU.controller.getResponse(dList, dcU.getState());
      },
      tanstack: () => {
        tqU.setQueryData(['user', 1], unrelatedUser());
        return tqU.getQueryData(listKey);
      },
      apollo: () => {
        apU.writeQuery({ query: aUserQuery, variables: { id: 1 }, data: { user: { __typename: 'User', ...unrelatedUser() } } });
        return apU.readQuery({ query: aProjectsQuery });
      },
    },
  },
  {
    name: 'unrelated entity (same type, not listed) set, then getResponse',
    libs: {
      resto: () => {
        rcU.controller.setResponse(rProject, { id: 'Unrelated' }, unrelatedProject());
        return rcU.controller.getResponse(rList, rcU.getSnapshot());
      },
      'data-client 0.18': () => {
        dcU.controller.setResponse(dProject, { id: 'Unrelated' }, unrelatedProject());
        return dcU.controller.getResponse(dList, dcU.getState());
      },
      tanstack: () => {
        tqU.setQueryData(['project', 'Unrelated'], unrelatedProject());
        return tqU.getQueryData(listKey);
      },
      apollo: () => {
        apU.writeFragment({ id: 'Project:Unrelated', fragment: aProjectFragment, data: { __typename: 'Project', ...unrelatedProject() } });
        return apU.readQuery({ query: aProjectsQuery });
      },
    },
  },
  {
    name: 'set one entity in a 10k-entity store',
    libs: {
      resto: () => rc10k.controller.setResponse(rUser, { id: userId(5000) }, changedUser()),
      'data-client 0.18': () => dc10k.controller.setResponse(dUser, { id: userId(5000) }, changedUser()),
      tanstack: () => tq10k.setQueryData(['user', userId(5000)], changedUser()),
      apollo: () =>
        ap10k.writeQuery({ query: aUserQuery, variables: { id: userId(5000) }, data: { user: { __typename: 'User', ...changedUser() } } }),
    },
  },
  {
    name: '1,000 observers of one list: one listed entity changes',
    libs: {
      resto: () => {
        const done = rCount.arm();
        rObs.controller.setResponse(rProject, { id: someProject.id }, changedProject());
        return done;
      },
      'data-client 0.18': () => {
        const done = dCount.arm();
        dObs.controller.setResponse(dProject, { id: someProject.id }, changedProject());
        return done;
      },
      tanstack: () => {
        const done = tCount.arm();
        // not normalized: the list is rewritten with the changed project
        tqObs.setQueryData(listKey, (old: any) => renameInList(old, changedProject()));
        return done;
      },
      apollo: () => {
        const done = aCount.arm();
        apObs.writeFragment({
          id: `Project:${someProject.id}`,
          fragment: aProjectFragment,
          data: { __typename: 'Project', ...changedProject() },
        });
        return done;
      },
    },
  },
];

const rows = await runCases(cases);

// sanity, after timing: every store reads back the same list
const r = rc.controller.getResponse(rList, rc.getSnapshot()).data as any;
const d = dc.controller.getResponse(dList, dc.getState()).data as any;
const a = ap.readQuery({ query: aProjectsQuery }) as any;
if (r.project.length !== projects.project.length || d.project.length !== r.project.length || a.project.length !== r.project.length) {
  throw new Error('libraries read back different lists');
}
if (!(r.project[2].buildTypes.buildType[0] instanceof RBuildType)) throw new Error('resto lost the nested entity');
const rO = rObs.observe(rList).getSnapshot().data as any;
if (rows.some((x) => x.case.startsWith('1,000 observers')) && !rO.project.find((p: any) => p.id === someProject.id).name.startsWith('renamed')) {
  throw new Error('observers did not see the change');
}

report({
  suite: 'core',
  title: 'Core: store and Controller (node)',
  libs: ['resto', 'data-client 0.18', 'tanstack', 'apollo'],
  peer: 'data-client 0.18',
  rows,
  notes: [
    'Resto `createClient()` with its default managers; data-client 0.18 (vendored reference build) `Controller` + `createReducer` + its NetworkManager and SubscriptionManager (what its React provider runs, without React). TanStack `QueryClient` (`setQueryData`/`getQueryData`, not normalized) and Apollo `InMemoryCache` (`writeQuery`/`readQuery`/`writeFragment`) are baselines.',
    '1,000 observers: Resto `client.observe(list)` subscribed 1,000 times, each listener reading `getSnapshot()`; data-client 1,000 store listeners each calling `getResponse` + `getError` (what each `useSuspense` does per store change); TanStack 1,000 `QueryObserver`s (notifications scheduled with `queueMicrotask`, the list rewritten with `setQueryData`); Apollo 1,000 `cache.watch` callbacks after `writeFragment`. One op = the change plus every observer having read it.',
  ],
});
process.exit(0);
