// A Preact app on @resto/react: vite.config.ts aliases react and react-dom to preact/compat.
import { render } from 'preact';
import { Suspense } from 'preact/compat';
import { DataProvider, useController, useSuspense } from '@resto/react';
import { TodoResource, toggleTodo } from './api';

/** The second view of the same todos: counts the done ones, from the same stored list. */
function DoneCount() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  return <h1 id="done">{todos.filter((todo) => todo.completed).length} done</h1>;
}

function TodoList() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  const ctrl = useController();
  return (
    <ul>
      {todos.map((todo) => (
        <li key={todo.id}>
          <label>
            <input
              type="checkbox"
              checked={todo.completed}
              onChange={() => ctrl.fetch(toggleTodo, { id: todo.id }, { completed: !todo.completed })}
            />
            {todo.title}
          </label>
        </li>
      ))}
    </ul>
  );
}

render(
  <DataProvider>
    <Suspense fallback={<p>Loading…</p>}>
      <DoneCount />
      <TodoList />
    </Suspense>
  </DataProvider>,
  document.getElementById('app')!,
);
