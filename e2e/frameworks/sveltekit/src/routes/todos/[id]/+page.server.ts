import { prefetch } from '@resto/svelte/kit';
import { TodoResource } from '$lib/api';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ params }) => {
  const id = Number(params.id);
  return { id, ...(await prefetch((ctrl) => ctrl.fetch(TodoResource.get, { id }))) };
};
