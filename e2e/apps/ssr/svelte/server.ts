// Server entry, shaped like a SvelteKit route: `load` fills a server-mode client,
// `render` shows what it holds, and the store goes into the page.
import { render as renderSvelte } from 'svelte/server';
import { createClient, dehydrate, serializeState, type Client } from '@resto/core';
import { clientContext } from '@resto/svelte';
import { todoApi, type TodoApi } from '../todos';
import App from './App.svelte';

/** What a +page.ts load function does: fetch every read the page shows. */
async function load(client: Client, api: TodoApi) {
  await client.controller.fetch(api.getList);
}

export async function render(origin: string): Promise<{ html: string; state: string }> {
  const client = createClient({ ssr: true });
  const api = todoApi(origin);
  try {
    await load(client, api);
    const { body } = renderSvelte(App, { props: { api }, context: clientContext(client) });
    return { html: body, state: serializeState(dehydrate(client)) };
  } finally {
    client.destroy();
  }
}
