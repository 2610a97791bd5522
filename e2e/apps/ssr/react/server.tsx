// Server entry: renderToPipeableStream with Suspense; once every boundary has its
// data, the HTML and the dehydrated store go into the page.
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createClient, serializeState } from '@resto/core';
import { DataProvider } from '@resto/react';
import { todoApi } from '../todos';
import { App } from './App';

export function render(origin: string): Promise<{ html: string; state: string }> {
  const client = createClient({ ssr: true });
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <DataProvider client={client}>
        <App api={todoApi(origin)} />
      </DataProvider>,
      {
        onAllReady() {
          let html = '';
          const out = new PassThrough();
          out.on('data', (chunk) => (html += chunk));
          out.on('end', () => {
            resolve({ html, state: serializeState(client.dehydrate()) });
            client.destroy();
          });
          pipe(out);
        },
        onShellError(error) {
          client.destroy();
          reject(error);
        },
      },
    );
  });
}
