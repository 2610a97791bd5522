import { createClient, getDefaultManagers } from '@resto/core';
import { until } from '@resto/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DevtoolsManager,
  connectReduxDevtools,
  type ReduxDevtoolsExtension,
  type ReduxDevtoolsMessage,
} from '../src';
import { startTodoServer } from './api';

/** Stands in for the browser extension: records what it is sent, and can send messages back. */
function fakeExtension() {
  const log = { name: undefined as string | undefined, inits: [] as unknown[], sent: [] as { action: { type: string }; state: any }[] };
  let listener: ((m: ReduxDevtoolsMessage) => void) | undefined;
  const extension: ReduxDevtoolsExtension = {
    connect(options) {
      log.name = options?.name;
      return {
        init: (state) => void log.inits.push(JSON.parse(JSON.stringify(state))),
        // The real extension serializes what it receives: so does the fake.
        send: (action, state) => void log.sent.push(JSON.parse(JSON.stringify({ action, state }))),
        subscribe: (l) => {
          listener = l;
          return () => (listener = undefined);
        },
      };
    },
  };
  return { extension, log, dispatch: (m: ReduxDevtoolsMessage) => listener?.(m), connected: () => listener !== undefined };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  delete (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__;
});

async function setup() {
  const api = await startTodoServer();
  const client = createClient({ managers: [new DevtoolsManager(), ...getDefaultManagers()] });
  const fake = fakeExtension();
  (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ = fake.extension;
  const disconnect = connectReduxDevtools(client, { name: 'Todos' });
  cleanups.push(() => api.server.close(), () => client.destroy(), disconnect);
  return { ...api, client, ...fake, disconnect };
}

describe('Redux DevTools bridge', () => {
  it('sends the initial state, then every action with the state after it', async () => {
    const { client, log, TodoResource } = await setup();
    expect(log.name).toBe('Todos');
    expect(log.inits).toEqual([expect.objectContaining({ entities: {}, endpoints: {} })]);
    await client.controller.fetch(TodoResource.get, { id: 1 });
    const key = TodoResource.get.key({ id: 1 });
    expect(log.sent.map((s) => s.action.type)).toEqual([`fetch ${key}`, `set ${key}`]);
    expect(log.sent[1]!.state.entities.Todo['1']).toEqual({ id: 1, title: 'write docs', completed: false });
    expect(log.sent[1]!.action).toMatchObject({ action: 'rest/setResponse', endpoint: TodoResource.get.name, args: [{ id: 1 }] });
  });

  it('time-travels: JUMP_TO_ACTION rebuilds the store as it was after that action, and views follow', async () => {
    const { client, log, dispatch, TodoResource } = await setup();
    const observer = client.observe(TodoResource.get, { id: 1 });
    cleanups.push(observer.subscribe(() => {}));
    await until(() => observer.getSnapshot().data?.title === 'write docs');
    await client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'edited' });
    await until(() => observer.getSnapshot().data?.title === 'edited');
    const before = log.sent.length;
    const firstSet = log.sent.findIndex((s) => s.action.type.startsWith('set ')) + 1;

    dispatch({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: firstSet }, state: JSON.stringify(log.sent[firstSet - 1]!.state) });
    expect(client.getSnapshot().entities.Todo!['1']).toMatchObject({ title: 'write docs' });
    await until(() => observer.getSnapshot().data?.title === 'write docs');
    // The rewind itself is not sent back as new actions.
    expect(log.sent).toHaveLength(before);

    // Jump back to the present.
    dispatch({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE', actionId: before }, state: JSON.stringify(log.sent[before - 1]!.state) });
    await until(() => observer.getSnapshot().data?.title === 'edited');
  });

  it('falls back to the JSON state the extension sends when the action id is unknown', async () => {
    const { client, dispatch, log, TodoResource } = await setup();
    await client.controller.fetch(TodoResource.get, { id: 2 });
    const state = log.sent.at(-1)!.state;
    await client.controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'later' });
    dispatch({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE', actionId: 9999 }, state: JSON.stringify(state) });
    expect(client.controller.get(TodoResource.get.schema, { id: 2 }, client.getSnapshot())?.title).toBe('ship it');
  });

  it('COMMIT makes the current state the new start; disconnect stops sending', async () => {
    const { client, log, dispatch, disconnect, connected, TodoResource } = await setup();
    await client.controller.fetch(TodoResource.get, { id: 1 });
    dispatch({ type: 'DISPATCH', payload: { type: 'COMMIT' } });
    expect(log.inits).toHaveLength(2);
    expect(log.inits[1]).toMatchObject({ entities: { Todo: { 1: { title: 'write docs' } } } });
    disconnect();
    expect(connected()).toBe(false);
    const sent = log.sent.length;
    await client.controller.invalidate(TodoResource.get, { id: 1 });
    expect(log.sent).toHaveLength(sent);
  });

  it('does nothing without the extension', () => {
    const client = createClient();
    cleanups.push(() => client.destroy());
    const dispatch = client.controller.dispatch;
    const disconnect = connectReduxDevtools(client);
    expect(client.controller.dispatch).toBe(dispatch);
    disconnect();
  });
});
