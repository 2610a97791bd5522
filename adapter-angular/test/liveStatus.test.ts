// useLiveStatus over a real SSE server on 127.0.0.1: the template shows the connection's
// state as core's LiveManager reports it, and stops listening when the component is destroyed.
import type { Signal } from '@angular/core';
import { afterEach, beforeEach, expect, expectTypeOf, it } from 'vitest';
import { type Client } from '@resto/core';
import { type LiveManager, type LiveStatus } from '@resto/core/live';
import { startLiveTodos } from '@resto/testing/sse';
import { until } from '@resto/testing';
import { useLiveStatus } from '../src';
import { component, mountApp, type AppMount } from './harness';

let sse: Awaited<ReturnType<typeof startLiveTodos>>['sse'];
let client: Client;
let live: LiveManager;
let close: () => Promise<void>;
let mounted: AppMount<unknown> | undefined;
beforeEach(async () => {
  ({ sse, live, client, close } = await startLiveTodos());
});
afterEach(async () => {
  mounted?.destroy();
  await close();
});

it('useLiveStatus shows the connection state as it changes', async () => {
  const Status = component(
    `<p>{{ state().status }} {{ state().attempt }} {{ state().lastEventId ?? '-' }}</p>`,
    class {
      state = useLiveStatus(live);
    },
  );
  const m = (mounted = await mountApp(Status, []));
  const text = () => m.host.textContent?.trim();
  await until(() => text() === 'open 0 -');
  sse.emit('todo.updated', { id: 1, title: 'pushed', completed: false });
  await until(() => text() === 'open 0 1');
  await sse.kill();
  await until(() => text() === 'reconnecting 1 1');
  expect(live.listenerCount).toBe(1);
  m.destroy();
  expect(live.listenerCount).toBe(0);
});

it('useLiveStatus gives a read-only signal of the snapshot and takes only a status source', () => {
  expectTypeOf(useLiveStatus).returns.toEqualTypeOf<Signal<LiveStatus>>();
  // @ts-expect-error a client is not a status source
  expectTypeOf(useLiveStatus).toBeCallableWith(client);
});
