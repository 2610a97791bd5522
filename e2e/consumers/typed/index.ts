// One source, two compilers' views: tsconfig.bundler.json compiles it the way a
// Next.js or Babel project does (ES2017, class fields as assignments, bundler
// resolution); tsconfig.node16.json with Node's own ESM resolution (the exports
// map and the .d.ts files, nothing else). Both outputs run against the API.
import { Entity, createClient, resource } from '@resto/core';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix: process.env.API_URL, path: '/todos/:id', schema: Todo });

const client = createClient();
const todo = await client.controller.fetch(TodoResource.get, { id: 1 });
const title: string = todo.title;
// @ts-expect-error the result is a Todo, not a number
const wrong: number = todo;
const list = await client.controller.fetch(TodoResource.getList);
const ids: number[] = list.map((t) => t.id);
// @ts-expect-error a Todo has no `done` field
void list[0].done;
function typeChecks() {
  // @ts-expect-error `todoId` is not a param of /todos/:id
  TodoResource.get({ todoId: 1 });
  // @ts-expect-error `id` is missing
  TodoResource.get({});
}
void typeChecks;
void wrong;
console.log(JSON.stringify({ title, isTodo: todo instanceof Todo, key: Todo.key, count: ids.length }));
client.destroy();
