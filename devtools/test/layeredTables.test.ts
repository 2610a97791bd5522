// Core's store tables are layered: a write is a small object whose prototype is the
// previous table, so `Object.keys(state.endpoints)` sees only the last writes. The
// panel must list every stored read (the demo apps poll GET /time every second,
// which hid GET /todos from the Entities tab's "Referenced by" list).
import { createClient, getDefaultManagers, type State } from '@resto/core';
import { tableKeys, writeLayer } from '@resto/core/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { DevtoolsManager, diffState, readRows, referencesByEntity, restoreState } from '../src';
import { startTodoServer } from './api';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const api = await startTodoServer();
  const devtools = new DevtoolsManager();
  const client = createClient({ managers: [devtools, ...getDefaultManagers()] });
  cleanups.push(() => api.server.close(), () => client.destroy());
  const { controller } = client;
  const { TodoResource } = api;
  // Several reads, then one more write on top (a poll): the older reads end up below the top layer.
  await controller.fetch(TodoResource.getList);
  for (const id of [1, 2, 3, 4, 5, 6]) await controller.setResponse(TodoResource.get, { id }, { id, title: `todo ${id}`, completed: false });
  const state = client.getSnapshot();
  // The premise: the list's result is not in the top layer any more.
  expect(Object.keys(state.endpoints)).not.toContain(TodoResource.getList.key());
  expect(tableKeys(state.endpoints)).toContain(TodoResource.getList.key());
  return { ...api, devtools, client, state };
}

describe('devtools over layered store tables', () => {
  it('finds every read that references an entity, not only the latest writes', async () => {
    const { client, devtools, state, TodoResource } = await setup();
    const refs = referencesByEntity(client.controller, devtools, state).get('Todo:1');
    expect(refs).toEqual(expect.arrayContaining([TodoResource.getList.key(), TodoResource.get.key({ id: 1 })]));
  });

  it('lists every read in the Reads tab', async () => {
    const { devtools, state, TodoResource } = await setup();
    const keys = readRows(devtools, state).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([TodoResource.getList.key(), ...[1, 2, 3, 4, 5, 6].map((id) => TodoResource.get.key({ id }))]));
  });

  it('restores every read of a past state', async () => {
    const { client, devtools, state } = await setup();
    expect(restoreState(client, devtools, state).sort()).toEqual(tableKeys(state.endpoints).sort());
  });

  it('diffs a removal of a result below the top layer', async () => {
    const { state, TodoResource } = await setup();
    const gone = TodoResource.getList.key();
    const without = (table: Readonly<Record<string, unknown>>) => {
      const out: Record<string, unknown> = {};
      for (const k of tableKeys(table)) if (k !== gone) out[k] = table[k];
      return out;
    };
    const after = { ...state, endpoints: without(state.endpoints), meta: without(state.meta) } as State;
    expect(diffState(state, after).reads).toEqual([{ key: gone, kind: 'removed', what: ['result', 'meta'] }]);
    // And a write on top of a layered table lists only what it wrote.
    const written = { ...state, endpoints: writeLayer(state.endpoints, { 'GET /new': 1 }) } as State;
    expect(diffState(state, written).reads).toEqual([{ key: 'GET /new', kind: 'added', what: ['result'] }]);
  });
});
