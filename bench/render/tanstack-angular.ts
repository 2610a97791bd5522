import { ChangeDetectionStrategy, Component, signal, type ApplicationRef } from '@angular/core';
import { injectQuery, provideTanStackQuery, QueryClient } from '@tanstack/angular-query-experimental';
import { mountAngular, ROW_TEMPLATE } from './angular/mount';
import type { RawRow } from './shared/data';
import { register } from './shared/harness';

// Not normalized: every change is written into the cached list by hand, as an
// angular-query app does with setQueryData.
const RowItem = Component({
  selector: 'li[rowItem]',
  inputs: ['row'],
  host: { '[attr.data-id]': 'row.id' },
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: ROW_TEMPLATE,
})(
  class {
    row!: RawRow;
  },
);

const List = Component({
  selector: 'row-list',
  imports: [RowItem],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@if (rows.data(); as data) {
      <ul id="list">@for (row of data; track row.id) { <li rowItem [row]="row"></li> }</ul>
    } @else { <p>loading</p> }`,
})(
  class {
    readonly rows = injectQuery(() => ({ queryKey: ['rows'], queryFn: () => fetch('/rows').then((r) => r.json() as Promise<RawRow[]>) }));
  },
);

const shown = signal(true);
const Root = Component({
  selector: 'bench-root',
  imports: [List],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@if (shown()) { <row-list /> }`,
})(
  class {
    readonly shown = shown;
  },
);

let client: QueryClient | undefined;
let app: ApplicationRef | undefined;
const setRows = (f: (rows: RawRow[]) => RawRow[]) => client!.setQueryData<RawRow[]>(['rows'], (old) => f(old ?? []));
register('tanstack-angular', {
  async mount(container) {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    shown.set(true);
    app = await mountAngular(container, Root, [provideTanStackQuery(client)]);
  },
  hideList: () => shown.set(false),
  unmount() {
    app?.destroy();
    client?.clear();
  },
  updateRow: (row) => setRows((rows) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
  updateUser: (user) => setRows((rows) => rows.map((r) => (r.author.id === user.id ? { ...r, author: user } : r))),
  push: (row) => setRows((rows) => [...rows, row]),
  remove: (id) => setRows((rows) => rows.filter((r) => r.id !== id)),
});
