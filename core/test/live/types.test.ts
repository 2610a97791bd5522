// The types of @resto/core/live: the status snapshot, the options' transports, and what a
// message map accepts.
import { describe, expectTypeOf, it } from 'vitest';
import { Invalidate } from '../../src';
import { invalidateKey, liveStream, type LiveManager, type LiveStatus, type LiveStatusSource } from '../../src/live';
import { Todo, todoApi } from '@resto/testing/todos';

const api = todoApi('http://x');

describe('@resto/core/live types', () => {
  it('the manager is a status source whose snapshot narrows by status', () => {
    const live = liveStream({ url: '/events', messages: { 'todo.updated': Todo, 'todo.deleted': new Invalidate(Todo), stale: invalidateKey(api.get), ping: null } });
    expectTypeOf(live).toEqualTypeOf<LiveManager>();
    expectTypeOf(live).toExtend<LiveStatusSource>();
    expectTypeOf(live.getSnapshot()).toEqualTypeOf<LiveStatus>();
    expectTypeOf(live.getSnapshot().status).toEqualTypeOf<'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed'>();
    expectTypeOf(live.getSnapshot().nextTryAt).toEqualTypeOf<number | undefined>();
    expectTypeOf(live.getSnapshot().reason).toEqualTypeOf<'offline' | 'hidden' | 'stopped' | 'server' | 'follower' | undefined>();
  });

  it('rejects an unknown transport and a url that is neither a string nor a function of the last id', () => {
    // @ts-expect-error only sse and websocket
    liveStream({ url: '/events', transport: 'poll', messages: {} });
    // @ts-expect-error the url function takes the last event id, a string
    liveStream({ url: (last: number) => `/events/${last}`, messages: {} });
    // @ts-expect-error messages are required
    liveStream({ url: '/events' });
  });
});
