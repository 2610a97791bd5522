// Server entry: renderToString waits for every `await useSuspense`; the plugin in
// server mode leaves the store on the SSR context for the page.
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { dehydrate, serializeState, type Client } from '@resto/core';
import { createResto } from '@resto/vue';
import { todoApi } from '../todos';
import App from './App.vue';

export async function render(origin: string): Promise<{ html: string; state: string }> {
  const resto = createResto({ ssr: true });
  const app = createSSRApp(App, { api: todoApi(origin) }).use(resto);
  const ctx: { resto?: Client } = {};
  try {
    const html = await renderToString(app, ctx);
    return { html, state: serializeState(dehydrate(ctx.resto ?? resto.client)) };
  } finally {
    resto.client.destroy();
  }
}
