// <Activity> is React 19's: the React 18 run of this suite leaves this file out.
import { Activity } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AsyncBoundary, DataProvider, useSuspense } from '../src';
import { json, nextTask, startServer, until } from '@resto/testing';
import { todoApi } from './helpers/api';

let server: Awaited<ReturnType<typeof startServer>>;
let api: ReturnType<typeof todoApi>;

beforeAll(async () => {
  server = await startServer();
  api = todoApi(server.url);
});
afterAll(() => server.close());
afterEach(() => cleanup());

function TodoTitle({ id }: { id: number }) {
  const todo = useSuspense(api.get, { id });
  return <h3>{todo.title}</h3>;
}

describe('DataProvider inside <Activity>', () => {
  it('a provider that made its own client still reads after being hidden and shown again', async () => {
    server.routes['GET /todos/1'] = (_hit, res) => json(res, { id: 1, title: 'one', completed: false });
    server.routes['GET /todos/2'] = (_hit, res) => json(res, { id: 2, title: 'two', completed: false });
    const ui = (mode: 'visible' | 'hidden', id: number) => (
      <Activity mode={mode}>
        <DataProvider>
          <AsyncBoundary fallback={<p>loading</p>}>
            <TodoTitle id={id} />
          </AsyncBoundary>
        </DataProvider>
      </Activity>
    );
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(ui('visible', 1));
    });
    expect((await screen.findByRole('heading')).textContent).toBe('one');
    // Hidden long enough for the provider's unmount check to run.
    await act(async () => view.rerender(ui('hidden', 1)));
    await act(() => nextTask());
    await act(async () => view.rerender(ui('visible', 2)));
    await until(() => screen.queryByRole('heading')?.textContent === 'two');
    expect(server.count('GET', '/todos/2')).toBe(1);
  });
});
