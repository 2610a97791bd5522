import { memo, Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { GCPolicy, SubscriptionManager, type Client } from '@resto/core';
import { AsyncBoundary, useCache, useController, useDLE, useError, useFetch, useLive, useQuery, useSubscription, useSuspense } from '../src';
import { createFixtureClient, DataProviderWithFixtures } from '../src/test';
import { Todo, todoApi } from './helpers/api';

const api = todoApi('http://api.test');
const many = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, title: `todo ${i + 1}`, completed: false }));

afterEach(cleanup);

describe('re-renders', () => {
  it('a list of 1,000 rows: updating one entity re-renders exactly one row', async () => {
    const rowRenders = new Map<number, number>();
    const Row = memo(function Row({ todo }: { todo: Todo }) {
      rowRenders.set(todo.id, (rowRenders.get(todo.id) ?? 0) + 1);
      return <li>{todo.title}</li>;
    });
    let listRenders = 0;
    function List() {
      listRenders++;
      const todos = useSuspense(api.getList);
      return <ul>{todos.map((t: Todo) => <Row key={t.id} todo={t} />)}</ul>;
    }
    let ctrl!: ReturnType<typeof useController>;
    function Grab() {
      ctrl = useController();
      return null;
    }
    const fixtures = [
      { endpoint: api.partialUpdate, response: (params: { id: number }, body: object) => ({ ...many[params.id - 1], ...body }) },
    ];
    await act(async () => {
      render(
        <DataProviderWithFixtures fixtures={fixtures} initialFixtures={[{ endpoint: api.getList, args: [], response: many }]}>
          <Grab />
          <AsyncBoundary fallback={<p>loading</p>}>
            <List />
          </AsyncBoundary>
        </DataProviderWithFixtures>,
      );
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1000);
    expect([...rowRenders.values()].every((n) => n === 1)).toBe(true);
    rowRenders.clear();
    const before = listRenders;

    await act(() => ctrl.fetch(api.partialUpdate, { id: 500 }, { title: 'changed' }));

    expect(screen.getAllByRole('listitem')[499]!.textContent).toBe('changed');
    expect([...rowRenders]).toEqual([[500, 1]]);
    expect(listRenders - before).toBe(1);
  });

  it('an unrelated store change re-renders nothing', async () => {
    let renders = 0;
    function Detail() {
      renders++;
      return <p>{useSuspense(api.get, { id: 1 }).title}</p>;
    }
    let client!: Client;
    await act(async () => {
      client = createFixtureClient({
        initialFixtures: [
          { endpoint: api.get, args: [{ id: 1 }], response: many[0] },
          { endpoint: api.get, args: [{ id: 2 }], response: many[1] },
        ],
      });
      render(
        <DataProviderWithFixtures client={client}>
          <Detail />
        </DataProviderWithFixtures>,
      );
    });
    expect(renders).toBe(1);
    await act(() => client.controller.setResponse(api.get, { id: 2 }, { ...many[1], title: 'other' }));
    // Same value stored again: identity kept, nothing to render either.
    await act(() => client.controller.setResponse(api.get, { id: 1 }, { ...many[0] }));
    expect(renders).toBe(1);
  });
});

describe('subscriptions are released', () => {
  it('10,000 mount/unmount cycles leave no subscriptions in the client', async () => {
    const live = api.get.extend({ pollFrequency: 60_000 });
    const ids = [1, 2, 3, 4, 5];
    const client = createFixtureClient({
      initialFixtures: [
        { endpoint: api.getList, args: [], response: many.slice(0, 5) },
        ...ids.map((id) => ({ endpoint: api.get, args: [{ id }], response: many[id - 1] })),
        ...ids.map((id) => ({ endpoint: live, args: [{ id }], response: many[id - 1] })),
      ],
    });
    // Every listener the hooks' observers add to the store (core's leak check).
    const storeListeners = () => client.listenerCount;
    function Reader({ id }: { id: number }) {
      const a = useSuspense(api.get, { id });
      const b = useDLE(api.getList).data;
      const c = useCache(api.get, { id });
      const d = useLive(live, { id });
      const e = useQuery(Todo, { id });
      useSubscription(live, { id });
      useFetch(api.get, { id });
      const f = useError(api.get, { id });
      if (f) throw f;
      return <i>{a.title + b?.length + c?.id + d.id + e?.id}</i>;
    }
    const cycles = 10_000;
    const perRender = 10;
    let rendered = 0;
    const ui = (on: boolean) => (
      <DataProviderWithFixtures client={client}>
        <Profiler id="r" onRender={() => rendered++}>
          {on ? Array.from({ length: perRender }, (_, i) => <Reader key={i} id={ids[i % ids.length]!} />) : null}
        </Profiler>
      </DataProviderWithFixtures>
    );
    const view = render(ui(false));
    for (let i = 0; i < cycles / perRender; i++) {
      act(() => view.rerender(ui(true)));
      if (i === 0) expect(storeListeners()).toBeGreaterThan(0);
      act(() => view.rerender(ui(false)));
    }
    expect(rendered).toBeGreaterThanOrEqual((2 * cycles) / perRender);
    await act(async () => {});
    expect(storeListeners()).toBe(0);
    const gc = client.managers.find((m): m is GCPolicy => m instanceof GCPolicy)!;
    for (const id of ids) {
      expect(gc.refCount(api.get.key({ id }))).toBe(0);
      expect(gc.refCount(live.key({ id }))).toBe(0);
    }
    expect(gc.refCount(api.getList.key())).toBe(0);
    const polling = client.managers.find((m): m is SubscriptionManager => m instanceof SubscriptionManager)!;
    expect(polling.active.size).toBe(0);
    view.unmount();
    client.destroy();
  }, 180_000);
});
