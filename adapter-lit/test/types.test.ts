// Checked by the root `tsc` (this file is in its include); the runtime asserts
// show the typed values are the real ones.
import { All, Query, type StatusError } from '@resto/core';
import { nextTask } from '@resto/testing';
import { eachTodoEnv, Todo, type TodoServer } from '@resto/testing/todos';
import { html, LitElement, type TemplateResult } from 'lit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CacheController,
  ClientController,
  DLEController,
  ErrorController,
  FetchController,
  LoadingController,
  MutationController,
  PaginationController,
  QueryController,
  SuspenseController,
  type Client,
  type Controller,
  type SuspenseStatus,
} from '../src';
import { appWith, define, mountIn } from './helpers/mount';

let server: TodoServer;
let client: Client;
eachTodoEnv(
  (s, c) => ((server = s), (client = c)),
  () => document.body.replaceChildren(),
);

describe('controller types follow the schemas', () => {
  it('types data from the endpoint schema and checks args', async () => {
    await client.controller.fetch(server.api.get, { id: 1 });
    const api = server.api;
    const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
    class Typed extends LitElement {
      declare todoId: number;
      dle = new DLEController(this, api.get, () => ({ id: this.todoId }));
      suspense = new SuspenseController(this, api.get, { id: 1 });
      cache = new CacheController(this, api.list);
      failed = new ErrorController(this, api.get, null);
      fetching = new FetchController(this, api.get, { id: 1 });
      count = new QueryController(this, remaining);
      byPk = new QueryController(this, Todo, { id: 1 });
      patch = new MutationController(this, api.update);
      save = new LoadingController(this, (title: string) => Promise.resolve(title.length));
      store = new ClientController(this);
      constructor() {
        super();
        this.todoId = 1;
      }
    }
    const el = await mountIn<Typed>(appWith(client), define(Typed));

    expectTypeOf(el.dle.data).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(el.dle.loading).toEqualTypeOf<boolean>();
    expectTypeOf(el.dle.error).toEqualTypeOf<StatusError | undefined>();
    expect(el.dle.data).toBeInstanceOf(Todo);

    expectTypeOf(el.suspense.value).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(el.suspense.status).toEqualTypeOf<SuspenseStatus>();
    const rendered = el.suspense.render({ complete: (todo) => html`${todo.title}` });
    expectTypeOf(rendered).toEqualTypeOf<TemplateResult<1> | undefined>();
    // Each branch keeps its own type: a text fallback next to a template.
    const mixed = el.suspense.render({ pending: () => '…', complete: (todo) => html`${todo.title}`, error: (e) => e.status });
    expectTypeOf(mixed).toEqualTypeOf<string | TemplateResult<1> | number | undefined>();
    expect(el.suspense.value?.title).toBe('todo 1');

    expectTypeOf(el.cache.value).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf(el.failed.value).toEqualTypeOf<StatusError | undefined>();
    expectTypeOf(el.fetching.value).toEqualTypeOf<(Promise<Todo> & { resolved: boolean }) | undefined>();
    expectTypeOf(el.count.value).toEqualTypeOf<number | undefined>();
    expect(el.count.value).toBe(1);
    expectTypeOf(el.byPk.value).toEqualTypeOf<Todo | undefined>();
    expect(el.byPk.value?.title).toBe('todo 1');
    expectTypeOf(el.patch.mutate).parameter(0).toEqualTypeOf<{ id: string | number }>();
    expectTypeOf(el.patch.data).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(el.save.run).toEqualTypeOf<(title: string) => Promise<number | undefined>>();
    expectTypeOf(el.store.controller).toEqualTypeOf<Controller>();
    expectTypeOf<PaginationController<typeof api.list>['next']>().toEqualTypeOf<string | number | undefined>();
    await nextTask();

    // Wrong calls, type-checked only (never run):
    void (() => {
      // @ts-expect-error id is required
      new DLEController(el, api.get, {});
      // @ts-expect-error wrong param type
      new DLEController(el, api.get, { id: true });
      // @ts-expect-error the list takes no params
      new CacheController(el, api.list, { id: 1 });
      // @ts-expect-error a host must be an element running reactive controllers
      new DLEController({}, api.get, { id: 1 });
      // @ts-expect-error complete gets a Todo
      el.suspense.render({ complete: (todo: string) => todo });
    });
  });
});
