// The offline banner of every demo app: driven by the client's online signal
// (navigator.onLine and its events), outside any framework like the devtools toggle.
import type { Client } from '@resto/core';

/**
 * Shows a banner at the top of the page while `client.online` is false. Reads made
 * offline wait for the network; the demo client queues mutations and sends them,
 * in order, when it returns.
 */
export function mountOfflineBanner(client: Client): HTMLElement {
  const banner = document.createElement('p');
  banner.dataset.testid = 'offline-banner';
  banner.className = 'notice offline';
  banner.setAttribute('role', 'status');
  banner.textContent = 'You are offline. Changes are kept and sent when the connection returns.';
  const show = (online: boolean) => {
    banner.hidden = online;
  };
  // The demo client's WindowEventsManager installs the signal.
  show(client.online!.value);
  client.online!.subscribe(show);
  document.body.prepend(banner);
  return banner;
}
