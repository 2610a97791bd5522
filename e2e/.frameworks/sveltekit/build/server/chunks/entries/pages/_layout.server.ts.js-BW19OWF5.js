import { T as TodoResource } from '../../chunks/api.js-BAEbwGs0.js';
import { p as prefetch } from '../../chunks/prefetch.js-BrX7Ebpe.js';

const load = () => prefetch((ctrl) => ctrl.fetch(TodoResource.getList, { userId: 1 }));

var _layout_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _layout_server_ts as _ };
//# sourceMappingURL=_layout.server.ts.js-BW19OWF5.js.map
