// The demo as web components on Lit: each element reads the store through
// @resto/lit's reactive controllers (the client comes from the app element by
// Lit context), which subscribe while the element is connected and update it on
// change. Same screens and data-testids as the other three apps. The elements
// render into their light DOM, so the page's shared stylesheet applies to them.
import { ClientController, DLEController, LiveStatusController, PaginationController, SubscriptionController, hookifyResource, provideClient } from '@resto/lit';
import { html, LitElement, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { live } from 'lit/directives/live.js';
import { FILTERS, Flaky, Me, PostResource, ServerTime, TodoResource, flakyText, type FilterName, type Todo } from '../shared/api';
import { createDemoClient, errorText, logIn, logOut } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import { live as liveConnection, liveText } from '../shared/live';
import { mountOfflineBanner } from '../shared/offline';
import { authInit, session, type SessionState } from '../shared/session';
import '../shared/style.css';

// With `?live`, the server pushes todo changes; the header shows the connection.
const client = createDemoClient(liveConnection ? [liveConnection] : []);
mountDevtoolsToggle(client);
mountOfflineBanner(client);
// Hook-made endpoints carry the session token in their request options; a member
// called when needed (a click) gets the token of that moment.
const todoHooks = hookifyResource(TodoResource, () => authInit());

/** Elements of this app render into their light DOM: one stylesheet, no shadow roots. */
class LightElement extends LitElement {
  protected override createRenderRoot() {
    return this;
  }
}

/** The page's session store as a controller: the host updates when someone logs in or out. */
class SessionController implements ReactiveController {
  state: SessionState = session.getSnapshot();
  private stop?: () => void;
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }
  hostConnected() {
    this.stop = session.subscribe((s) => {
      this.state = s;
      this.host.requestUpdate();
    });
  }
  hostDisconnected() {
    this.stop?.();
  }
}

/** `Live: open, last change 20:14:03`, or which tab holds the connection. Only with `?live`. */
class RestoLiveStatus extends LightElement {
  private status = liveConnection ? new LiveStatusController(this, liveConnection) : undefined;
  protected override render() {
    if (!this.status) return nothing;
    const s = this.status.value;
    return html`<span data-testid="live-status" class="muted" data-status=${s.status} data-reason=${s.reason ?? nothing} data-last-event=${s.lastEventAt === undefined ? nothing : String(s.lastEventAt)}
      >${liveText(s)}</span
    >`;
  }
}

class RestoTime extends LightElement {
  // SubscriptionController polls at ServerTime.pollFrequency while connected; DLEController reads it.
  private poll = new SubscriptionController(this, ServerTime);
  private time = new DLEController(this, ServerTime);
  protected override render() {
    const { data, error } = this.time;
    return html`Server time:
      <time data-testid="server-time" data-epoch=${data ? String(data.epochMs) : nothing}>${data ? new Date(data.epochMs).toISOString().slice(11, 19) : '…'}</time>${error
        ? html`<span class="error"> (${errorText(error)})</span>`
        : nothing}`;
  }
}

/** GET /flaky fails every second call: a refetch shows the store retrying. */
class RestoFlaky extends LightElement {
  private flaky = new DLEController(this, Flaky);
  protected override render() {
    return html`Flaky: <span data-testid="flaky-status">${flakyText(this.flaky)}</span>
      <button type="button" data-testid="flaky-refetch" @click=${() => void this.flaky.refetch()}>Refetch</button>`;
  }
}

class RestoAuth extends LightElement {
  static override properties = { error: { state: true } };
  declare error: string;
  private session = new SessionController(this);
  private store = new ClientController(this);
  // GET /me only while someone is logged in (null switches the read off).
  private me = new DLEController(this, Me, () => (this.session.state.token ? undefined : null));
  constructor() {
    super();
    this.error = '';
  }
  private submit(e: Event) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const username = form.querySelector<HTMLInputElement>('[data-testid="login-username"]')!;
    const password = form.querySelector<HTMLInputElement>('[data-testid="login-password"]')!;
    this.error = '';
    // Every app does the same on a failed login: keep the username, clear the password.
    logIn(username.value, password.value).catch((err) => {
      password.value = '';
      this.error = errorText(err);
    });
  }
  protected override render() {
    const { token, expired } = this.session.state;
    if (token) {
      const user = this.me.data;
      return html`<span>Logged in as <strong data-testid="auth-user">${user ? user.name : '…'}</strong> </span
        ><button data-testid="logout" type="button" @click=${() => void logOut(this.store.controller)}>Log out</button>`;
    }
    return html`<form data-testid="login-form" @submit=${this.submit}>
        <input data-testid="login-username" type="text" placeholder="alice" aria-label="username" />
        <input data-testid="login-password" type="password" placeholder="resto" aria-label="password" />
        <button data-testid="login-submit" type="submit">Log in</button>
      </form>
      ${expired ? html`<p data-testid="session-expired" class="notice">Session expired, please log in again.</p>` : nothing}
      ${this.error ? html`<p data-testid="login-error" class="error">${this.error}</p>` : nothing}`;
  }
}

/** Reads the same key as the list: the store sends one request for both. */
class RestoTodoCount extends LightElement {
  static override properties = { filter: {} };
  declare filter: FilterName;
  private todos = new DLEController(this, TodoResource.getList, () => FILTERS[this.filter]);
  constructor() {
    super();
    this.filter = 'all';
  }
  protected override render() {
    const { data } = this.todos;
    return data ? String(data.length) : '…';
  }
}

class RestoTodoList extends LightElement {
  static override properties = { filter: {} };
  declare filter: FilterName;
  private todos = new DLEController(this, TodoResource.getList, () => FILTERS[this.filter]);
  private store = new ClientController(this);
  constructor() {
    super();
    this.filter = 'all';
  }
  private toggle(todo: Todo) {
    this.report(this.store.controller.fetch(TodoResource.getList.move, { id: todo.id }, { completed: !todo.completed }));
    // The store decides the checkbox: the update right after this click sets it to the
    // stored value (live() compares with the DOM), whether the optimistic update flipped
    // it or not. Not preventDefault(): the browser would undo the box after that update.
    this.requestUpdate();
  }
  private report(p: Promise<unknown>) {
    this.dispatchEvent(new CustomEvent('mutation', { detail: p, bubbles: true }));
  }
  protected override render() {
    const { data, loading, error } = this.todos;
    const todos = data ?? [];
    return html`${error ? html`<p data-testid="todo-error" class="error">${errorText(error)}</p>` : nothing}
      ${loading && !data ? html`<p data-testid="todo-loading" class="muted">Loading todos…</p>` : nothing}
      <ul data-testid="todo-list">
        ${todos.map(
          (t) => html`<li data-testid="todo-item" data-id=${String(t.id)} data-completed=${String(t.completed)}>
            <input type="checkbox" data-testid="todo-toggle" .checked=${live(t.completed)} aria-label=${`done: ${t.title}`} @click=${() => this.toggle(t)} />
            <span data-testid="todo-title" class="grow">${t.title}</span>
            <button data-testid="todo-open" type="button" @click=${() => this.dispatchEvent(new CustomEvent('open-todo', { detail: t.id, bubbles: true }))}>Edit</button>
            <button data-testid="todo-delete" type="button" aria-label=${`delete ${t.title}`} @click=${() => this.report(this.store.controller.fetch(TodoResource.delete, { id: t.id }))}>✕</button>
          </li>`,
        )}
      </ul>`;
  }
}

class RestoTodos extends LightElement {
  static override properties = { filter: { state: true }, mutationError: { state: true } };
  declare filter: FilterName;
  declare mutationError: string | null;
  private store = new ClientController(this);
  constructor() {
    super();
    this.filter = 'all';
    this.mutationError = null;
    // Every mutation reports its failure in one place (and never goes unhandled).
    this.addEventListener('mutation', (e) => {
      this.mutationError = null;
      (e as CustomEvent<Promise<unknown>>).detail.catch((err) => (this.mutationError = errorText(err)));
    });
  }
  private add(e: Event) {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).querySelector<HTMLInputElement>('[data-testid="todo-new-title"]')!;
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    this.dispatchEvent(new CustomEvent('mutation', { detail: this.store.controller.fetch(TodoResource.getList.push, { title: text, completed: false }), bubbles: true }));
  }
  protected override render() {
    return html`<h2>Todos (<resto-todo-count data-testid="todo-count" .filter=${this.filter}></resto-todo-count>)</h2>
      <nav>
        ${(Object.keys(FILTERS) as FilterName[]).map(
          (name) => html`<button type="button" data-testid=${`filter-${name}`} aria-pressed=${String(name === this.filter)} @click=${() => (this.filter = name)}>${name}</button>`,
        )}
      </nav>
      <form data-testid="todo-add-form" @submit=${this.add}>
        <input type="text" data-testid="todo-new-title" placeholder="What needs doing?" aria-label="new todo" /><button type="submit" data-testid="todo-add">Add</button>
      </form>
      <p data-testid="mutation-error" class="error" ?hidden=${this.mutationError === null}>${this.mutationError ?? ''}</p>
      <resto-todo-list .filter=${this.filter}></resto-todo-list>`;
  }
}

class RestoTodoDetail extends LightElement {
  static override properties = { todoId: {}, status: { state: true } };
  declare todoId: number | null;
  declare status: string;
  private todo = new DLEController(this, todoHooks.useGet(), () => (this.todoId === null ? null : { id: this.todoId }));
  private store = new ClientController(this);
  // The input is filled once per todo, when its data first arrives.
  private filledFor: number | null = null;
  constructor() {
    super();
    this.todoId = null;
    this.status = '';
  }
  protected override willUpdate(changed: Map<PropertyKey, unknown>) {
    if (changed.has('todoId')) this.status = '';
  }
  private save(e: Event) {
    e.preventDefault();
    const id = this.todoId!;
    const input = this.querySelector<HTMLInputElement>('[data-testid="detail-title-input"]')!;
    this.status = 'Saving…';
    this.store.controller.fetch(todoHooks.usePartialUpdate(), { id }, { title: input.value }).then(
      () => (this.status = 'Saved'),
      (err) => (this.status = errorText(err)),
    );
  }
  protected override render() {
    if (this.todoId === null) return nothing;
    const { data, error } = this.todo;
    return html`<section data-testid="todo-detail" class="card">
      <h2>Todo #${this.todoId}: <span data-testid="detail-title">${data ? data.title : error ? errorText(error) : '…'}</span></h2>
      <form @submit=${this.save}>
        <input type="text" data-testid="detail-title-input" aria-label="title" /><button type="submit" data-testid="detail-save">Save</button>
      </form>
      <button type="button" data-testid="detail-close" @click=${() => this.dispatchEvent(new CustomEvent('open-todo', { detail: null, bubbles: true }))}>Close</button>
      <p data-testid="detail-status" class="muted">${this.status}</p>
    </section>`;
  }
  protected override updated() {
    const data = this.todo.data;
    if (this.todoId === null) this.filledFor = null;
    else if (data && this.filledFor !== this.todoId) {
      this.querySelector<HTMLInputElement>('[data-testid="detail-title-input"]')!.value = data.title;
      this.filledFor = this.todoId;
    }
  }
}

class RestoPosts extends LightElement {
  private posts = new DLEController(this, PostResource.getList);
  // Where the list stands (next page, the end) is kept by the store; getPage appends without duplicates.
  private pages = new PaginationController(this, PostResource.getList);
  protected override render() {
    const { data: posts, error: listError } = this.posts;
    const { hasMore, loading, error: moreError } = this.pages;
    const error = listError ?? moreError;
    return html`<h2>Posts</h2>
      ${error ? html`<p data-testid="posts-error" class="error">${errorText(error)}</p>` : nothing}
      ${!posts && !error ? html`<p data-testid="posts-loading" class="muted">Loading posts…</p>` : nothing}
      <ul data-testid="post-list">
        ${(posts ?? []).map(
          (p) => html`<li data-testid="post-item" data-id=${String(p.id)}>
            <span class="grow"><strong data-testid="post-title">${p.title}</strong> by <span data-testid="post-author">${p.author.name}</span></span>
            <span data-testid="post-comments" class="muted">${`${p.comments.length} comments`}</span>
          </li>`,
        )}
      </ul>
      ${posts && hasMore
        ? html`<button type="button" data-testid="posts-load-more" ?disabled=${loading} @click=${() => void this.pages.loadMore()}>${loading ? 'Loading…' : 'Load more'}</button>`
        : posts
          ? html`<p data-testid="posts-end" class="muted">All posts loaded</p>`
          : nothing}`;
  }
}

class RestoApp extends LightElement {
  static override properties = { detailId: { state: true } };
  declare detailId: number | null;
  constructor() {
    super();
    // Every element rendered under the app reads this store.
    provideClient(this, client);
    this.detailId = null;
    this.addEventListener('open-todo', (e) => (this.detailId = (e as CustomEvent<number | null>).detail));
  }
  protected override render() {
    return html`<main data-testid="app" data-app="wc">
      <header>
        <h1>Resto <small data-testid="app-name">wc</small></h1>
        <resto-time></resto-time><resto-live-status></resto-live-status><resto-auth data-testid="auth"></resto-auth>
      </header>
      <div class="grid">
        <section class="card"><resto-todos></resto-todos></section>
        <div>
          <resto-todo-detail .todoId=${this.detailId}></resto-todo-detail>
          <section class="card"><resto-posts></resto-posts></section>
          <section class="card flaky"><resto-flaky></resto-flaky></section>
        </div>
      </div>
    </main>`;
  }
}

customElements.define('resto-time', RestoTime);
customElements.define('resto-live-status', RestoLiveStatus);
customElements.define('resto-flaky', RestoFlaky);
customElements.define('resto-auth', RestoAuth);
customElements.define('resto-todo-count', RestoTodoCount);
customElements.define('resto-todo-list', RestoTodoList);
customElements.define('resto-todos', RestoTodos);
customElements.define('resto-todo-detail', RestoTodoDetail);
customElements.define('resto-posts', RestoPosts);
customElements.define('resto-app', RestoApp);
