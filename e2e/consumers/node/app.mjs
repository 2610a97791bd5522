import { Entity, RestEndpoint, createClient, resource } from '@resto/core';

const urlPrefix = process.env.API_URL ?? 'http://127.0.0.1:3000';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static key = 'Todo';
}
const TodoResource = resource({ urlPrefix, path: '/todos/:id', schema: Todo });
const ServerTime = new RestEndpoint({ urlPrefix, path: '/time' });

const client = createClient();
const todos = client.observe(TodoResource.getList, { userId: 1 });
const seen = [];
const stop = todos.subscribe(() => {
  const { data, loading } = todos.getSnapshot();
  if (!loading && data) seen.push(data.map((t) => `${t.id}:${t.completed}`).join(','));
});
await todos.promise();

const first = todos.getSnapshot().data[0];
await client.controller.fetch(TodoResource.partialUpdate, { id: first.id }, { completed: !first.completed });
await new Promise((resolve) => setTimeout(resolve, 0));
const { time } = await client.controller.fetch(ServerTime);

console.log(
  JSON.stringify({
    firstIsTodo: todos.getSnapshot().data[0] instanceof Todo,
    toggled: { id: first.id, completed: todos.getSnapshot().data[0].completed },
    updates: seen.length,
    time: typeof time,
  }),
);
stop();
client.destroy();
