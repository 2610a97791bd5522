import { createClient, type Client } from '@resto/core';
import { provideClient, SuspenseController } from '@resto/lit';
import { html, LitElement, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import { RowResource } from './shared/resto-schema';

// Light DOM throughout: the driver finds ul#list from the page.
class BenchList extends LitElement {
  private rows = new SuspenseController(this, RowResource.getList);
  protected override createRenderRoot() {
    return this;
  }
  protected override render() {
    return this.rows.render({
      pending: () => html`<p>loading</p>`,
      complete: (rows) =>
        html`<ul id="list">
          ${repeat(
            rows,
            (r) => r.id,
            (r) => html`<li data-id=${r.id}><span class="name">${r.name}</span> <span class="author">${r.author.name}</span> <span>${r.type}</span></li>`,
          )}
        </ul>`,
    });
  }
}

class BenchApp extends LitElement {
  static override properties = { shown: { state: true } };
  declare shown: boolean;
  constructor() {
    super();
    this.shown = true;
  }
  protected override createRenderRoot() {
    return this;
  }
  protected override render() {
    return this.shown ? html`<bench-list></bench-list>` : nothing;
  }
}
customElements.define('bench-list', BenchList);
customElements.define('bench-app', BenchApp);

let client: Client | undefined;
let app: BenchApp | undefined;
register('resto-lit', {
  mount(container) {
    client = createClient();
    app = document.createElement('bench-app') as BenchApp;
    provideClient(app, client);
    container.append(app);
  },
  hideList: () => {
    app!.shown = false;
  },
  settle: () => app!.requestUpdate(),
  sweep: () => restoSweep(client),
  unmount() {
    app?.remove();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
