import { QueryClient } from '@tanstack/solid-query';
import type { RawRow } from './shared/data';
import { register } from './shared/harness';
import { mountApp } from './solid/tanstack';

// Not normalized: every change is written into the cached list by hand, as a
// solid-query app does with setQueryData.
let client: QueryClient | undefined;
let app: ReturnType<typeof mountApp> | undefined;
const setRows = (f: (rows: RawRow[]) => RawRow[]) => client!.setQueryData<RawRow[]>(['rows'], (old) => f(old ?? []));
register('tanstack-solid', {
  mount(container) {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    app = mountApp(container, client);
  },
  hideList: () => app!.hide(),
  unmount() {
    app?.dispose();
    client?.clear();
  },
  updateRow: (row) => setRows((rows) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
  updateUser: (user) => setRows((rows) => rows.map((r) => (r.author.id === user.id ? { ...r, author: user } : r))),
  push: (row) => setRows((rows) => [...rows, row]),
  remove: (id) => setRows((rows) => rows.filter((r) => r.id !== id)),
});
