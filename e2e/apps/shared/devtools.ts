// The devtools in every demo app: the recorder is in the demo client from the
// start (so the timeline begins at page load), the panel's UI is mounted on the
// first click of a "Devtools" toggle. A production app would put both behind
// `import.meta.env.DEV` (see devtools/README.md); the demo ships them on purpose.
import type { Client } from '@resto/core';
import { DevtoolsManager, type RestoDevtoolsElement } from '@resto/devtools';

/** The demo client's recorder (see createDemoClient). */
export const devtools = new DevtoolsManager();

/**
 * Adds a fixed "Devtools" button that opens and closes `<resto-devtools>` for
 * `client`. While open, the page gets room at the bottom so nothing stays under the panel.
 */
export function mountDevtoolsToggle(client: Client): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Devtools';
  button.dataset.testid = 'devtools-toggle';
  button.setAttribute('aria-pressed', 'false');
  // Bottom left: clear of the header's login form and of the panel's own controls.
  button.style.cssText = 'position:fixed;bottom:8px;left:8px;z-index:2147483001';
  let panel: RestoDevtoolsElement | undefined;
  button.addEventListener('click', async () => {
    if (!panel) {
      const { mountDevtools } = await import('@resto/devtools');
      panel = mountDevtools(client, { devtools });
    } else {
      panel.hidden = !panel.hidden;
    }
    document.body.style.paddingBottom = panel.hidden ? '' : '46vh';
    // Open, the panel takes the bottom of the window: the toggle sits just above it.
    button.style.bottom = panel.hidden ? '8px' : 'calc(46vh + 8px)';
    button.setAttribute('aria-pressed', String(!panel.hidden));
  });
  document.body.append(button);
  return button;
}
