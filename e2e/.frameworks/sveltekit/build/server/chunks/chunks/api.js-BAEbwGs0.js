import { resource, Entity } from '@resto/core';

const API_URL = "http://127.0.0.1:42595";
class Todo extends Entity {
  id = 0;
  userId = 0;
  title = "";
  completed = false;
  static key = "Todo";
}
const TodoResource = resource({ urlPrefix: API_URL, path: "/todos/:id", schema: Todo });

export { TodoResource as T };
//# sourceMappingURL=api.js-BAEbwGs0.js.map
