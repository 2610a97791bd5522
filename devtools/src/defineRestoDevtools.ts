import { createRestoDevtoolsClass, type RestoDevtoolsElement } from './RestoDevtoolsElement';

/**
 * Registers `<resto-devtools>` (or `tagName`) once; later calls return the same class.
 * Importing the package registers nothing: this call is the only side effect.
 *
 * @example
 * defineRestoDevtools();
 * const panel = document.createElement('resto-devtools');
 * panel.client = client;
 * document.body.append(panel);
 */
export function defineRestoDevtools(tagName = 'resto-devtools'): { new (): RestoDevtoolsElement } {
  const existing = customElements.get(tagName);
  if (existing) return existing as unknown as { new (): RestoDevtoolsElement };
  const cls = createRestoDevtoolsClass();
  customElements.define(tagName, cls);
  return cls;
}

declare global {
  interface HTMLElementTagNameMap {
    'resto-devtools': RestoDevtoolsElement;
  }
}
