import { createClient, parseState } from '@resto/core';
import { s as setClient, o as onDestroy, g as getClient } from './context2.js-B7H-orzK.js';

let browserClient;
const merged = /* @__PURE__ */ new WeakMap();
function mergeOnce(client, state) {
  if (!state) return;
  let seen = merged.get(client);
  if (!seen) merged.set(client, seen = /* @__PURE__ */ new Set());
  if (seen.has(state)) return;
  seen.add(state);
  client.hydrate(parseState(state));
}
const onServer = () => typeof document === "undefined";
function provideClient(state, options = {}) {
  const client = onServer() ? createClient({ ssr: true }) : browserClient ??= createClient({ managers: options.managers });
  mergeOnce(client, state());
  setClient(client);
  if (onServer()) onDestroy(() => client.destroy());
  return client;
}
function hydrateState(state) {
  const client = getClient();
  mergeOnce(client, state());
}

export { hydrateState as h, provideClient as p };
//# sourceMappingURL=provide.svelte.js-BX6Hh6Vp.js.map
