import { cleanup, render, screen } from '@testing-library/svelte';
import { RestEndpoint, SubscriptionManager, type Client, type GCPolicy } from '@resto/core';
import { flushSync, mount, tick, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import { clientContext } from '../src';
import { countSubscriptions, mockClient } from '../src/test';
import { Todo, eachTodoEnv, todoApi, type TodoServer } from './helpers/api';
import { recordFetches, timersPass, until } from '@resto/testing';
import Everything from './fixtures/Everything.svelte';
import LiveTodo from './fixtures/LiveTodo.svelte';

const gcOf = (client: Client) => client.managers.find((m) => 'refCount' in m) as unknown as GCPolicy;

describe('useLive', () => {
  let server: TodoServer;
  let client: Client;
  eachTodoEnv((s, c) => ((server = s), (client = c)), cleanup);

  it('polls while mounted and stops on destroy', async () => {
    const endpoint = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, pollFrequency: 40 });
    const { unmount: destroy } = render(LiveTodo, { props: { endpoint, id: 1 }, context: clientContext(client) });
    await until(() => screen.getByTestId('title').textContent === 'todo 1');
    server.todos.get(1)!.title = 'polled';
    await until(() => screen.getByTestId('title').textContent === 'polled');
    await until(() => server.count('GET', '/todos/1') >= 3);
    destroy();
    await tick();
    const fetched = recordFetches();
    await timersPass(server, 40); // two poll periods pass
    expect(fetched().filter((p) => p === '/todos/1')).toEqual([]);
  });
});

describe('mount/unmount', () => {
  it('10,000 mount/unmount cycles of every read leave no subscriptions, GC references or polls', async () => {
    const api = todoApi('http://resto.test');
    const rows = [1, 2, 3].map((id) => ({ id, title: `todo ${id}`, completed: false }));
    const { client } = mockClient([
      { endpoint: api.list, args: [], response: rows },
      ...rows.map((row) => ({ endpoint: api.get, args: [{ id: row.id }], response: row })),
    ]);
    const polled = api.get.extend({ pollFrequency: 60_000 });
    const polls = client.managers.find((m) => m instanceof SubscriptionManager) as SubscriptionManager;
    const subs = countSubscriptions(client);
    const gc = gcOf(client);
    const target = document.createElement('div');
    document.body.append(target);
    const context = clientContext(client);

    // Highest count seen right after a mount, when it peaks: releases that piled up
    // (a microtask each) would show here.
    let peak = 0;
    for (let i = 0; i < 10_000; i++) {
      const app = mount(Everything, { target, props: { api, polled, id: (i % 3) + 1 }, context });
      flushSync();
      peak = Math.max(peak, subs.active);
      if (i === 0) {
        expect(target.textContent).toContain('todo 1');
        expect(subs.active).toBeGreaterThan(0);
        expect(polls.active.size).toBe(1);
      }
      await unmount(app);
      // createSubscriber lets go a microtask after the last reader is destroyed.
      if (i % 100 === 99) await tick();
    }
    await tick();
    await until(() => subs.active === 0);
    expect(peak).toBeLessThan(2_000);
    expect(target.textContent).toBe('');
    for (const id of [1, 2, 3]) expect(gc.refCount(api.get.key({ id }))).toBe(0);
    expect(gc.refCount(api.list.key())).toBe(0);
    expect(polls.active.size).toBe(0);
    client.destroy();
    target.remove();
  }, 180_000);
});
