import { T as TodoResource } from '../../../../chunks/api.js-BAEbwGs0.js';
import { p as prefetch } from '../../../../chunks/prefetch.js-BrX7Ebpe.js';

const load = async ({ params }) => {
  const id = Number(params.id);
  return { id, ...await prefetch((ctrl) => ctrl.fetch(TodoResource.get, { id })) };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-Nd0EVi3D.js.map
