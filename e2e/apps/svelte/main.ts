import { mount } from 'svelte';
import { clientContext } from '@resto/svelte';
import { createDemoClient } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import { mountOfflineBanner } from '../shared/offline';
import App from './App.svelte';
import '../shared/style.css';

// One client for the page, made outside Svelte so the LogoutManager is in it.
const client = createDemoClient();
mountDevtoolsToggle(client);
mountOfflineBanner(client);
mount(App, { target: document.getElementById('app')!, context: clientContext(client) });
