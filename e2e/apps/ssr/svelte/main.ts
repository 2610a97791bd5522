import { hydrate } from 'svelte';
import { createClient, parseState } from '@resto/core';
import { clientContext } from '@resto/svelte';
import { STATE_ID, todoApi } from '../todos';
import App from './App.svelte';

// The server's store: the client starts with it, so hydrating makes no request.
const client = createClient({ initialState: parseState(document.getElementById(STATE_ID)!.textContent!) });
hydrate(App, {
  target: document.getElementById('app')!,
  props: { api: todoApi(location.origin) },
  context: clientContext(client),
});
