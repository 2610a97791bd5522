import { useState, type FormEvent } from 'react';
// import { AsyncBoundary, DataProvider, useCache, useController, useSuspense } from '@data-client/react';
import { AsyncBoundary, DataProvider, useCache, useController, useSuspense } from '@resto/react';
import { TodoResource, UserResource, type Todo } from './resources';

export function TodoItem({ todo }: { todo: Todo }) {
  const { fetch } = useController();
  return (
    <li data-todo={todo.id}>
      <label>
        <input
          type="checkbox"
          checked={todo.completed}
          onChange={() => fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed })}
        />
        {todo.title}
      </label>
      <button type="button" onClick={() => fetch(TodoResource.delete, { id: todo.id })}>
        delete
      </button>
    </li>
  );
}

export function NewTodo({ userId }: { userId: number }) {
  const ctrl = useController();
  const [title, setTitle] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await ctrl.fetch(TodoResource.getList.push, { userId }, { title, userId });
    setTitle('');
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="new todo" value={title} onChange={(e) => setTitle(e.target.value)} />
      <button type="submit">add</button>
    </form>
  );
}

export function Remaining({ userId }: { userId: number }) {
  const todos = useCache(TodoResource.getList, { userId });
  if (!todos) return null;
  return <p className="remaining">{todos.filter((t) => !t.completed).length} left</p>;
}

export function TodoList({ userId }: { userId: number }) {
  const todos = useSuspense(TodoResource.getList, { userId });
  return (
    <section>
      <Remaining userId={userId} />
      <ul>
        {todos.map((todo) => (
          <TodoItem key={todo.pk()} todo={todo} />
        ))}
      </ul>
      <NewTodo userId={userId} />
    </section>
  );
}

export function UserPicker({ userId, onPick }: { userId: number; onPick: (id: number) => void }) {
  const users = useSuspense(UserResource.getList);
  return (
    <nav>
      {users.map((user) => (
        <button key={user.pk()} type="button" aria-pressed={user.id === userId} onClick={() => onPick(user.id)}>
          {user.name}
        </button>
      ))}
    </nav>
  );
}

export function TodoPage() {
  const [userId, setUserId] = useState(1);
  return (
    <>
      <UserPicker userId={userId} onPick={setUserId} />
      <AsyncBoundary fallback={<p>Loading todos…</p>}>
        <TodoList userId={userId} />
      </AsyncBoundary>
    </>
  );
}

export default function App() {
  return (
    <DataProvider>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <TodoPage />
      </AsyncBoundary>
    </DataProvider>
  );
}
