import { F as FILENAME } from '../../chunks/context.js-CDbYTNP0.js';
import { p as push_element, a as pop_element } from '../../chunks/dev.js-DmhfQPWV.js';
import { Z as escape_html, $ as ensure_array_like, a0 as attr, a1 as stringify } from '../../chunks/index.js-2amPBq8h.js';
import { T as TodoResource } from '../../chunks/api.js-BAEbwGs0.js';
import { u as useSuspense } from '../../chunks/useSuspense.js-C17S7DUB.js';
import { u as useController } from '../../chunks/context2.js-B7H-orzK.js';
import '../../chunks/utils.js-BILWg4hs.js';
import '../../chunks/utils2.js-ejsMtG81.js';
import '@resto/core';

OpenCount[FILENAME] = "src/lib/OpenCount.svelte";
function OpenCount($$renderer, $$props) {
  $$renderer.component(
    ($$renderer2) => {
      const todos = useSuspense(TodoResource.getList, { userId: 1 });
      $$renderer2.push(`<p data-testid="open-count">`);
      push_element($$renderer2, "p", 8, 0);
      $$renderer2.push(`${escape_html(todos.current?.filter((t) => !t.completed).length)}</p>`);
      pop_element();
    },
    OpenCount
  );
}
OpenCount.render = function() {
  throw new Error("Component.render(...) is no longer valid in Svelte 5. See https://svelte.dev/docs/svelte/v5-migration-guide#Components-are-no-longer-classes for more information");
};
TodoList[FILENAME] = "src/lib/TodoList.svelte";
function TodoList($$renderer, $$props) {
  $$renderer.component(
    ($$renderer2) => {
      const todos = useSuspense(TodoResource.getList, { userId: 1 });
      useController();
      $$renderer2.push(`<ul>`);
      push_element($$renderer2, "ul", 10, 0);
      $$renderer2.push(`<!--[-->`);
      const each_array = ensure_array_like(todos.current ?? []);
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let todo = each_array[$$index];
        $$renderer2.push(`<li data-testid="todo-item">`);
        push_element($$renderer2, "li", 12, 4);
        $$renderer2.push(`<input type="checkbox"${attr("checked", todo.completed, true)}/>`);
        push_element($$renderer2, "input", 13, 6);
        pop_element();
        $$renderer2.push(` <a${attr("href", `/todos/${stringify(todo.id)}`)}>`);
        push_element($$renderer2, "a", 14, 6);
        $$renderer2.push(`${escape_html(todo.title)}</a>`);
        pop_element();
        $$renderer2.push(`</li>`);
        pop_element();
      }
      $$renderer2.push(`<!--]--></ul>`);
      pop_element();
    },
    TodoList
  );
}
TodoList.render = function() {
  throw new Error("Component.render(...) is no longer valid in Svelte 5. See https://svelte.dev/docs/svelte/v5-migration-guide#Components-are-no-longer-classes for more information");
};
_page[FILENAME] = "src/routes/+page.svelte";
function _page($$renderer, $$props) {
  $$renderer.component(
    ($$renderer2) => {
      $$renderer2.push(`<h1>`);
      push_element($$renderer2, "h1", 6, 0);
      $$renderer2.push(`Todos</h1>`);
      pop_element();
      $$renderer2.push(` `);
      OpenCount($$renderer2);
      $$renderer2.push(`<!----> `);
      TodoList($$renderer2);
      $$renderer2.push(`<!---->`);
    },
    _page
  );
}
_page.render = function() {
  throw new Error("Component.render(...) is no longer valid in Svelte 5. See https://svelte.dev/docs/svelte/v5-migration-guide#Components-are-no-longer-classes for more information");
};

export { _page as default };
//# sourceMappingURL=_page.svelte.js-fTLoK36n.js.map
