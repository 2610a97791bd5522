import { createClient, type Client } from '@resto/core';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import { mountApp } from './solid/resto';

let client: Client | undefined;
let app: ReturnType<typeof mountApp> | undefined;
register('resto-solid', {
  mount(container) {
    client = createClient();
    app = mountApp(container, client);
  },
  hideList: () => app!.hide(),
  sweep: () => restoSweep(client),
  unmount() {
    app?.dispose();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
