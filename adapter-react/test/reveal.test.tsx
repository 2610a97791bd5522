import * as React from 'react';
import { StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, Endpoint, type Client } from '@resto/core';
import { DataProvider, useSuspense } from '../src';

// React 19 retries a boundary whose thrown promise settled in a Retry lane and holds
// that retry back until 300 ms after the fallback appeared (a setTimeout). Here the
// timers are fake and never advanced: the read must show through its provider's
// Default-lane update, without that timer. React 18 has no `use()` to read the
// provider's context from a suspended read (and keeps no fiber of a suspended mount).
const react19 = typeof (React as { use?: unknown }).use === 'function';

let root: Root | undefined;
let client: Client | undefined;
const actEnv = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  root?.unmount();
  client?.destroy();
  vi.useRealTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnv;
});

/** Real macrotasks (React's scheduler uses setImmediate, which stays real here) until `cond`. */
async function untilTasks(cond: () => boolean, tasks = 200): Promise<boolean> {
  for (let i = 0; i < tasks && !cond(); i++) await new Promise<void>((r) => setImmediate(r));
  return cond();
}

describe('a suspended read', () => {
  it('shows its data as soon as it settles with React 19, not when the fallback throttle ends (React 18: after its own retry)', async () => {
    // Outside act(): act() commits at once and hides the throttle.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer!: (rows: string[]) => void;
    const list = new Endpoint(() => new Promise<string[]>((resolve) => (answer = resolve)), { key: () => 'rows' });
    function List() {
      const rows = useSuspense(list);
      return (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      );
    }
    client = createClient();
    const container = document.createElement('div');
    root = createRoot(container);
    root.render(
      <DataProvider client={client}>
        <Suspense fallback={<p>loading</p>}>
          <List />
        </Suspense>
      </DataProvider>,
    );
    expect(await untilTasks(() => container.textContent === 'loading')).toBe(true);
    answer(['a', 'b']);
    // React 18 cannot be reached from a suspended mount: its own (throttled) retry shows the list.
    if (!react19) await vi.advanceTimersByTimeAsync(1_000);
    expect(await untilTasks(() => container.querySelectorAll('li').length === 2)).toBe(true);
  });
});

describe('revealing a suspended read', () => {
  it('re-renders no read that already shows its data (StrictMode)', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const answers = new Map<string, (value: string) => void>();
    const item = new Endpoint((id: string) => new Promise<string>((resolve) => answers.set(id, resolve)), {
      key: (id: string) => `item ${id}`,
    });
    const renders: Record<string, number> = {};
    function Item({ id }: { id: string }) {
      const value = useSuspense(item, id);
      renders[id] = (renders[id] ?? 0) + 1;
      return <li>{value}</li>;
    }
    client = createClient();
    const container = document.createElement('div');
    root = createRoot(container);
    const app = (ids: string[]) => (
      <StrictMode>
        <DataProvider client={client}>
          {ids.map((id) => (
            <Suspense key={id} fallback={<p>loading</p>}>
              <Item id={id} />
            </Suspense>
          ))}
        </DataProvider>
      </StrictMode>
    );
    root.render(app(['a']));
    expect(await untilTasks(() => answers.has('a'))).toBe(true);
    answers.get('a')!('A');
    expect(await untilTasks(() => container.textContent === 'A')).toBe(true);
    root.render(app(['a', 'b']));
    expect(await untilTasks(() => answers.has('b') && container.textContent === 'Aloading')).toBe(true);
    const before = { ...renders };
    answers.get('b')!('B');
    expect(await untilTasks(() => container.textContent === 'AB')).toBe(true);
    // b's reveal re-renders b, not a (which read the provider's context only while it suspended).
    expect(renders.a).toBe(before.a);
    expect(renders.b).toBeGreaterThan(before.b ?? 0);
  });
});
