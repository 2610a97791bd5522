// Resto on Preact: @resto/react, with react aliased to preact/compat (browser.ts builds
// these pages apart, the way a Preact app's bundler does).
import { render } from 'preact';
import { Suspense, memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
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
let container: HTMLElement | undefined;
let hide: (() => void) | undefined;
let rerender: (() => void) | undefined;
/** Renders its children until hide() (the memory suite's "user navigated away"). */
function Shown({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(true);
  const [, setTick] = useState(0);
  hide = () => setShown(false);
  rerender = () => setTick((t) => t + 1);
  return shown ? <>{children}</> : null;
}
register('resto-preact', {
  mount(into) {
    client = createClient();
    container = into;
    render(
      <DataProvider client={client}>
        <Shown>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Shown>
      </DataProvider>,
      into,
    );
  },
  hideList: () => hide!(),
  settle: () => rerender!(),
  sweep: () => restoSweep(client),
  unmount() {
    if (container) render(null, container);
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
