import { prefetch } from '@resto/svelte/kit';
import { TodoResource } from '$lib/api';

// Runs on the server only (first load, then when invalidated): its result reaches the browser.
export const load = () => prefetch((ctrl) => ctrl.fetch(TodoResource.getList, { userId: 1 }));
