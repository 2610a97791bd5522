import type { Client } from '@resto/core';
import { defineRestoDevtools } from './defineRestoDevtools';
import type { DevtoolsManager } from './DevtoolsManager';
import type { RestoDevtoolsElement } from './RestoDevtoolsElement';

/** Options of {@link mountDevtools}. */
export interface MountDevtoolsOptions {
  /** Where the panel goes (default `document.body`). */
  readonly parent?: Element;
  /** The recorder, when not in `client.managers` (one is attached otherwise). */
  readonly devtools?: DevtoolsManager;
}

/**
 * Mounts the devtools panel for `client`: the one line any app needs, whatever its
 * framework. Returns the element; `element.remove()` unmounts it.
 *
 * @example
 * // Only in development, loaded on demand: production bundles pay nothing.
 * if (import.meta.env.DEV) {
 *   import('@resto/devtools').then(({ mountDevtools }) => mountDevtools(client));
 * }
 */
export function mountDevtools(client: Client, { parent = document.body, devtools }: MountDevtoolsOptions = {}): RestoDevtoolsElement {
  const Panel = defineRestoDevtools();
  const panel = new Panel();
  if (devtools) panel.devtools = devtools;
  panel.client = client;
  parent.append(panel);
  return panel;
}
