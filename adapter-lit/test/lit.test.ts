// What is particular to Lit: controllers follow the host's connection and update
// cycle, args are re-read on every update, the client comes through Lit context,
// and a suspending read renders through `render({ pending, complete, error })`.
import { All, Query, type Client } from '@resto/core';
import { nextTask, recordFetches, until } from '@resto/testing';
import { eachTodoEnv, Todo, type TodoServer } from '@resto/testing/todos';
import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { ClientController, DLEController, LiveController, LoadingController, MutationController, QueryController, SuspenseController, hookifyResource, provideClient, resource } from '../src';
import { appWith, define, mountIn } from './helpers/mount';

let server: TodoServer;
let client: Client;
eachTodoEnv(
  (s, c) => ((server = s), (client = c)),
  () => document.body.replaceChildren(),
);

const text = (el: Element) => el.shadowRoot!.textContent!.trim();

/** A todo title by DLE, counting its updates; `todoId` is a reactive property. */
function titleElement() {
  class TodoTitle extends LitElement {
    static override properties = { todoId: { attribute: false } };
    declare todoId: number | null;
    updates = 0;
    todo = new DLEController(this, server.api.get, () => (this.todoId === null ? null : { id: this.todoId }));
    constructor() {
      super();
      this.todoId = 1;
    }
    protected override render() {
      const { data, loading, error } = this.todo;
      return html`${error ? `error ${error.status}` : loading && !data ? 'loading' : data?.title ?? 'off'}`;
    }
    protected override updated() {
      this.updates++;
    }
  }
  return define(TodoTitle) as string & { __el?: TodoTitle };
}
type TitleEl = HTMLElement & { todoId: number | null; updates: number; updateComplete: Promise<boolean> };

describe('connection', () => {
  it('renders the fetched data, and updates when the entity changes elsewhere', async () => {
    const app = appWith(client);
    const el = await mountIn<LitElement & TitleEl>(app, titleElement());
    expect(text(el)).toBe('loading');
    await until(() => text(el) === 'todo 1');
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'renamed' });
    await until(() => text(el) === 'renamed');
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('a disconnected host gets no updates and holds no subscription; reconnected, it shows the store as it is now', async () => {
    const app = appWith(client);
    const el = await mountIn<LitElement & TitleEl>(app, titleElement());
    await until(() => text(el) === 'todo 1');
    el.remove();
    await nextTask();
    const updates = el.updates;
    // Nothing reads todo 1 any more: the store's reader index has no one to wake.
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'while away' });
    await nextTask();
    expect(el.updates).toBe(updates);
    expect(text(el)).toBe('todo 1');
    app.append(el);
    await until(() => text(el) === 'while away');
  });

  it('polling stops with the disconnect of the host', async () => {
    const polled = server.api.get.extend({ pollFrequency: 20 });
    class LiveTitle extends LitElement {
      todo = new LiveController(this, polled, { id: 2 });
      protected override render() {
        return this.todo.render({ complete: (t) => t.title });
      }
    }
    const app = appWith(client);
    const el = await mountIn(app, define(LiveTitle));
    await until(() => server.count('GET', '/todos/2') >= 3);
    expect(text(el)).toBe('todo 2');
    el.remove();
    const fetched = recordFetches();
    // A witness polling at the same period: two of its polls, and no poll of todo 2 between them.
    const witness = await mountIn(
      app,
      define(
        class extends LitElement {
          todo = new LiveController(this, polled, { id: 3 });
        },
      ),
    );
    await until(() => fetched().filter((p) => p === '/todos/3').length >= 3);
    expect(fetched().filter((p) => p === '/todos/2')).toEqual([]);
    witness.remove();
  });
});

describe('sharing', () => {
  it('elements reading one key share one request, and each updates from one store change', async () => {
    const app = appWith(client);
    const tag = titleElement();
    const els = await Promise.all([1, 2, 3].map(() => mountIn<LitElement & TitleEl>(app, tag)));
    await until(() => els.every((el) => text(el) === 'todo 1'));
    expect(server.count('GET', '/todos/1')).toBe(1);
    client.controller.setResponse(server.api.get, { id: 1 }, { id: 1, title: 'pushed', completed: false });
    await until(() => els.every((el) => text(el) === 'pushed'));
    expect(server.count('GET', '/todos/1')).toBe(1);
  });
});

describe('args', () => {
  it('a changed property re-keys the read at the next update: one request for the new key', async () => {
    const app = appWith(client);
    const el = await mountIn<LitElement & TitleEl>(app, titleElement());
    await until(() => text(el) === 'todo 1');
    el.todoId = 2;
    await el.updateComplete;
    await until(() => text(el) === 'todo 2');
    expect(server.count('GET', '/todos/2')).toBe(1);
    // Back to a stored key: shown at once, no request.
    el.todoId = 1;
    await el.updateComplete;
    expect(text(el)).toBe('todo 1');
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('args set twice before an update fetch only the last key', async () => {
    const fetched = recordFetches();
    const app = appWith(client);
    const el = await mountIn<LitElement & TitleEl>(app, titleElement());
    await until(() => text(el) === 'todo 1');
    el.todoId = 2;
    el.todoId = 3;
    await el.updateComplete;
    await until(() => text(el) === 'todo 3');
    expect(fetched()).toEqual(['/todos/1', '/todos/3']);
  });

  it('null switches the read off', async () => {
    const fetched = recordFetches();
    const app = appWith(client);
    const el = document.createElement(titleElement()) as LitElement & TitleEl;
    el.todoId = null;
    app.append(el);
    await el.updateComplete;
    await nextTask();
    expect(text(el)).toBe('off');
    expect(fetched()).toEqual([]);
  });
});

describe('context', () => {
  it('each element reads the client of the nearest provider above it', async () => {
    const other = (await import('@resto/core')).createClient();
    await other.controller.fetch(server.api.get, { id: 1 });
    other.controller.setResponse(server.api.get, { id: 1 }, { id: 1, title: 'from the inner client', completed: false });
    const outer = appWith(client);
    const inner = appWith(other);
    outer.append(inner);
    const tag = titleElement();
    const a = await mountIn<LitElement & TitleEl>(outer, tag);
    const b = await mountIn<LitElement & TitleEl>(inner, tag);
    await until(() => text(a) === 'todo 1');
    expect(text(b)).toBe('from the inner client');
    // Moved under the other provider, it reads that client once reconnected.
    outer.append(b);
    await until(() => text(b) === 'todo 1');
    other.destroy();
  });

  it('provideClient works on a plain custom element, and ClientController gives its client and controller', async () => {
    class Plain extends HTMLElement {
      constructor() {
        super();
        provideClient(this, client);
      }
    }
    const root = document.createElement(define(Plain));
    document.body.append(root);
    const store = { el: undefined as undefined | ClientController };
    const el = await mountIn(root, define(class extends LitElement {
      constructor() {
        super();
        store.el = new ClientController(this);
      }
    }));
    expect(store.el!.client).toBe(client);
    expect(store.el!.controller).toBe(client.controller);
    el.remove();
  });

  it('without a provider the first update fails with the error that says what to do', async () => {
    const el = document.createElement(titleElement()) as LitElement & TitleEl;
    document.body.append(el);
    await expect(el.updateComplete).rejects.toThrow(/^Resto useClient\(\): no client in context\. Fix: call provideClient\(this, client\)/);
  });
});

describe('SuspenseController.render', () => {
  function detail() {
    class TodoDetail extends LitElement {
      static override properties = { todoId: { attribute: false } };
      declare todoId: number;
      todo = new SuspenseController(this, server.api.get, () => ({ id: this.todoId }));
      constructor() {
        super();
        this.todoId = 1;
      }
      protected override render() {
        return this.todo.render({
          pending: () => html`<p class="pending">loading…</p>`,
          complete: (t) => html`<h1>${t.title}</h1>`,
          error: (e) => html`<p role="alert">${e.status}</p>`,
        });
      }
    }
    return define(TodoDetail);
  }

  it('the fallback, then the data, updated in place; another key shows the fallback again, then its error', async () => {
    const app = appWith(client);
    const el = await mountIn<LitElement & { todoId: number; todo: SuspenseController<typeof server.api.get> }>(app, detail());
    expect(el.shadowRoot!.querySelector('.pending')).not.toBeNull();
    expect(el.todo.status).toBe('pending');
    await expect(el.todo.taskComplete).resolves.toMatchObject({ title: 'todo 1' });
    await until(() => text(el) === 'todo 1');
    const h1 = el.shadowRoot!.querySelector('h1');
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'renamed' });
    await until(() => text(el) === 'renamed');
    // Lit kept the node and changed its text.
    expect(el.shadowRoot!.querySelector('h1')).toBe(h1);
    el.todoId = 99;
    await el.updateComplete;
    expect(el.todo.status).toBe('pending');
    expect(el.shadowRoot!.querySelector('.pending')).not.toBeNull();
    await until(() => el.todo.status === 'error');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role=alert]')!.textContent).toBe('404');
    expect(el.todo.error?.status).toBe(404);
    expect(el.todo.value).toBeUndefined();
  });
});

describe('other controllers update their host', () => {
  it('QueryController: a derived count follows a mutation made through MutationController', async () => {
    const done = new Query(new All(Todo), (todos) => todos.filter((t) => t.completed).length);
    class Done extends LitElement {
      list = new DLEController(this, server.api.list);
      count = new QueryController(this, done);
      toggle = new MutationController(this, server.api.update);
      protected override render() {
        return html`${this.count.value ?? '…'} done`;
      }
    }
    const app = appWith(client);
    const el = await mountIn<LitElement & Done>(app, define(Done));
    await until(() => text(el) === '0 done');
    const result = await el.toggle.mutate({ id: 2 }, { completed: true });
    expect(result?.completed).toBe(true);
    await until(() => text(el) === '1 done');
    expect(el.toggle.data?.id).toBe(2);
    expect(server.count('GET', '/todos')).toBe(1);
  });

  it('LoadingController: loading shows while the call runs, the failure after it', async () => {
    let finish!: (ok: boolean) => void;
    class Saver extends LitElement {
      save = new LoadingController(this, () => new Promise<string>((resolve, reject) => (finish = (ok) => (ok ? resolve('ok') : reject(new Error('nope'))))));
      protected override render() {
        return html`${this.save.loading ? 'saving' : this.save.error ? this.save.error.message : 'idle'}`;
      }
    }
    const app = appWith(client);
    const el = await mountIn<LitElement & Saver>(app, define(Saver));
    expect(text(el)).toBe('idle');
    const run = el.save.run();
    await until(() => text(el) === 'saving');
    finish(false);
    await expect(run).resolves.toBeUndefined();
    await until(() => text(el) === 'nope');
  });

  it('hookifyResource: endpoints made with the init, read by a controller', async () => {
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const hooks = hookifyResource(TodoResource, () => ({ headers: { 'X-Test': 'lit' } }));
    class WithInit extends LitElement {
      todo = new SuspenseController(this, hooks.useGet(), { id: 3 });
      protected override render() {
        return this.todo.render({ complete: (t) => t.title });
      }
    }
    const app = appWith(client);
    const el = await mountIn(app, define(WithInit));
    await until(() => text(el) === 'todo 3');
    expect(server.hits.find((h) => h.url === '/todos/3')?.headers['x-test']).toBe('lit');
  });
});
