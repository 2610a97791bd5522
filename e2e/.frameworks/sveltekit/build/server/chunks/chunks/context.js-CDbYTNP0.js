function invariant_violation(message) {
  {
    const error = new Error(`invariant_violation
An invariant violation occurred, meaning Svelte's internal assumptions were flawed. This is a bug in Svelte, not your app — please open an issue at https://github.com/sveltejs/svelte, citing the following message: "${message}"
https://svelte.dev/e/invariant_violation`);
    error.name = "Svelte error";
    throw error;
  }
}
function lifecycle_outside_component(name) {
  {
    const error = new Error(`lifecycle_outside_component
\`${name}(...)\` can only be used during component initialisation
https://svelte.dev/e/lifecycle_outside_component`);
    error.name = "Svelte error";
    throw error;
  }
}
function set_context_after_init() {
  {
    const error = new Error(`set_context_after_init
\`setContext\` must be called when a component first initializes, not in a subsequent effect or after an \`await\` expression
https://svelte.dev/e/set_context_after_init`);
    error.name = "Svelte error";
    throw error;
  }
}
function snippet_without_render_tag() {
  {
    const error = new Error(`snippet_without_render_tag
Attempted to render a snippet without a \`{@render}\` block. This would cause the snippet code to be stringified instead of its content being rendered to the DOM. To fix this, change \`{snippet}\` to \`{@render snippet()}\`.
https://svelte.dev/e/snippet_without_render_tag`);
    error.name = "Svelte error";
    throw error;
  }
}
const HYDRATION_START = "[";
const HYDRATION_START_ELSE = "[!";
const HYDRATION_START_FAILED = "[?";
const HYDRATION_END = "]";
const HYDRATION_ERROR = {};
const ELEMENT_IS_NAMESPACED = 1;
const ELEMENT_PRESERVE_ATTRIBUTE_CASE = 1 << 1;
const ELEMENT_IS_INPUT = 1 << 2;
const UNINITIALIZED = /* @__PURE__ */ Symbol("uninitialized");
const FILENAME = /* @__PURE__ */ Symbol("filename");
function get_parent_context(context) {
  let parent = context.p;
  while (parent !== null && parent.c === null) {
    parent = parent.p;
  }
  return parent?.c ?? null;
}
function get_or_init_context_map(context, name) {
  if (context === null) {
    lifecycle_outside_component(name);
  }
  return context.c ??= new Map(get_parent_context(context) || void 0);
}
var ssr_context = null;
function set_ssr_context(v) {
  ssr_context = v;
}
function getContext(key) {
  const context_map = get_or_init_context_map(ssr_context, "getContext");
  const result = (
    /** @type {T} */
    context_map.get(key)
  );
  return result;
}
function setContext(key, context) {
  const context_map = get_or_init_context_map(ssr_context, "setContext");
  if (
    /** @type {SSRContext} */
    ssr_context.i
  ) {
    set_context_after_init();
  }
  context_map.set(key, context);
  return context;
}
function hasContext(key) {
  return get_or_init_context_map(ssr_context, "hasContext").has(key);
}
function push(fn) {
  ssr_context = { p: ssr_context, c: null, r: null, i: false };
  {
    ssr_context.function = fn;
    ssr_context.element = ssr_context.p?.element;
  }
}
function pop() {
  ssr_context = /** @type {SSRContext} */
  ssr_context.p;
}

export { ELEMENT_PRESERVE_ATTRIBUTE_CASE as E, FILENAME as F, HYDRATION_START as H, UNINITIALIZED as U, HYDRATION_END as a, ssr_context as b, pop as c, HYDRATION_START_FAILED as d, ELEMENT_IS_INPUT as e, ELEMENT_IS_NAMESPACED as f, HYDRATION_ERROR as g, setContext as h, invariant_violation as i, snippet_without_render_tag as j, HYDRATION_START_ELSE as k, hasContext as l, getContext as m, push as p, set_ssr_context as s };
//# sourceMappingURL=context.js-CDbYTNP0.js.map
