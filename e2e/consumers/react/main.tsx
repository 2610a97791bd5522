import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { DataProvider, useController, useSuspense } from '@resto/react';
import { TodoResource } from '../api';

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
              onChange={() => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed })}
            />
            {todo.title}
          </label>
        </li>
      ))}
    </ul>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <DataProvider>
      <Suspense fallback={<p>Loading…</p>}>
        <TodoList />
      </Suspense>
    </DataProvider>
  </StrictMode>,
);
