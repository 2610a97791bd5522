// useLiveStatus over a real SSE server on 127.0.0.1: the component shows the connection's
// state as core's LiveManager reports it, and stops listening on unmount.
import { afterEach, beforeEach, expect, expectTypeOf, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type Client } from '@resto/core';
import { type LiveManager, type LiveStatus } from '@resto/core/live';
import { startLiveTodos } from '@resto/testing/sse';
import { until } from '@resto/testing';
import { DataProvider, useLiveStatus } from '../src';

let sse: Awaited<ReturnType<typeof startLiveTodos>>['sse'];
let client: Client;
let live: LiveManager;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ sse, live, client, close } = await startLiveTodos());
});
afterEach(async () => {
  cleanup();
  await close();
});

function Status() {
  const { status, attempt, lastEventId } = useLiveStatus(live);
  return (
    <p data-testid="status">
      {status} {attempt} {lastEventId ?? '-'}
    </p>
  );
}

it('useLiveStatus shows the connection state as it changes', async () => {
  render(
    <DataProvider client={client}>
      <Status />
    </DataProvider>,
  );
  const shown = () => screen.getByTestId('status').textContent;
  await until(() => shown() === 'open 0 -');
  act(() => sse.emit('todo.updated', { id: 1, title: 'pushed', completed: false }));
  await until(() => shown() === 'open 0 1');
  await act(() => sse.kill());
  await until(() => shown() === 'reconnecting 1 1');
  expect(live.listenerCount).toBe(1);
  cleanup();
  expect(live.listenerCount).toBe(0);
});

it('useLiveStatus gives the snapshot type and takes only a status source', () => {
  expectTypeOf(useLiveStatus).returns.toEqualTypeOf<LiveStatus>();
  // @ts-expect-error a client is not a status source
  expectTypeOf(useLiveStatus).toBeCallableWith(client);
});
