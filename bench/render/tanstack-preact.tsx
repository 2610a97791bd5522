// TanStack Query's Preact adapter (on preact/hooks; Suspense from preact/compat).
import { render } from 'preact';
import { Suspense, memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/preact-query';
import type { RawRow } from './shared/data';
import { register } from './shared/harness';

// Not normalized: every change is written into the cached list by hand, as a
// preact-query app does with setQueryData.
const RowItem = memo(function RowItem({ row }: { row: RawRow }) {
  return (
    <li data-id={row.id}>
      <span className="name">{row.name}</span> <span className="author">{row.author.name}</span> <span>{row.type}</span>
    </li>
  );
});

const rowsQuery = { queryKey: ['rows'], queryFn: () => fetch('/rows').then((r) => r.json() as Promise<RawRow[]>) };
function List() {
  const { data: rows } = useSuspenseQuery(rowsQuery);
  return (
    <ul id="list">
      {rows.map((r) => (
        <RowItem key={r.id} row={r} />
      ))}
    </ul>
  );
}

let client: QueryClient | undefined;
let container: HTMLElement | undefined;
let hide: (() => void) | undefined;
let rerender: (() => void) | undefined;
/** Renders its children until hide() (the memory suite's "user navigated away"). */
function Shown({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(true);
  const [, setTick] = useState(0);
  hide = () => setShown(false);
  rerender = () => setTick((t) => t + 1);
  return shown ? <>{children}</> : null;
}
const setRows = (f: (rows: RawRow[]) => RawRow[]) => client!.setQueryData<RawRow[]>(['rows'], (old) => f(old ?? []));
register('tanstack-preact', {
  mount(into) {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    container = into;
    render(
      <QueryClientProvider client={client}>
        <Shown>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Shown>
      </QueryClientProvider>,
      into,
    );
  },
  hideList: () => hide!(),
  settle: () => rerender!(),
  unmount() {
    if (container) render(null, container);
    client?.clear();
  },
  updateRow: (row) => setRows((rows) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
  updateUser: (user) => setRows((rows) => rows.map((r) => (r.author.id === user.id ? { ...r, author: user } : r))),
  push: (row) => setRows((rows) => [...rows, row]),
  remove: (id) => setRows((rows) => rows.filter((r) => r.id !== id)),
});
