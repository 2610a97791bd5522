import { Suspense, memo, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createClient, type Client } from '@resto/core';
import { DataProvider, useSuspense } from '@resto/react';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import { RowResource, type Row } from './shared/resto-schema';

const RowItem = memo(function RowItem({ row }: { row: Row }) {
  return (
    <li data-id={row.id}>
      <span className="name">{row.name}</span> <span className="author">{row.author.name}</span> <span>{row.type}</span>
    </li>
  );
});

function List() {
  const rows = useSuspense(RowResource.getList);
  return (
    <ul id="list">
      {rows.map((r) => (
        <RowItem key={r.id} row={r} />
      ))}
    </ul>
  );
}

let client: Client | undefined;
let root: Root | undefined;
let hide: (() => void) | undefined;
let rerender: (() => void) | undefined;
/** Renders its children until hide() (the memory suite's "user navigated away"). */
function Shown({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  const [, setTick] = useState(0);
  hide = () => setShown(false);
  rerender = () => setTick((t) => t + 1);
  return shown ? children : null;
}
// The title names the page: resto-preact.html runs this same file with react aliased to preact/compat.
register(document.title, {
  mount(container) {
    client = createClient();
    root = createRoot(container);
    root.render(
      <DataProvider client={client}>
        <Shown>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Shown>
      </DataProvider>,
    );
  },
  hideList: () => hide!(),
  settle: () => rerender!(),
  sweep: () => restoSweep(client),
  unmount() {
    root?.unmount();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
