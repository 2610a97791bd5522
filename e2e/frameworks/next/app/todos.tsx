'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { useController, useSuspense } from '@resto/react';
import { TodoResource, type Todo } from './api';

export function TodoList() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  const ctrl = useController();
  const toggle = (todo: Todo) => ctrl.fetch(TodoResource.partialUpdate, { id: todo.id }, { completed: !todo.completed });
  // Runs only in the browser, once hydrated: the e2e test waits for it.
  useEffect(() => {
    document.body.dataset.hydrated = 'true';
  }, []);
  return (
    <ul>
      {todos.map((todo) => (
        <li key={todo.id} data-testid="todo-item">
          <input type="checkbox" checked={todo.completed} onChange={() => toggle(todo)} />
          <Link href={`/todos/${todo.id}`}>{todo.title}</Link>
        </li>
      ))}
    </ul>
  );
}

export function OpenCount() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  return <p data-testid="open-count">{todos.filter((t) => !t.completed).length}</p>;
}

export function TodoDetail({ id }: { id: number }) {
  const todo = useSuspense(TodoResource.get, { id });
  return (
    <article data-testid="todo-detail" data-completed={String(todo.completed)}>
      <h2>{todo.title}</h2>
      <Link href="/">All todos</Link>
    </article>
  );
}
