import { Suspense } from 'react';
import { connection } from 'next/server';
import { HydrateState, prefetch } from '@resto/react/next';
import { TodoResource } from './api';
import { OpenCount, TodoList } from './todos';

export default function Home() {
  return (
    <main>
      <h1>Todos</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Todos />
      </Suspense>
    </main>
  );
}

// Request-time data: connection() keeps the fetch out of the build's prerender.
async function Todos() {
  await connection();
  const state = await prefetch((ctrl) => ctrl.fetch(TodoResource.getList, { userId: 1 }));
  return (
    <HydrateState state={state}>
      <OpenCount />
      <TodoList />
    </HydrateState>
  );
}
