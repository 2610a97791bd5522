import { createApp } from 'vue';
import { createResto } from '@resto/vue';
import App from './App.vue';

createApp(App).use(createResto()).mount('#app');
