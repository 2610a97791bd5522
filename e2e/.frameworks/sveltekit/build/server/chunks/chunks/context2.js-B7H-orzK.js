import { createClient, adapterError } from '@resto/core';
import { h as setContext, b as ssr_context, l as hasContext, m as getContext } from './context.js-CDbYTNP0.js';

function onDestroy(fn) {
  /** @type {SSRContext} */
  ssr_context.r.on_destroy(fn);
}
const CLIENT_KEY = /* @__PURE__ */ Symbol("@resto/svelte client");
function setClient(client) {
  const value = client ?? createClient();
  setContext(CLIENT_KEY, value);
  if (!client)
    onDestroy(() => value.destroy());
  return value;
}
function getClient() {
  if (!hasContext(CLIENT_KEY)) {
    throw adapterError("useClient()", "no client in context", "call setClient() in a root component, or mount with { context: clientContext(client) }");
  }
  return getContext(CLIENT_KEY);
}
function useController() {
  return getClient().controller;
}

export { getClient as g, onDestroy as o, setClient as s, useController as u };
//# sourceMappingURL=context2.js-B7H-orzK.js.map
