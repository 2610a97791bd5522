import { createApp } from 'vue';
import { createResto } from '@resto/vue';
import { createDemoClient } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import { mountOfflineBanner } from '../shared/offline';
import App from './App.vue';
import '../shared/style.css';

// One client for the page, made outside Vue so the LogoutManager is in it.
const client = createDemoClient();
mountDevtoolsToggle(client);
mountOfflineBanner(client);
createApp(App).use(createResto({ client })).mount('#app');
