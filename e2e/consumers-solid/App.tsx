import { For, Suspense } from 'solid-js';
import { RestoProvider, useController, useQuery, useSuspense } from '@resto/solid';
import { doneCount, TodoResource, toggleTodo } from './api';

function Header() {
  const done = useQuery(doneCount);
  return <h1 id="done">{done() ?? 0} done</h1>;
}

function TodoList() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  const ctrl = useController();
  return (
    <ul>
      <For each={todos()}>
        {(todo) => (
          <li>
            <label>
              <input type="checkbox" checked={todo.completed} onChange={() => ctrl.fetch(toggleTodo, { id: todo.id }, { completed: !todo.completed })} />
              {todo.title}
            </label>
          </li>
        )}
      </For>
    </ul>
  );
}

export function App() {
  return (
    <RestoProvider>
      <Suspense fallback={<p>Loading…</p>}>
        <Header />
        <TodoList />
      </Suspense>
    </RestoProvider>
  );
}
