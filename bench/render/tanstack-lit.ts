import { createQueryController, QueryClient, QueryClientProvider } from '@tanstack/lit-query';
import { html, LitElement, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { RawRow } from './shared/data';
import { register } from './shared/harness';

// Not normalized: every change is written into the cached list by hand, as a
// lit-query app does with setQueryData.
const rowsQuery = { queryKey: ['rows'], queryFn: () => fetch('/rows').then((r) => r.json() as Promise<RawRow[]>) };

// Light DOM throughout: the driver finds ul#list from the page.
class BenchList extends LitElement {
  private rows = createQueryController(this, rowsQuery);
  protected override createRenderRoot() {
    return this;
  }
  protected override render() {
    const { data: rows } = this.rows();
    if (!rows) return html`<p>loading</p>`;
    return html`<ul id="list">
      ${repeat(
        rows,
        (r) => r.id,
        (r) => html`<li data-id=${r.id}><span class="name">${r.name}</span> <span class="author">${r.author.name}</span> <span>${r.type}</span></li>`,
      )}
    </ul>`;
  }
}

/** TanStack's provider element, showing the list until the memory suite hides it. */
class BenchApp extends QueryClientProvider {
  static override properties = { ...QueryClientProvider.properties, shown: { state: true } };
  declare shown: boolean;
  constructor() {
    super();
    this.shown = true;
  }
  protected override createRenderRoot() {
    return this;
  }
  override render() {
    return this.shown ? html`<tq-list></tq-list>` : (nothing as never);
  }
}
customElements.define('tq-list', BenchList);
customElements.define('tq-app', BenchApp);

let client: QueryClient | undefined;
let app: BenchApp | undefined;
const setRows = (f: (rows: RawRow[]) => RawRow[]) => client!.setQueryData<RawRow[]>(['rows'], (old) => f(old ?? []));
register('tanstack-lit', {
  mount(container) {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    app = document.createElement('tq-app') as BenchApp;
    app.client = client;
    container.append(app);
  },
  hideList: () => {
    app!.shown = false;
  },
  settle: () => app!.requestUpdate(),
  unmount() {
    app?.remove();
    client?.clear();
  },
  updateRow: (row) => setRows((rows) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
  updateUser: (user) => setRows((rows) => rows.map((r) => (r.author.id === user.id ? { ...r, author: user } : r))),
  push: (row) => setRows((rows) => [...rows, row]),
  remove: (id) => setRows((rows) => rows.filter((r) => r.id !== id)),
});
