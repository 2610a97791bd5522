// useLiveStatus over a real SSE server on 127.0.0.1: the component shows the connection's
// state as core's LiveManager reports it, and stops listening on unmount.
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, expect, expectTypeOf, it } from 'vitest';
import { type Client } from '@resto/core';
import { type LiveManager, type LiveStatus } from '@resto/core/live';
import { startLiveTodos } from '@resto/testing/sse';
import { until } from '@resto/testing';
import { clientContext, useLiveStatus, type Read } from '../src';
import Show from './fixtures/Show.svelte';

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

it('useLiveStatus shows the connection state as it changes', async () => {
  render(Show, {
    props: { make: () => useLiveStatus(live), format: (s: LiveStatus) => `${s.status} ${s.attempt} ${s.lastEventId ?? '-'}` },
    context: clientContext(client),
  });
  const shown = () => screen.getByTestId('out').textContent;
  await until(() => shown() === 'open 0 -');
  sse.emit('todo.updated', { id: 1, title: 'pushed', completed: false });
  await until(() => shown() === 'open 0 1');
  await sse.kill();
  await until(() => shown() === 'reconnecting 1 1');
  expect(live.listenerCount).toBe(1);
  cleanup();
  await until(() => live.listenerCount === 0);
});

it('useLiveStatus gives a read of the snapshot and takes only a status source', () => {
  expectTypeOf(useLiveStatus).returns.toEqualTypeOf<Read<LiveStatus>>();
  // @ts-expect-error a client is not a status source
  expectTypeOf(useLiveStatus).toBeCallableWith(client);
});
