import { initialState, type Client, type State } from '@resto/core';
import { tableKeys } from '@resto/core/internal';
import { DevtoolsManager, type TimelineEntry } from './DevtoolsManager';
import { restoreState } from './restoreState';

/** The part of the Redux DevTools extension's `connect()` result the bridge uses. */
export interface ReduxDevtoolsConnection {
  init(state: unknown): void;
  send(action: { type: string; [k: string]: unknown }, state: unknown): void;
  subscribe(listener: (message: ReduxDevtoolsMessage) => void): (() => void) | void;
  unsubscribe?(): void;
}

/** A message the extension sends back (time travel, commit, reset...). */
export interface ReduxDevtoolsMessage {
  readonly type: string;
  readonly payload?: { readonly type?: string; readonly actionId?: number; readonly [k: string]: unknown };
  /** The state to show, JSON-encoded by the extension. */
  readonly state?: string;
}

/** `window.__REDUX_DEVTOOLS_EXTENSION__` as far as the bridge needs it. */
export interface ReduxDevtoolsExtension {
  connect(options?: { name?: string; [k: string]: unknown }): ReduxDevtoolsConnection;
}

/** Options of {@link connectReduxDevtools}. */
export interface ReduxDevtoolsOptions {
  /** The instance name shown in the extension (default 'Resto'). */
  readonly name?: string;
  /** The recorder, when not in `client.managers` (one is attached otherwise). */
  readonly devtools?: DevtoolsManager;
  /** The extension object (default `globalThis.__REDUX_DEVTOOLS_EXTENSION__`). */
  readonly extension?: ReduxDevtoolsExtension;
}

/**
 * Store state as the extension shows it: plain JSON, errors as their message.
 *
 * @example
 * JSON.stringify(serializeState(client.getSnapshot()));
 */
export function serializeState(state: State) {
  const meta: Record<string, unknown> = {};
  for (const key of tableKeys(state.meta)) {
    const m = state.meta[key];
    if (!m) continue;
    meta[key] = m.error ? { ...m, error: (m.error as { message?: string }).message ?? String(m.error) } : m;
  }
  return {
    entities: state.entities,
    endpoints: state.endpoints,
    meta,
    entitiesMeta: state.entitiesMeta,
    optimistic: state.optimistic.map((o) => o.key),
  };
}

function actionOf(entry: TimelineEntry) {
  const args = 'args' in entry.action ? entry.action.args : undefined;
  return {
    type: entry.key ? `${entry.kind} ${entry.key}` : entry.kind,
    action: entry.type,
    ...(entry.endpoint ? { endpoint: entry.endpoint } : null),
    ...(args ? { args } : null),
    diff: entry.diff,
  };
}

/**
 * Streams the store's actions and states to the Redux DevTools browser extension,
 * and lets it time-travel: jumping to an action rebuilds the store from the results
 * stored at that point (see {@link restoreState} for what a rebuild keeps). Does
 * nothing (and returns a no-op) when the extension is not installed.
 *
 * @example
 * if (import.meta.env.DEV) {
 *   const { connectReduxDevtools } = await import('@resto/devtools');
 *   connectReduxDevtools(client, { name: 'My app' });
 * }
 */
export function connectReduxDevtools(client: Client, options: ReduxDevtoolsOptions = {}): () => void {
  const extension =
    options.extension ?? (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: ReduxDevtoolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
  if (!extension) return () => {};
  let devtools = options.devtools ?? client.managers.find((m): m is DevtoolsManager => m instanceof DevtoolsManager);
  let detach: (() => void) | undefined;
  if (!devtools) {
    devtools = new DevtoolsManager();
    detach = devtools.attach(client);
  }
  const recorder = devtools;
  const connection = extension.connect({ name: options.name ?? 'Resto' });
  // The extension numbers actions from 1 after init (0): keep the state of each.
  const states = new Map<number, State>();
  let sent = 0;
  const start = (state: State) => {
    states.clear();
    sent = 0;
    states.set(0, state);
    connection.init(serializeState(state));
  };
  start(client.getSnapshot());
  const stopRecording = recorder.subscribe((entry) => {
    if (!entry) return;
    sent++;
    states.set(sent, entry.state);
    states.delete(sent - 1000);
    connection.send(actionOf(entry), serializeState(entry.state));
  });
  const stopListening = connection.subscribe((message) => {
    if (message.type !== 'DISPATCH' || !message.payload) return;
    switch (message.payload.type) {
      case 'JUMP_TO_STATE':
      case 'JUMP_TO_ACTION': {
        const id = message.payload.actionId;
        let target = typeof id === 'number' ? states.get(id) : undefined;
        if (!target && message.state) target = { ...initialState(), ...JSON.parse(message.state), optimistic: [] } as State;
        if (target) restoreState(client, recorder, target);
        return;
      }
      case 'COMMIT':
        start(client.getSnapshot());
        return;
      case 'RESET':
        void recorder.silently(() => client.controller.resetEntireStore());
        start(client.getSnapshot());
        return;
    }
  });
  return () => {
    stopRecording();
    if (typeof stopListening === 'function') stopListening();
    connection.unsubscribe?.();
    detach?.();
  };
}
