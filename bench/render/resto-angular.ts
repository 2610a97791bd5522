import { ChangeDetectionStrategy, Component, signal, type ApplicationRef } from '@angular/core';
import { createClient, type Client } from '@resto/core';
import { provideResto, useSuspense } from '@resto/angular';
import { mountAngular, ROW_TEMPLATE } from './angular/mount';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import { RowResource, type Row } from './shared/resto-schema';

// Decorators applied as calls: the page needs no decorator transform.
const RowItem = Component({
  selector: 'li[rowItem]',
  inputs: ['row'],
  host: { '[attr.data-id]': 'row.id' },
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: ROW_TEMPLATE,
})(
  class {
    row!: Row;
  },
);

const List = Component({
  selector: 'row-list',
  imports: [RowItem],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@let r = rows();
    @if (r.status === 'ready') {
      <ul id="list">@for (row of r.data; track row.id) { <li rowItem [row]="row"></li> }</ul>
    } @else { <p>loading</p> }`,
})(
  class {
    readonly rows = useSuspense(RowResource.getList);
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

let client: Client | undefined;
let app: ApplicationRef | undefined;
register('resto-angular', {
  async mount(container) {
    client = createClient();
    shown.set(true);
    app = await mountAngular(container, Root, [provideResto({ client })]);
  },
  hideList: () => shown.set(false),
  sweep: () => restoSweep(client),
  unmount() {
    app?.destroy();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
