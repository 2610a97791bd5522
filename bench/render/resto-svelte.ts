import { mount, unmount } from 'svelte';
import { createClient, type Client } from '@resto/core';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import App from './svelte/App.svelte';

let client: Client | undefined;
let app: { hide(): void } | undefined;
register('resto-svelte', {
  mount(container) {
    client = createClient();
    app = mount(App, { target: container, props: { client } }) as unknown as { hide(): void };
  },
  hideList: () => app!.hide(),
  sweep: () => restoSweep(client),
  unmount() {
    if (app) void unmount(app);
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
