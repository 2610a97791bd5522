import { createApp, h, ref, Suspense, type App } from 'vue';
import { createClient, type Client } from '@resto/core';
import { createResto } from '@resto/vue';
import { register } from './shared/harness';
import { restoMutations, restoSweep } from './shared/resto-mutations';
import List from './vue/List.vue';

let client: Client | undefined;
let app: App | undefined;
const shown = ref(true);
register('resto-vue', {
  mount(container) {
    client = createClient();
    shown.value = true;
    app = createApp({
      render: () => (shown.value ? h(Suspense, null, { default: () => h(List), fallback: () => h('p', 'loading') }) : null),
    });
    app.use(createResto({ client }));
    app.mount(container);
  },
  hideList: () => {
    shown.value = false;
  },
  sweep: () => restoSweep(client),
  unmount() {
    app?.unmount();
    client?.destroy();
  },
  ...restoMutations(() => client!.controller),
});
