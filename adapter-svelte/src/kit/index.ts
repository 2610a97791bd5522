// Entry of @resto/svelte/kit: SvelteKit's server load fills a request's client, the
// root layout hydrates one browser client. Apps that do not import it pay nothing.
export { prefetch, type PrefetchedState, type PrefetchOptions } from './prefetch.js';
export { provideClient, hydrateState, type ProvideClientOptions } from './provide.svelte.js';
