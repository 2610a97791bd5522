import { useEffect } from 'react';
import { Suspense } from 'react';
import { useController, useSuspense } from '@resto/react';
import type { TodoApi } from '../todos';

function TodoList({ api }: { api: TodoApi }) {
  const todos = useSuspense(api.getList);
  const ctrl = useController();
  // Runs only in the browser, once hydrated: the e2e test waits for it.
  useEffect(() => void (document.body.dataset.hydrated = 'true'), []);
  return (
    <ul>
      {todos.map((todo) => (
        <li key={todo.id} data-testid="todo-item">
          <label>
            <input
              type="checkbox"
              checked={todo.completed}
              onChange={() => ctrl.fetch(api.update, { id: todo.id }, { completed: !todo.completed })}
            />
            {todo.title}
          </label>
        </li>
      ))}
    </ul>
  );
}

export function App({ api }: { api: TodoApi }) {
  return (
    <main>
      <h1>Todos</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <TodoList api={api} />
      </Suspense>
    </main>
  );
}
