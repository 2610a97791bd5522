/** @jsxImportSource solid-js */
// The TanStack solid-query page's app: the list read with useQuery under Suspense.
import { createSignal, For, Show, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/solid-query';
import type { RawRow } from '../shared/data';

function List() {
  // reconcile by id (solid-query's option): a changed row's fields update in place.
  const rows = useQuery(() => ({ queryKey: ['rows'], queryFn: () => fetch('/rows').then((r) => r.json() as Promise<RawRow[]>), reconcile: 'id' }));
  return (
    <ul id="list">
      <For each={rows.data}>
        {(r) => (
          <li data-id={r.id}>
            <span class="name">{r.name}</span> <span class="author">{r.author.name}</span> <span>{r.type}</span>
          </li>
        )}
      </For>
    </ul>
  );
}

/** Renders the list into `container`; returns how to hide the list and how to dispose of everything. */
export function mountApp(container: HTMLElement, client: QueryClient): { hide(): void; dispose(): void } {
  const [shown, setShown] = createSignal(true);
  const dispose = render(
    () => (
      <QueryClientProvider client={client}>
        <Show when={shown()}>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Show>
      </QueryClientProvider>
    ),
    container,
  );
  return { hide: () => setShown(false), dispose };
}
