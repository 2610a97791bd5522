import { F as FILENAME } from '../../chunks/context.js-CDbYTNP0.js';
import { p as push_element, a as pop_element } from '../../chunks/dev.js-DmhfQPWV.js';
import { p as provideClient } from '../../chunks/provide.svelte.js-BX6Hh6Vp.js';
import '@resto/core';
import '../../chunks/context2.js-B7H-orzK.js';

_layout[FILENAME] = "src/routes/+layout.svelte";
function _layout($$renderer, $$props) {
  $$renderer.component(
    ($$renderer2) => {
      let { data, children } = $$props;
      provideClient(() => data.resto);
      $$renderer2.push(`<main>`);
      push_element($$renderer2, "main", 14, 0);
      children($$renderer2);
      $$renderer2.push(`<!----></main>`);
      pop_element();
    },
    _layout
  );
}
_layout.render = function() {
  throw new Error("Component.render(...) is no longer valid in Svelte 5. See https://svelte.dev/docs/svelte/v5-migration-guide#Components-are-no-longer-classes for more information");
};

export { _layout as default };
//# sourceMappingURL=_layout.svelte.js-B0E3d8KJ.js.map
