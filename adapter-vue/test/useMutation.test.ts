import { defineComponent, effectScope, h, ref } from 'vue';
import { mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, type Client, type StatusError } from '@resto/core';
import { createResto, useMutation, withClient } from '../src';
import { createTodoEndpoint, createTodoServer, until } from '@resto/testing';
import type { Todo } from '@resto/testing/todos';

const posts = createTodoServer();
let client: Client;
let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  client?.destroy();
});

const endpoints = () => ({ create: createTodoEndpoint(posts.server.url) });

function mountForm() {
  client = createClient({ retry: 0 });
  const { create } = endpoints();
  const NewTodo = defineComponent(() => {
    const title = ref('');
    const { mutate, pending, error, data, reset } = useMutation(create);
    return () =>
      h('form', { onSubmit: (e: Event) => (e.preventDefault(), void mutate({ title: title.value })) }, [
        h('input', { 'aria-label': 'title', value: title.value, onInput: (e: Event) => (title.value = (e.target as HTMLInputElement).value) }),
        h('button', { type: 'submit', disabled: pending.value }, pending.value ? 'Adding…' : 'Add'),
        h('button', { type: 'button', class: 'reset', onClick: reset }, 'Reset'),
        error.value ? h('p', { role: 'alert' }, `${error.value.status}: ${error.value.message}`) : null,
        data.value ? h('p', { class: 'created' }, `Created ${data.value.title}`) : null,
      ]);
  });
  wrapper = mount(NewTodo, { global: { plugins: [createResto({ client })] }, attachTo: document.body });
  return wrapper;
}

const text = (w: VueWrapper, selector: string) => (w.find(selector).exists() ? w.find(selector).text() : undefined);

describe('useMutation', () => {
  it('shows pending, then the result, stored', async () => {
    const w = mountForm();
    const gate = posts.holdNext();
    await w.find('input').setValue('Write docs');
    await w.find('form').trigger('submit');
    await until(() => w.find('button[type=submit]').text() === 'Adding…');
    expect(w.find('button[type=submit]').attributes('disabled')).toBeDefined();
    gate.resolve();
    await until(() => text(w, '.created') === 'Created Write docs');
    expect(w.find('button[type=submit]').attributes('disabled')).toBeUndefined();
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Write docs' });
    await w.find('button.reset').trigger('click');
    expect(w.find('.created').exists()).toBe(false);
  });

  it("shows a 422's status, without an unhandled rejection; a new call clears it", async () => {
    const w = mountForm();
    await w.find('form').trigger('submit');
    // (The body is checked in core: happy-dom's fetch gives an error response no body.)
    await until(() => /^422: .*Unprocessable Entity/.test(text(w, '[role=alert]') ?? ''));
    await w.find('input').setValue('Fixed');
    await w.find('form').trigger('submit');
    await until(() => text(w, '.created') === 'Created Fixed');
    expect(w.find('[role=alert]').exists()).toBe(false);
  });

  it('after unmount nothing is set; the call still finishes and is stored', async () => {
    const w = mountForm();
    const gate = posts.holdNext();
    await w.find('input').setValue('Late');
    await w.find('form').trigger('submit');
    await until(() => w.find('button[type=submit]').text() === 'Adding…');
    w.unmount();
    wrapper = undefined;
    gate.resolve();
    await until(() => client.getSnapshot().entities.Todo?.['7'] !== undefined);
    expect(client.getSnapshot().entities.Todo?.['7']).toMatchObject({ title: 'Late' });
  });

  it('a stopped scope stops following: the refs keep their last value', async () => {
    client = createClient({ retry: 0 });
    const scope = effectScope();
    const m = scope.run(() => withClient(client, () => useMutation(endpoints().create)))!;
    const gate = posts.holdNext();
    const call = m.mutate({ title: 'After stop' });
    expect(m.pending.value).toBe(true);
    scope.stop();
    gate.resolve();
    await expect(call).resolves.toMatchObject({ title: 'After stop' });
    expect(m.pending.value).toBe(true);
    expect(m.data.value).toBeUndefined();
  });

  it('types args and result from the endpoint', () => {
    type M = ReturnType<typeof useMutation<ReturnType<typeof endpoints>['create']>>;
    expectTypeOf<Parameters<M['mutate']>>().toEqualTypeOf<[{ title: string }]>();
    expectTypeOf<M['data']['value']>().toEqualTypeOf<Todo | undefined>();
    expectTypeOf<M['error']['value']>().toEqualTypeOf<StatusError | undefined>();
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
