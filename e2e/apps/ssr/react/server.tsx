// Server entry: renderToPipeableStream streams the shell at once (Suspense fallbacks)
// and each boundary as its data arrives; after the last one, the page adds the store.
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createClient, dehydrate, serializeState } from '@resto/core';
import { DataProvider } from '@resto/react';
import { todoApi } from '../todos';
import { App } from './App';

export function render(origin: string): { stream: PassThrough; state: () => string } {
  const client = createClient({ ssr: true });
  const stream = new PassThrough();
  // The render is over when the stream is: stop everything it started.
  stream.once('close', () => client.destroy());
  const { pipe } = renderToPipeableStream(
    <DataProvider client={client}>
      <App api={todoApi(origin)} />
    </DataProvider>,
    {
      onShellReady: () => pipe(stream),
      onShellError: (error) => stream.destroy(error as Error),
    },
  );
  // Called once the stream ended: every read the page made is in the store.
  return { stream, state: () => serializeState(dehydrate(client)) };
}
