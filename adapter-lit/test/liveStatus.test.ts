// LiveStatusController over a real SSE server on 127.0.0.1: the element shows the
// connection's state as core's LiveManager reports it, and listens only while connected.
import { html, LitElement } from 'lit';
import { afterEach, beforeEach, expect, expectTypeOf, it } from 'vitest';
import type { Client } from '@resto/core';
import { type LiveManager, type LiveStatus } from '@resto/core/live';
import { startLiveTodos } from '@resto/testing/sse';
import { until } from '@resto/testing';
import { LiveStatusController } from '../src';
import { define } from './helpers/mount';

let sse: Awaited<ReturnType<typeof startLiveTodos>>['sse'];
let live: LiveManager;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ sse, live, close } = await startLiveTodos());
});
afterEach(async () => {
  document.body.replaceChildren();
  await close();
});

it('LiveStatusController updates its host as the connection state changes', async () => {
  const tag = define(
    class extends LitElement {
      state = new LiveStatusController(this, live);
      protected override render() {
        const s = this.state.value;
        return html`${s.status} ${s.attempt} ${s.lastEventId ?? '-'}`;
      }
    },
  );
  const el = document.createElement(tag) as LitElement;
  document.body.append(el);
  const text = () => el.shadowRoot?.textContent?.trim();
  await until(() => text() === 'open 0 -');
  sse.emit('todo.updated', { id: 1, title: 'pushed', completed: false });
  await until(() => text() === 'open 0 1');
  el.remove();
  expect(live.listenerCount).toBe(0);
  // A change while disconnected updates nothing; connected again, the host shows it.
  sse.emit('todo.updated', { id: 1, title: 'again', completed: false });
  await until(() => live.getSnapshot().lastEventId === '2');
  expect(text()).toBe('open 0 1');
  document.body.append(el);
  await until(() => text() === 'open 0 2');
  expect(live.listenerCount).toBe(1);
  await sse.kill();
  await until(() => text() === 'reconnecting 1 2');
});

it('LiveStatusController gives the snapshot as value and takes only a status source', () => {
  expectTypeOf<LiveStatusController['value']>().toEqualTypeOf<LiveStatus>();
  // @ts-expect-error a client is not a status source
  expectTypeOf<ConstructorParameters<typeof LiveStatusController>[1]>().toEqualTypeOf<Client>();
});
