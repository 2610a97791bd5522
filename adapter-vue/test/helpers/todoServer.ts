import { defer, json, startServer } from '@resto/testing';

/** A REST server holding todos in memory; `hold()` delays the next write until released. */
export async function startTodoServer() {
  let todos = [
    { id: 1, title: 'one', completed: false },
    { id: 2, title: 'two', completed: false },
  ];
  let nextId = 3;
  const gate = { hold: undefined as undefined | Promise<void>, fail: 0 };
  const byId = (url: string) => Number(/\/todos\/(\d+)/.exec(url)?.[1]);
  const write = async () => {
    if (gate.hold) await gate.hold;
  };
  const server = await startServer({
    'GET /todos': (_hit, res) => json(res, todos),
    'GET *': (hit, res) => {
      const todo = todos.find((t) => t.id === byId(hit.url));
      return todo ? json(res, todo) : json(res, { message: 'not found' }, 404);
    },
    'POST /todos': async (hit, res) => {
      await write();
      const todo = { id: nextId++, completed: false, ...JSON.parse(hit.body) };
      todos = [...todos, todo];
      json(res, todo, 201);
    },
    'PATCH *': async (hit, res) => {
      await write();
      if (gate.fail) return json(res, { message: 'rejected' }, gate.fail);
      const id = byId(hit.url);
      todos = todos.map((t) => (t.id === id ? { ...t, ...JSON.parse(hit.body) } : t));
      json(res, todos.find((t) => t.id === id));
    },
    'DELETE *': async (hit, res) => {
      await write();
      const id = byId(hit.url);
      todos = todos.filter((t) => t.id !== id);
      json(res, { id });
    },
  });
  return {
    ...server,
    gate,
    /** Holds writes until the returned function is called. */
    hold() {
      const d = defer();
      gate.hold = d.promise;
      return () => {
        gate.hold = undefined;
        d.resolve();
      };
    },
  };
}
