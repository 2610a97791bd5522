import { createApp, h, Suspense, type App } from 'vue';
import { createClient, type Client } from '@resto/core';
import { createResto } from '@resto/vue';
import { register } from './shared/harness';
import { restoMutations } from './shared/resto-mutations';
import List from './vue/List.vue';

let client: Client | undefined;
let app: App | undefined;
register('resto-vue', {
  mount(container) {
    client = createClient();
    app = createApp({ render: () => h(Suspense, null, { default: () => h(List), fallback: () => h('p', 'loading') }) });
    app.use(createResto({ client }));
    app.mount(container);
  },
  unmount() {
    app?.unmount();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
