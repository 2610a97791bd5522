import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createClient, RestEndpoint, SubscriptionManager, type Client } from '@resto/core';
import { AsyncBoundary, DataProvider, useCache, useSubscription, useLive, useSuspense } from '../src';
import { json, nextTask, recordFetches, startServer, timersPass, until } from '@resto/testing';
import { todoApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let client: Client;
let tick = 0;

beforeAll(async () => {
  server = await startServer({ 'GET /time': (_h, res) => json(res, { tick: ++tick }) });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  server.hits.length = 0;
});

// The hooks bring their own polling: what polls for a client without a SubscriptionManager among its managers.
const polls = (c: Client) => SubscriptionManager.of(c.controller).active;

describe('polling', () => {
  it('useLive suspends, then polls at pollFrequency, and stops on unmount', async () => {
    const getTime = new RestEndpoint({ urlPrefix: server.url, path: '/time', pollFrequency: 40 });
    function Clock() {
      const { tick } = useLive(getTime);
      return <time>tick {tick}</time>;
    }
    client = createClient();
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <DataProvider client={client}>
          <AsyncBoundary fallback={<p>loading</p>}>
            <Clock />
          </AsyncBoundary>
        </DataProvider>,
      );
    });
    const first = Number((await screen.findByText(/^tick/)).textContent!.split(' ')[1]);
    await act(() => until(() => server.count('GET', '/time') >= 4));
    const shown = Number(screen.getByText(/^tick/).textContent!.split(' ')[1]);
    expect(shown).toBeGreaterThan(first);
    expect(polls(client).size).toBe(1);
    view.unmount();
    expect(polls(client).size).toBe(0);
    const fetched = recordFetches();
    // Polls at the same period mark time passing; a request in flight at unmount is not new.
    await timersPass(server, 40);
    expect(fetched().filter((p) => p === '/time')).toEqual([]);
  });

  it('useSubscription polls without re-rendering its own component; null args stop it', async () => {
    const getTime = new RestEndpoint({ urlPrefix: server.url, path: '/time', pollFrequency: 30 });
    let renders = 0;
    function Poller({ on }: { on: boolean }) {
      renders++;
      useSubscription(getTime, ...((on ? [] : [null]) as []));
      return null;
    }
    function Reader() {
      const data = useCache(getTime);
      return <span>{data ? `seen ${data.tick}` : 'nothing yet'}</span>;
    }
    client = createClient();
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(
        <DataProvider client={client}>
          <Poller on />
          <Reader />
        </DataProvider>,
      );
    });
    expect(screen.getByText('nothing yet')).toBeTruthy();
    await act(() => until(() => server.count('GET', '/time') >= 2));
    await screen.findByText(/^seen/);
    expect(renders).toBe(1);
    await act(async () => {
      view.rerender(
        <DataProvider client={client}>
          <Poller on={false} />
          <Reader />
        </DataProvider>,
      );
    });
    expect(polls(client).size).toBe(0);
  });
});

describe('useSubscription on mount', () => {
  it('does not fetch on mount, like every adapter (ObserveModes.subscription)', async () => {
    const getTime = new RestEndpoint({ urlPrefix: server.url, path: '/time', pollFrequency: 60_000 });
    function Poller() {
      useSubscription(getTime);
      return null;
    }
    client = createClient();
    const fetched = recordFetches();
    await act(async () => {
      render(
        <DataProvider client={client}>
          <Poller />
        </DataProvider>,
      );
    });
    // Mounted and its effects ran: a fetch on mount would have been called by now.
    await nextTask();
    expect(polls(client).size).toBe(1);
    expect(fetched()).toEqual([]);
    expect(server.count('GET', '/time')).toBe(0);
  });
});

describe('conditional reads', () => {
  it('null args fetch nothing until real args arrive', async () => {
    const api = todoApi(server.url);
    server.routes['GET /todos/7'] = (_h, res) => json(res, { id: 7, title: 'seven', completed: false });
    function Maybe({ id }: { id: number | null }) {
      const todo = useSuspense(api.get, id === null ? null : { id });
      return <p>{todo ? todo.title : 'no todo selected'}</p>;
    }
    client = createClient();
    const fetched = recordFetches();
    const ui = (id: number | null) => (
      <DataProvider client={client}>
        <AsyncBoundary fallback={<p>loading</p>}>
          <Maybe id={id} />
        </AsyncBoundary>
      </DataProvider>
    );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(ui(null));
    });
    expect(screen.getByText('no todo selected')).toBeTruthy();
    await nextTask();
    expect(fetched()).toEqual([]);
    await act(async () => view.rerender(ui(7)));
    await screen.findByText('seven');
    expect(server.count('GET', '/todos/7')).toBe(1);
  });
});
