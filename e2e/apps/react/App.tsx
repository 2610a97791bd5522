// The React demo: hooks from @resto/react over the shared API. Same screens and
// data-testids as the Vue, Svelte and web component apps.
import { Suspense, useState, useSyncExternalStore, type FormEvent } from 'react';
import { hookifyResource, useController, useDLE, useLive, usePagination } from '@resto/react';
import { FILTERS, Flaky, Me, PostResource, ServerTime, TodoResource, flakyText, type FilterName } from '../shared/api';
import { errorText, logIn, logOut } from '../shared/client';
import { authInit, session } from '../shared/session';

const useSession = () => useSyncExternalStore(session.subscribe, session.getSnapshot);

// Hook-made endpoints: request options (the token) come from component state.
const TodoHooks = hookifyResource(TodoResource, () => authInit(useSession()));

export function App() {
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <main data-testid="app" data-app="react">
      <header>
        <h1>
          Resto <small data-testid="app-name">react</small>
        </h1>
        <Suspense fallback={<span>Server time: <time data-testid="server-time">…</time></span>}>
          <Clock />
        </Suspense>
        <Auth />
      </header>
      <div className="grid">
        <section className="card">
          <Todos onOpen={setOpenId} />
        </section>
        <div>
          {openId !== null && <TodoDetail key={openId} id={openId} onClose={() => setOpenId(null)} />}
          <section className="card">
            <Posts />
          </section>
          <section className="card flaky">
            <FlakyStatus />
          </section>
        </div>
      </div>
    </main>
  );
}

function Clock() {
  // useLive: suspends for the first answer, then polls at ServerTime.pollFrequency.
  const time = useLive(ServerTime);
  return (
    <span>
      Server time:{' '}
      <time data-testid="server-time" data-epoch={time.epochMs}>
        {new Date(time.epochMs).toISOString().slice(11, 19)}
      </time>
    </span>
  );
}

/** GET /flaky fails every second call: a refetch shows the store retrying. */
function FlakyStatus() {
  const flaky = useDLE(Flaky);
  return (
    <span>
      Flaky: <span data-testid="flaky-status">{flakyText(flaky)}</span>{' '}
      <button type="button" data-testid="flaky-refetch" onClick={() => void flaky.refetch()}>
        Refetch
      </button>
    </span>
  );
}

function Auth() {
  const s = useSession();
  return <span data-testid="auth">{s.token ? <LoggedIn /> : <LoginForm expired={s.expired} />}</span>;
}

function LoggedIn() {
  const ctrl = useController();
  const { data: me } = useDLE(Me);
  return (
    <span>
      Logged in as <strong data-testid="auth-user">{me ? me.name : '…'}</strong>{' '}
      <button type="button" data-testid="logout" onClick={() => void logOut(ctrl)}>
        Log out
      </button>
    </span>
  );
}

function LoginForm({ expired }: { expired: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    // Every app does the same on a failed login: keep the username, clear the password.
    logIn(username, password).catch((err) => {
      setPassword('');
      setError(errorText(err));
    });
  };
  return (
    <>
      <form data-testid="login-form" onSubmit={submit}>
        <input data-testid="login-username" type="text" placeholder="alice" aria-label="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        <input data-testid="login-password" type="password" placeholder="resto" aria-label="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button data-testid="login-submit" type="submit">
          Log in
        </button>
      </form>
      {expired && (
        <p data-testid="session-expired" className="notice">
          Session expired, please log in again.
        </p>
      )}
      {error && (
        <p data-testid="login-error" className="error">
          {error}
        </p>
      )}
    </>
  );
}

function Todos({ onOpen }: { onOpen: (id: number) => void }) {
  const ctrl = useController();
  const [filter, setFilter] = useState<FilterName>('all');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  // Every mutation reports its failure here (and never goes unhandled).
  const run = (p: Promise<unknown>) => {
    setError('');
    p.catch((err) => setError(errorText(err)));
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const text = title.trim();
    if (!text) return;
    setTitle('');
    run(ctrl.fetch(TodoResource.getList.push, { title: text, completed: false }));
  };
  return (
    <>
      <h2>
        Todos (<TodoCount filter={filter} />)
      </h2>
      <nav>
        {(Object.keys(FILTERS) as FilterName[]).map((name) => (
          <button key={name} type="button" data-testid={`filter-${name}`} aria-pressed={name === filter} onClick={() => setFilter(name)}>
            {name}
          </button>
        ))}
      </nav>
      <form data-testid="todo-add-form" onSubmit={add}>
        <input data-testid="todo-new-title" type="text" placeholder="What needs doing?" aria-label="new todo" value={title} onChange={(e) => setTitle(e.target.value)} />
        <button data-testid="todo-add" type="submit">
          Add
        </button>
      </form>
      {error && (
        <p data-testid="mutation-error" className="error">
          {error}
        </p>
      )}
      <TodoList filter={filter} run={run} onOpen={onOpen} />
    </>
  );
}

/** Reads the same key as the list: the store sends one request for both. */
function TodoCount({ filter }: { filter: FilterName }) {
  const { data } = useDLE(TodoResource.getList, FILTERS[filter]);
  return <span data-testid="todo-count">{data ? data.length : '…'}</span>;
}

function TodoList({ filter, run, onOpen }: { filter: FilterName; run: (p: Promise<unknown>) => void; onOpen: (id: number) => void }) {
  const ctrl = useController();
  const { data: todos, loading, error } = useDLE(TodoResource.getList, FILTERS[filter]);
  return (
    <>
      {error && (
        <p data-testid="todo-error" className="error">
          {errorText(error)}
        </p>
      )}
      {loading && !todos && (
        <p data-testid="todo-loading" className="muted">
          Loading todos…
        </p>
      )}
      <ul data-testid="todo-list">
        {todos?.map((t) => (
          <li key={t.id} data-testid="todo-item" data-id={t.id} data-completed={String(t.completed)}>
            <input
              type="checkbox"
              data-testid="todo-toggle"
              aria-label={`done: ${t.title}`}
              checked={t.completed}
              // move: leaves the lists it no longer matches, joins those it does (optimistic).
              onChange={() => run(ctrl.fetch(TodoResource.getList.move, { id: t.id }, { completed: !t.completed }))}
            />
            <span data-testid="todo-title" className="grow">
              {t.title}
            </span>
            <button type="button" data-testid="todo-open" onClick={() => onOpen(t.id)}>
              Edit
            </button>
            <button type="button" data-testid="todo-delete" aria-label={`delete ${t.title}`} onClick={() => run(ctrl.fetch(TodoResource.delete, { id: t.id }))}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function TodoDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const ctrl = useController();
  const get = TodoHooks.useGet();
  const update = TodoHooks.usePartialUpdate();
  const { data: todo, error } = useDLE(get, { id });
  const [title, setTitle] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState('');
  const save = (e: FormEvent) => {
    e.preventDefault();
    setStatus('Saving…');
    ctrl.fetch(update, { id }, { title: title ?? todo?.title ?? '' }).then(
      () => setStatus('Saved'),
      (err) => setStatus(errorText(err)),
    );
  };
  return (
    <section data-testid="todo-detail" className="card">
      <h2>
        Todo #{id}: <span data-testid="detail-title">{todo ? todo.title : error ? errorText(error) : '…'}</span>
      </h2>
      <form onSubmit={save}>
        <input data-testid="detail-title-input" type="text" aria-label="title" value={title ?? todo?.title ?? ''} onChange={(e) => setTitle(e.target.value)} />
        <button data-testid="detail-save" type="submit">
          Save
        </button>
      </form>
      <button type="button" data-testid="detail-close" onClick={onClose}>
        Close
      </button>
      <p data-testid="detail-status" className="muted">
        {status}
      </p>
    </section>
  );
}

function Posts() {
  const { data: posts, error } = useDLE(PostResource.getList);
  // Where the list stands (next page, the end) is kept by the store; getPage appends without duplicates.
  const { hasMore, loading: loadingMore, error: moreError, loadMore } = usePagination(PostResource.getList);
  const shownError = error ?? moreError;
  return (
    <>
      <h2>Posts</h2>
      {shownError ? (
        <p data-testid="posts-error" className="error">
          {errorText(shownError)}
        </p>
      ) : null}
      {!posts && !error && (
        <p data-testid="posts-loading" className="muted">
          Loading posts…
        </p>
      )}
      <ul data-testid="post-list">
        {posts?.map((p) => (
          <li key={p.id} data-testid="post-item" data-id={p.id}>
            <span className="grow">
              <strong data-testid="post-title">{p.title}</strong> by <span data-testid="post-author">{p.author.name}</span>
            </span>
            <span data-testid="post-comments" className="muted">
              {p.comments.length} comments
            </span>
          </li>
        ))}
      </ul>
      {posts && hasMore ? (
        <button type="button" data-testid="posts-load-more" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : posts ? (
        <p data-testid="posts-end" className="muted">
          All posts loaded
        </p>
      ) : null}
    </>
  );
}
