import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { createClient, type Client, type StatusError } from '@resto/core';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { clientContext, type useMutation } from '../src';
import { createTodoServer, until } from '@resto/testing';
import type { Todo } from '@resto/testing/todos';
import { mutationApi, type MutationApi } from './helpers/mutation';
import NewTodo from './fixtures/NewTodo.svelte';

const posts = createTodoServer();
let client: Client;

afterEach(() => {
  cleanup();
  client?.destroy();
});

function mountForm() {
  client = createClient({ retry: 0 });
  render(NewTodo, { props: { api: mutationApi(posts.server.url) }, context: clientContext(client) });
}

const submit = () => screen.getByText(/^(Add|Adding…)$/);

describe('useMutation', () => {
  it('shows pending, then the result (runes and $store), stored', async () => {
    mountForm();
    const gate = posts.holdNext();
    await fireEvent.input(screen.getByLabelText('title'), { target: { value: 'Write docs' } });
    await fireEvent.submit(submit());
    await until(() => submit().textContent === 'Adding…');
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('store').textContent).toBe('pending');
    gate.resolve();
    await until(() => screen.queryByTestId('created')?.textContent === 'Created Write docs');
    expect(submit()).toHaveProperty('disabled', false);
    expect(screen.getByTestId('store').textContent).toBe('stored Write docs');
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Write docs' });
    await fireEvent.click(screen.getByText('Reset'));
    expect(screen.queryByTestId('created')).toBeNull();
  });

  it("shows a 422's status, without an unhandled rejection; a new call clears it", async () => {
    mountForm();
    await fireEvent.submit(submit());
    // (The body is checked in core: happy-dom's fetch gives an error response no body.)
    await until(() => /^422: .*Unprocessable Entity/.test(screen.queryByRole('alert')?.textContent ?? ''));
    await fireEvent.input(screen.getByLabelText('title'), { target: { value: 'Fixed' } });
    await fireEvent.submit(submit());
    await until(() => screen.queryByTestId('created')?.textContent === 'Created Fixed');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after unmount the call still finishes and is stored, with no error', async () => {
    mountForm();
    const gate = posts.holdNext();
    await fireEvent.input(screen.getByLabelText('title'), { target: { value: 'Late' } });
    await fireEvent.submit(submit());
    await until(() => submit().textContent === 'Adding…');
    cleanup();
    gate.resolve();
    await until(() => client.getSnapshot().entities.Todo?.['7'] !== undefined);
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Late' });
  });

  it('types args and result from the endpoint', () => {
    type M = ReturnType<typeof useMutation<MutationApi['create']>>;
    expectTypeOf<Parameters<M['mutate']>>().toEqualTypeOf<[{ title: string }]>();
    expectTypeOf<M['current']['data']>().toEqualTypeOf<Todo | undefined>();
    expectTypeOf<M['current']['error']>().toEqualTypeOf<StatusError | undefined>();
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
