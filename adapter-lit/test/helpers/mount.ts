// Mounting Lit elements in happy-dom: an app element providing the client, with
// test elements connected under it, each a fresh custom element class.
import type { Client } from '@resto/core';
import { LitElement } from 'lit';
import { provideClient } from '../../src';

let seq = 0;
/** Defines `cls` under a fresh tag name and returns the tag. */
export function define(cls: CustomElementConstructor): string {
  const tag = `test-el-${++seq}`;
  customElements.define(tag, cls);
  return tag;
}

/** An element that provides `client` to what is put inside it. */
export class AppShell extends LitElement {
  constructor(client: Client) {
    super();
    provideClient(this, client);
  }
  // Children stay in the light DOM, so tests reach them directly.
  protected override createRenderRoot() {
    return this;
  }
}
const shellTag = define(class extends AppShell {});

/** A connected provider element for `client`; remove it to disconnect everything inside. */
export function appWith(client: Client): AppShell {
  const Shell = customElements.get(shellTag) as unknown as new (client: Client) => AppShell;
  const app = new Shell(client);
  document.body.append(app);
  return app;
}

/** Creates `tag` inside `parent` and waits for its first update. */
export async function mountIn<T extends LitElement>(parent: Element, tag: string): Promise<T> {
  const el = document.createElement(tag) as T;
  parent.append(el);
  await el.updateComplete;
  return el;
}
