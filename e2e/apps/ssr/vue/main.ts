import { createSSRApp } from 'vue';
import { parseState } from '@resto/core';
import { createResto } from '@resto/vue';
import { STATE_ID, todoApi } from '../todos';
import App from './App.vue';

// The server's store, as the server wrote it: the first render needs no request.
const state = parseState(document.getElementById(STATE_ID)!.textContent!);
createSSRApp(App, { api: todoApi(location.origin) })
  .use(createResto({ initialState: state }))
  .mount('#app');
