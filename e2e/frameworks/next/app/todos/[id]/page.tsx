import { Suspense } from 'react';
import { connection } from 'next/server';
import { HydrateState, prefetch } from '@resto/react/next';
import { TodoResource } from '../../api';
import { TodoDetail } from '../../todos';

export default function TodoPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <main>
      <Suspense fallback={<p>Loading…</p>}>
        <Detail params={params} />
      </Suspense>
    </main>
  );
}

async function Detail({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const id = Number((await params).id);
  const state = await prefetch((ctrl) => ctrl.fetch(TodoResource.get, { id }));
  return (
    <HydrateState state={state}>
      <TodoDetail id={id} />
    </HydrateState>
  );
}
