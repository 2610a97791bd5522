import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // Today's template passes SvelteKit's options here (no svelte.config.js):
  // adapter-node in place of the template's adapter-auto.
  plugins: [sveltekit({ adapter: adapter() })],
});
