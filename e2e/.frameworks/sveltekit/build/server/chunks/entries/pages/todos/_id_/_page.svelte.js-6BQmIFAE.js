import { F as FILENAME } from '../../../../chunks/context.js-CDbYTNP0.js';
import { a0 as attr, Z as escape_html } from '../../../../chunks/index.js-2amPBq8h.js';
import { p as push_element, a as pop_element } from '../../../../chunks/dev.js-DmhfQPWV.js';
import { T as TodoResource } from '../../../../chunks/api.js-BAEbwGs0.js';
import { h as hydrateState } from '../../../../chunks/provide.svelte.js-BX6Hh6Vp.js';
import { u as useSuspense } from '../../../../chunks/useSuspense.js-C17S7DUB.js';
import '../../../../chunks/utils.js-BILWg4hs.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '@resto/core';
import '../../../../chunks/context2.js-B7H-orzK.js';

_page[FILENAME] = "src/routes/todos/[id]/+page.svelte";
function _page($$renderer, $$props) {
  $$renderer.component(
    ($$renderer2) => {
      let { data } = $$props;
      hydrateState(() => data.resto);
      const todo = useSuspense(TodoResource.get, () => ({ id: data.id }));
      if (todo.current) {
        $$renderer2.push(`<!--[0--><article data-testid="todo-detail"${attr("data-completed", String(todo.current.completed))}>`);
        push_element($$renderer2, "article", 13, 2);
        $$renderer2.push(`<h2>`);
        push_element($$renderer2, "h2", 14, 4);
        $$renderer2.push(`${escape_html(todo.current.title)}</h2>`);
        pop_element();
        $$renderer2.push(` <a href="/">`);
        push_element($$renderer2, "a", 15, 4);
        $$renderer2.push(`All todos</a>`);
        pop_element();
        $$renderer2.push(`</article>`);
        pop_element();
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    },
    _page
  );
}
_page.render = function() {
  throw new Error("Component.render(...) is no longer valid in Svelte 5. See https://svelte.dev/docs/svelte/v5-migration-guide#Components-are-no-longer-classes for more information");
};

export { _page as default };
//# sourceMappingURL=_page.svelte.js-6BQmIFAE.js.map
