/** @jsxImportSource solid-js */
// useLiveStatus over a real SSE server on 127.0.0.1: the component shows the connection's
// state as core's LiveManager reports it, and stops listening when disposed.
import { render } from '@solidjs/testing-library';
import type { Accessor } from 'solid-js';
import { afterEach, beforeEach, expect, expectTypeOf, it } from 'vitest';
import { type Client } from '@resto/core';
import { type LiveManager, type LiveStatus } from '@resto/core/live';
import { startLiveTodos } from '@resto/testing/sse';
import { until } from '@resto/testing';
import { useLiveStatus } from '../src';

let sse: Awaited<ReturnType<typeof startLiveTodos>>['sse'];
let client: Client;
let live: LiveManager;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ sse, live, client, close } = await startLiveTodos());
});
afterEach(async () => {
  await close();
});

it('useLiveStatus shows the connection state as it changes', async () => {
  function Status() {
    const state = useLiveStatus(live);
    return <p data-testid="status">{`${state().status} ${state().attempt} ${state().lastEventId ?? '-'}`}</p>;
  }
  const view = render(() => <Status />);
  const text = () => view.getByTestId('status').textContent;
  await until(() => text() === 'open 0 -');
  sse.emit('todo.updated', { id: 1, title: 'pushed', completed: false });
  await until(() => text() === 'open 0 1');
  await sse.kill();
  await until(() => text() === 'reconnecting 1 1');
  expect(live.listenerCount).toBe(1);
  view.unmount();
  expect(live.listenerCount).toBe(0);
});

it('useLiveStatus gives an accessor of the snapshot and takes only a status source', () => {
  expectTypeOf(useLiveStatus).returns.toEqualTypeOf<Accessor<LiveStatus>>();
  // @ts-expect-error a client is not a status source
  expectTypeOf(useLiveStatus).toBeCallableWith(client);
});
