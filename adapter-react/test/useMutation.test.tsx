import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createClient, type Client, type StatusError } from '@resto/core';
import { DataProvider, useMutation } from '../src';
import { createTodoEndpoint, createTodoServer } from '@resto/testing';
import type { Todo } from './helpers/api';

const posts = createTodoServer();
let client: Client;

afterEach(() => {
  cleanup();
  client?.destroy();
});

const endpoints = () => ({ create: createTodoEndpoint(posts.server.url) });

function NewTodo({ create }: { create: ReturnType<typeof endpoints>['create'] }) {
  const [title, setTitle] = useState('');
  const { mutate, pending, error, data, reset } = useMutation(create);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void mutate({ title });
      }}
    >
      <input aria-label="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      <button disabled={pending}>{pending ? 'Adding…' : 'Add'}</button>
      <button type="button" onClick={reset}>
        Reset
      </button>
      {error && <p role="alert">{`${error.status}: ${error.message}`}</p>}
      {data && <p>Created {data.title}</p>}
    </form>
  );
}

async function mount() {
  client = createClient({ retry: 0 });
  const { create } = endpoints();
  await act(async () => {
    render(
      <DataProvider client={client}>
        <NewTodo create={create} />
      </DataProvider>,
    );
  });
}

describe('useMutation', () => {
  it('shows pending, then the result, stored', async () => {
    await mount();
    const gate = posts.holdNext();
    fireEvent.change(screen.getByLabelText('title'), { target: { value: 'Write docs' } });
    fireEvent.click(screen.getByText('Add'));
    expect(await screen.findByText('Adding…')).toHaveProperty('disabled', true);
    gate.resolve();
    await screen.findByText('Created Write docs');
    expect(screen.getByText('Add')).toHaveProperty('disabled', false);
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Write docs' });
    fireEvent.click(screen.getByText('Reset'));
    expect(screen.queryByText('Created Write docs')).toBeNull();
  });

  it("shows a 422's status, without an unhandled rejection; a new call clears it", async () => {
    await mount();
    fireEvent.click(screen.getByText('Add'));
    // (The body is checked in core: happy-dom's fetch gives an error response no body.)
    expect((await screen.findByRole('alert')).textContent).toMatch(/^422: .*Unprocessable Entity/);
    fireEvent.change(screen.getByLabelText('title'), { target: { value: 'Fixed' } });
    fireEvent.click(screen.getByText('Add'));
    await screen.findByText('Created Fixed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after unmount the call still finishes and is stored, with no error', async () => {
    await mount();
    const gate = posts.holdNext();
    fireEvent.change(screen.getByLabelText('title'), { target: { value: 'Late' } });
    fireEvent.click(screen.getByText('Add'));
    await screen.findByText('Adding…');
    cleanup();
    const stored = new Promise<void>((resolve) => {
      const stop = client.subscribe(() => {
        if (client.getSnapshot().entities.Todo?.['7']) resolve(stop());
      });
    });
    gate.resolve();
    await stored;
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Late' });
  });

  it('types args and result from the endpoint', () => {
    type M = ReturnType<typeof useMutation<ReturnType<typeof endpoints>['create']>>;
    expectTypeOf<Parameters<M['mutate']>>().toEqualTypeOf<[{ title: string }]>();
    expectTypeOf<M['data']>().toEqualTypeOf<Todo | undefined>();
    expectTypeOf<M['error']>().toEqualTypeOf<StatusError | undefined>();
    expectTypeOf<NonNullable<M['error']>['body']>().toBeUnknown();
    // Never called: only type-checked.
    const wrong = (m: M) => {
      // @ts-expect-error the body needs a title
      void m.mutate({ name: 'x' });
      // @ts-expect-error the title is a string
      void m.mutate({ title: 1 });
    };
    expectTypeOf(wrong).toBeFunction();
  });
});
