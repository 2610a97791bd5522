// The demo with no framework: custom elements bound to the store with
// client.observe(...).subscribe in connectedCallback, released in
// disconnectedCallback. Same screens and data-testids as the other three apps.
import { hookifyResource, PaginationObserver, PollingModes, type EndpointObserver, type PaginationSnapshot } from '@resto/core';
import { FILTERS, Flaky, Me, PostResource, ServerTime, TodoResource, flakyText, type FilterName, type Post, type Todo, type User } from '../shared/api';
import { createDemoClient, errorText, logIn, logOut } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import { mountOfflineBanner } from '../shared/offline';
import { authInit, session } from '../shared/session';
import '../shared/style.css';

const client = createDemoClient();
const { controller } = client;
mountDevtoolsToggle(client);
mountOfflineBanner(client);
// hookifyResource outside a framework: "hooks" are plain factories, called when needed.
const todoHooks = hookifyResource(TodoResource, () => authInit());

type Child = Node | string | null | undefined | false;
/** Tiny element builder: text goes in as text, never as HTML. */
function h(tag: string, attrs: Record<string, string | boolean | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** Children without the empty ones, for replaceChildren. */
const kids = (...children: Child[]): Array<Node | string> => children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false);

/** Subscribes and renders now and on every change; returns the unsubscribe. */
function bind<T>(observer: { subscribe(l: () => void): () => void; getSnapshot(): T }, render: (s: T) => void) {
  const stop = observer.subscribe(() => render(observer.getSnapshot()));
  render(observer.getSnapshot());
  return stop;
}

/** Base: `start()` returns cleanups; re-run on attribute changes while connected. */
abstract class Bound extends HTMLElement {
  private stops: Array<() => void> = [];
  connectedCallback() {
    this.restart();
  }
  disconnectedCallback() {
    for (const s of this.stops.splice(0)) s();
  }
  attributeChangedCallback() {
    if (this.isConnected) this.restart();
  }
  protected restart() {
    this.disconnectedCallback();
    this.stops = this.start();
  }
  protected abstract start(): Array<() => void>;
}

class RestoTime extends Bound {
  protected start() {
    // A live read: PollingModes.live brings the polling and refetches every pollFrequency.
    const time = client.observeWith(PollingModes.live, ServerTime, []);
    return [
      bind(time, ({ data, error }) => {
        this.replaceChildren(...kids(
          'Server time: ',
          h('time', { 'data-testid': 'server-time', 'data-epoch': data ? String(data.epochMs) : undefined }, data ? new Date(data.epochMs).toISOString().slice(11, 19) : '…'),
          error ? h('span', { class: 'error' }, ` (${errorText(error)})`) : null,
        ));
      }),
    ];
  }
}

/** GET /flaky fails every second call: a refetch shows the store retrying. */
class RestoFlaky extends Bound {
  protected start() {
    const flaky = client.observe(Flaky);
    return [
      bind(flaky, (snapshot) => {
        const refetch = h('button', { type: 'button', 'data-testid': 'flaky-refetch' }, 'Refetch');
        refetch.addEventListener('click', () => void flaky.refetch());
        this.replaceChildren('Flaky: ', h('span', { 'data-testid': 'flaky-status' }, flakyText(snapshot)), ' ', refetch);
      }),
    ];
  }
}

class RestoAuth extends Bound {
  private error = '';
  protected start() {
    let me: EndpointObserver<typeof Me> | undefined;
    let stopMe: (() => void) | undefined;
    const stopSession = session.subscribe((s) => {
      stopMe?.();
      stopMe = undefined;
      if (s.token) {
        me = client.observe(Me);
        stopMe = bind(me, ({ data }) => this.renderIn(data as User | undefined));
      } else {
        this.renderOut(s.expired);
      }
    });
    return [stopSession, () => stopMe?.()];
  }
  private renderIn(user: User | undefined) {
    const out = h('button', { 'data-testid': 'logout', type: 'button' }, 'Log out');
    out.addEventListener('click', () => void logOut(controller));
    this.replaceChildren(h('span', {}, 'Logged in as ', h('strong', { 'data-testid': 'auth-user' }, user ? user.name : '…'), ' '), out);
  }
  private renderOut(expired: boolean, name = '') {
    const username = h('input', { 'data-testid': 'login-username', type: 'text', placeholder: 'alice', 'aria-label': 'username' }) as HTMLInputElement;
    username.value = name;
    const password = h('input', { 'data-testid': 'login-password', type: 'password', placeholder: 'resto', 'aria-label': 'password' }) as HTMLInputElement;
    const form = h('form', { 'data-testid': 'login-form' }, username, password, h('button', { 'data-testid': 'login-submit', type: 'submit' }, 'Log in'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.error = '';
      // Every app does the same on a failed login: keep the username, clear the password.
      logIn(username.value, password.value).catch((err) => {
        this.error = errorText(err);
        this.renderOut(false, username.value);
      });
    });
    this.replaceChildren(...kids(
      form,
      expired ? h('p', { 'data-testid': 'session-expired', class: 'notice' }, 'Session expired, please log in again.') : null,
      this.error ? h('p', { 'data-testid': 'login-error', class: 'error' }, this.error) : null,
    ));
  }
}

const filterOf = (el: Element): FilterName => (el.getAttribute('filter') as FilterName | null) ?? 'all';

/** Reads the same key as the list: the store sends one request for both. */
class RestoTodoCount extends Bound {
  static observedAttributes = ['filter'];
  protected start() {
    const todos = client.observe(TodoResource.getList, FILTERS[filterOf(this)]);
    return [bind(todos, ({ data }) => (this.textContent = data ? String(data.length) : '…'))];
  }
}

class RestoTodoList extends Bound {
  static observedAttributes = ['filter'];
  private todos: Todo[] = [];
  constructor() {
    super();
    this.addEventListener('click', (e) => this.onClick(e));
  }
  protected start() {
    const todos = client.observe(TodoResource.getList, FILTERS[filterOf(this)]);
    return [
      bind(todos, ({ data, loading, error }) => {
        this.todos = (data as Todo[] | undefined) ?? [];
        this.replaceChildren(...kids(
          error ? h('p', { 'data-testid': 'todo-error', class: 'error' }, errorText(error)) : null,
          loading && !data ? h('p', { 'data-testid': 'todo-loading', class: 'muted' }, 'Loading todos…') : null,
          h('ul', { 'data-testid': 'todo-list' }, ...this.todos.map((t) => this.item(t))),
        ));
      }),
    ];
  }
  private item(t: Todo) {
    return h(
      'li',
      { 'data-testid': 'todo-item', 'data-id': String(t.id), 'data-completed': String(t.completed) },
      h('input', { type: 'checkbox', 'data-testid': 'todo-toggle', checked: t.completed, 'aria-label': `done: ${t.title}` }),
      h('span', { 'data-testid': 'todo-title', class: 'grow' }, t.title),
      h('button', { 'data-testid': 'todo-open', type: 'button' }, 'Edit'),
      h('button', { 'data-testid': 'todo-delete', type: 'button', 'aria-label': `delete ${t.title}` }, '✕'),
    );
  }
  private onClick(e: Event) {
    const target = e.target as HTMLElement;
    const li = target.closest('li');
    const todo = this.todos.find((t) => String(t.id) === li?.dataset.id);
    if (!todo) return;
    const action = target.dataset.testid;
    if (action === 'todo-toggle') {
      // The store decides the checkbox: the optimistic update flips it at once.
      e.preventDefault();
      this.report(controller.fetch(TodoResource.getList.move, { id: todo.id }, { completed: !todo.completed }));
    } else if (action === 'todo-delete') {
      this.report(controller.fetch(TodoResource.delete, { id: todo.id }));
    } else if (action === 'todo-open') {
      this.dispatchEvent(new CustomEvent('open-todo', { detail: todo.id, bubbles: true }));
    }
  }
  private report(p: Promise<unknown>) {
    this.dispatchEvent(new CustomEvent('mutation', { detail: p, bubbles: true }));
  }
}

class RestoTodos extends HTMLElement {
  private filter: FilterName = 'all';
  connectedCallback() {
    if (this.childElementCount) return;
    const list = h('resto-todo-list');
    const count = h('resto-todo-count', { 'data-testid': 'todo-count' });
    const error = h('p', { 'data-testid': 'mutation-error', class: 'error', hidden: true });
    const buttons = (Object.keys(FILTERS) as FilterName[]).map((name) => {
      const b = h('button', { type: 'button', 'data-testid': `filter-${name}`, 'aria-pressed': String(name === this.filter) }, name);
      b.addEventListener('click', () => {
        this.filter = name;
        for (const other of buttons) other.setAttribute('aria-pressed', String(other === b));
        list.setAttribute('filter', name);
        count.setAttribute('filter', name);
      });
      return b;
    });
    const title = h('input', { type: 'text', 'data-testid': 'todo-new-title', placeholder: 'What needs doing?', 'aria-label': 'new todo' }) as HTMLInputElement;
    const form = h('form', { 'data-testid': 'todo-add-form' }, title, h('button', { type: 'submit', 'data-testid': 'todo-add' }, 'Add'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = title.value.trim();
      if (!text) return;
      title.value = '';
      this.dispatchEvent(new CustomEvent('mutation', { detail: controller.fetch(TodoResource.getList.push, { title: text, completed: false }), bubbles: true }));
    });
    // Every mutation reports its failure in one place (and never goes unhandled).
    this.addEventListener('mutation', (e) => {
      error.hidden = true;
      ((e as CustomEvent<Promise<unknown>>).detail).catch((err) => {
        error.textContent = errorText(err);
        error.hidden = false;
      });
    });
    this.append(h('h2', {}, 'Todos (', count, ')'), h('nav', {}, ...buttons), form, error, list);
  }
}

class RestoTodoDetail extends Bound {
  static observedAttributes = ['todo-id'];
  protected start() {
    const id = this.getAttribute('todo-id');
    if (!id) {
      this.replaceChildren();
      return [];
    }
    // Hook-made endpoints carry the session token in their request options.
    const todo = client.observe(todoHooks.useGet(), { id });
    let input: HTMLInputElement | undefined;
    let status: HTMLElement | undefined;
    return [
      bind(todo, ({ data, error }) => {
        const t = data as Todo | undefined;
        if (!input) {
          input = h('input', { type: 'text', 'data-testid': 'detail-title-input', 'aria-label': 'title' }) as HTMLInputElement;
          status = h('p', { 'data-testid': 'detail-status', class: 'muted' });
          const form = h('form', {}, input, h('button', { type: 'submit', 'data-testid': 'detail-save' }, 'Save'));
          const close = h('button', { type: 'button', 'data-testid': 'detail-close' }, 'Close');
          close.addEventListener('click', () => this.dispatchEvent(new CustomEvent('open-todo', { detail: null, bubbles: true })));
          form.addEventListener('submit', (e) => {
            e.preventDefault();
            status!.textContent = 'Saving…';
            controller.fetch(todoHooks.usePartialUpdate(), { id }, { title: input!.value }).then(
              () => (status!.textContent = 'Saved'),
              (err) => (status!.textContent = errorText(err)),
            );
          });
          this.replaceChildren(...kids(
            h('section', { 'data-testid': 'todo-detail', class: 'card' }, h('h2', {}, 'Todo #', id, ': ', h('span', { 'data-testid': 'detail-title' })), form, close, status),
          ));
        }
        const shown = this.querySelector('[data-testid="detail-title"]')!;
        shown.textContent = t ? t.title : error ? errorText(error) : '…';
        // Fill the input once, when the data first arrives.
        if (t && !input.dataset.filled) {
          input.value = t.title;
          input.dataset.filled = '1';
        }
      }),
    ];
  }
}

class RestoPosts extends Bound {
  protected start() {
    const posts = client.observe(PostResource.getList);
    // Where the list stands (next page, the end) is kept by the store; getPage appends without duplicates.
    const pages = new PaginationObserver(client, PostResource.getList, []);
    const render = () => this.render(posts.getSnapshot().data as Post[] | undefined, posts.getSnapshot().error, pages);
    return [bind(posts, render), bind(pages, render)];
  }
  private render(posts: Post[] | undefined, listError: unknown, pages: PaginationObserver) {
    const { hasMore, loading, error: moreError }: PaginationSnapshot = pages.getSnapshot();
    const error = listError ?? moreError;
    const more = h('button', { type: 'button', 'data-testid': 'posts-load-more', disabled: loading }, loading ? 'Loading…' : 'Load more');
    more.addEventListener('click', () => void pages.loadMore());
    this.replaceChildren(...kids(
      h('h2', {}, 'Posts'),
      error ? h('p', { 'data-testid': 'posts-error', class: 'error' }, errorText(error)) : null,
      !posts && !error ? h('p', { 'data-testid': 'posts-loading', class: 'muted' }, 'Loading posts…') : null,
      h(
        'ul',
        { 'data-testid': 'post-list' },
        ...(posts ?? []).map((p) =>
          h(
            'li',
            { 'data-testid': 'post-item', 'data-id': String(p.id) },
            h('span', { class: 'grow' }, h('strong', { 'data-testid': 'post-title' }, p.title), ' by ', h('span', { 'data-testid': 'post-author' }, p.author.name)),
            h('span', { 'data-testid': 'post-comments', class: 'muted' }, `${p.comments.length} comments`),
          ),
        ),
      ),
      posts && hasMore ? more : posts ? h('p', { 'data-testid': 'posts-end', class: 'muted' }, 'All posts loaded') : null,
    ));
  }
}

class RestoApp extends HTMLElement {
  connectedCallback() {
    if (this.childElementCount) return;
    const detail = h('resto-todo-detail');
    this.addEventListener('open-todo', (e) => {
      const id = (e as CustomEvent<number | null>).detail;
      if (id === null) detail.removeAttribute('todo-id');
      else detail.setAttribute('todo-id', String(id));
    });
    this.append(
      h(
        'main',
        { 'data-testid': 'app', 'data-app': 'wc' },
        h('header', {}, h('h1', {}, 'Resto ', h('small', { 'data-testid': 'app-name' }, 'wc')), h('resto-time'), h('resto-auth', { 'data-testid': 'auth' })),
        h('div', { class: 'grid' }, h('section', { class: 'card' }, h('resto-todos')), h('div', {}, detail, h('section', { class: 'card' }, h('resto-posts')), h('section', { class: 'card flaky' }, h('resto-flaky')))),
      ),
    );
  }
}

customElements.define('resto-time', RestoTime);
customElements.define('resto-flaky', RestoFlaky);
customElements.define('resto-auth', RestoAuth);
customElements.define('resto-todo-count', RestoTodoCount);
customElements.define('resto-todo-list', RestoTodoList);
customElements.define('resto-todos', RestoTodos);
customElements.define('resto-todo-detail', RestoTodoDetail);
customElements.define('resto-posts', RestoPosts);
customElements.define('resto-app', RestoApp);
