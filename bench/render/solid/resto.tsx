/** @jsxImportSource solid-js */
// The Resto Solid page's app: the list read with useSuspense, one row per entity.
import { createMemo, createSignal, For, Show, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import type { Client } from '@resto/core';
import { RestoProvider, useSuspense } from '@resto/solid';
import { RowResource } from '../shared/resto-schema';

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

function List() {
  const rows = useSuspense(RowResource.getList);
  // Keyed by id, not by object: a changed entity is a new object, and its <li> is
  // updated in place (as keyed rows are in the other pages) instead of replaced.
  const byId = createMemo(() => new Map((rows() ?? []).map((r) => [r.id, r])));
  const ids = createMemo(() => (rows() ?? []).map((r) => r.id), [], { equals: sameIds });
  return (
    <ul id="list">
      <For each={ids()}>
        {(id) => {
          const row = createMemo(() => byId().get(id));
          return (
            <li data-id={id}>
              <span class="name">{row()?.name}</span> <span class="author">{row()?.author.name}</span> <span>{row()?.type}</span>
            </li>
          );
        }}
      </For>
    </ul>
  );
}

/** Renders the list into `container`; returns how to hide the list and how to dispose of everything. */
export function mountApp(container: HTMLElement, client: Client): { hide(): void; dispose(): void } {
  const [shown, setShown] = createSignal(true);
  const dispose = render(
    () => (
      <RestoProvider client={client}>
        <Show when={shown()}>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Show>
      </RestoProvider>
    ),
    container,
  );
  return { hide: () => setShown(false), dispose };
}
