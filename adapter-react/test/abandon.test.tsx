// A suspended read that no render wants any more is aborted, as useDLE's are,
// unless another reader wants its request.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { startTransition, Suspense, useState, type ReactElement } from 'react';
import { createClient, type Client } from '@resto/core';
import { CLAIM_LAPSE } from '../src/claim';
import { DataProvider, useSuspense } from '../src';
import { startFilteredListServer, until, type FilteredListServer, type FilteredTodoList } from '@resto/testing';

let server: FilteredListServer;
let list: FilteredTodoList;
let held: FilteredListServer['held'];
let hitOf: FilteredListServer['hitOf'];
let client: Client;

beforeAll(async () => {
  server = await startFilteredListServer();
  ({ list, held, hitOf } = server);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  client?.destroy();
  vi.useRealTimers();
  server.reset();
});

function Todos({ completed, name = 'list' }: { completed: boolean; name?: string }) {
  const todos = useSuspense(list, { completed });
  return (
    <ul aria-label={name}>
      {todos.map((t) => (
        <li key={t.id}>{t.title}</li>
      ))}
    </ul>
  );
}

function App({ completed, show = true, also }: { completed: boolean; show?: boolean; also?: boolean }) {
  return (
    <DataProvider client={client}>
      <Suspense fallback={<p>loading</p>}>{show && <Todos completed={completed} />}</Suspense>
      {also !== undefined && (
        <Suspense fallback={<p>loading other</p>}>
          <Todos completed={also} name="other" />
        </Suspense>
      )}
    </DataProvider>
  );
}

/** Renders inside `await act(async ...)`, where a suspending render belongs. */
async function show(app: ReactElement) {
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(app);
  });
  return view;
}

/** Lets fake time pass in steps, so the provider's re-renders of suspended reads run between them. */
async function passInSteps(ms: number) {
  for (let t = 0; t < ms; t += 500) await act(() => vi.advanceTimersByTimeAsync(500));
}

describe('an abandoned suspended read', () => {
  it('a mounted list switched A -> B -> A: B is aborted, A shows, nothing of B is stored', async () => {
    client = createClient();
    const view = render(<App completed={true} />);
    expect(await screen.findByText('done')).toBeTruthy();
    await act(async () => view.rerender(<App completed={false} />));
    await until(() => held.has('false'));
    await act(async () => view.rerender(<App completed={true} />));
    await hitOf('false')!.closed;
    expect(screen.getByText('done')).toBeTruthy();
    expect(Object.keys(client.getSnapshot().endpoints)).toEqual([list.key({ completed: true })]);
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a list switched A -> B -> A in transitions (A stays on screen): B is aborted once its claim lapses', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient();
    let setCompleted!: (completed: boolean) => void;
    function Filtered() {
      const [completed, set] = useState(true);
      setCompleted = (value) => startTransition(() => set(value));
      return <App completed={completed} />;
    }
    await show(<Filtered />);
    await until(() => screen.queryByText('done') !== null);
    await act(async () => setCompleted(false));
    await until(() => held.has('false'));
    expect(screen.getByText('done')).toBeTruthy();
    // Back to the args on screen: React renders nothing, so only the lapse tells.
    await act(async () => setCompleted(true));
    await passInSteps(CLAIM_LAPSE + 1000);
    await hitOf('false')!.closed;
    expect(screen.getByText('done')).toBeTruthy();
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a list switched to B in a transition keeps its request however long the server takes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient();
    let setCompleted!: (completed: boolean) => void;
    function Filtered() {
      const [completed, set] = useState(true);
      setCompleted = (value) => startTransition(() => set(value));
      return <App completed={completed} />;
    }
    await show(<Filtered />);
    await until(() => screen.queryByText('done') !== null);
    await act(async () => setCompleted(false));
    await until(() => held.has('false'));
    await passInSteps(3 * CLAIM_LAPSE);
    expect(screen.getByText('done')).toBeTruthy();
    expect(server.hits.filter((h) => h.url.endsWith('completed=false'))).toHaveLength(1);
    vi.useRealTimers(); // findByText waits on timers
    held.get('false')!.resolve();
    expect(await screen.findByText('open')).toBeTruthy();
  });

  it('a mounted list that suspends on new args and is unmounted: its request is aborted', async () => {
    client = createClient();
    const view = render(<App completed={true} />);
    expect(await screen.findByText('done')).toBeTruthy();
    await act(async () => view.rerender(<App completed={false} />));
    await until(() => held.has('false'));
    await act(async () => view.rerender(<App completed={false} show={false} />));
    await hitOf('false')!.closed;
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a first mount that suspends and is unmounted: its request is aborted once its claim lapses', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient();
    const view = await show(<App completed={false} />);
    await until(() => held.has('false'));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => view.rerender(<App completed={false} show={false} />));
    await passInSteps(CLAIM_LAPSE + 1000);
    await hitOf('false')!.closed;
    expect(client.getSnapshot().entities.Todo?.['2']).toBeUndefined();
  });

  it('a first mount still waiting keeps its request however long the server takes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient();
    await show(<App completed={false} />);
    await until(() => held.has('false'));
    await passInSteps(3 * CLAIM_LAPSE);
    expect(server.hits.filter((h) => h.url.endsWith('completed=false'))).toHaveLength(1);
    vi.useRealTimers(); // findByText waits on timers
    held.get('false')!.resolve();
    expect(await screen.findByText('open')).toBeTruthy();
  });
});

describe('a suspended read abandoned while another reader wants the same key', () => {
  it('a mounted list switched A -> B -> A while another list waits on B: B is not aborted', async () => {
    client = createClient();
    const view = render(<App completed={true} />);
    expect(await screen.findByText('done')).toBeTruthy();
    await act(async () => view.rerender(<App completed={false} also={false} />));
    await until(() => held.has('false'));
    await act(async () => view.rerender(<App completed={true} also={false} />));
    held.get('false')!.resolve();
    expect(await screen.findByText('open')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'list' }).textContent).toBe('done');
    expect(server.hits.filter((h) => h.url.endsWith('completed=false'))).toHaveLength(1);
  });

  it('two first mounts on one key, one unmounted: the other keeps the request past the lapse', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    client = createClient();
    const view = await show(<App completed={false} also={false} />);
    await until(() => held.has('false'));
    await act(async () => view.rerender(<App completed={false} show={false} also={false} />));
    await passInSteps(2 * CLAIM_LAPSE);
    expect(server.hits.filter((h) => h.url.endsWith('completed=false'))).toHaveLength(1);
    vi.useRealTimers(); // findByText waits on timers
    held.get('false')!.resolve();
    expect(await screen.findByText('open')).toBeTruthy();
  });
});
