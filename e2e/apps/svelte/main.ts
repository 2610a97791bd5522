import { mount } from 'svelte';
import { clientContext } from '@resto/svelte';
import { createDemoClient } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import App from './App.svelte';
import '../shared/style.css';

// One client for the page, made outside Svelte so the LogoutManager is in it.
const client = createDemoClient();
mountDevtoolsToggle(client);
mount(App, { target: document.getElementById('app')!, context: clientContext(client) });
