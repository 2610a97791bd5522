// Each framework page (adapter READMEs, @resto/nuxt's README) shows its app from
// npm i to a working page; frameworks.browser.test.ts installs, checks, builds and
// drives exactly those files (e2e/frameworks/<name>). Keep the two from drifting apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const blocksOf = (readme: string) => [...readme.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);

const shown: Record<string, { readme: string; files: string[] }> = {
  nuxt: {
    readme: 'nuxt/README.md',
    files: ['nuxt.config.ts', 'utils/api.ts', 'pages/index.vue', 'components/TodoList.vue', 'components/OpenCount.vue', 'pages/todos/[id].vue', 'app.vue'],
  },
  sveltekit: {
    readme: 'adapter-svelte/README.md',
    files: [
      'src/lib/api.ts',
      'src/routes/+layout.server.ts',
      'src/routes/+layout.svelte',
      'src/routes/+page.svelte',
      'src/lib/TodoList.svelte',
      'src/lib/OpenCount.svelte',
      'src/routes/todos/[id]/+page.server.ts',
      'src/routes/todos/[id]/+page.svelte',
      'vite.config.ts',
    ],
  },
  next: {
    readme: 'adapter-react/README.md',
    files: ['next.config.ts', 'app/api.ts', 'app/layout.tsx', 'app/page.tsx', 'app/todos.tsx', 'app/todos/[id]/page.tsx'],
  },
};

describe('README framework pages', () => {
  for (const [name, { readme, files }] of Object.entries(shown)) {
    const text = read(`../../${readme}`);
    it(`${readme} explains the same-URL rule and CORS`, () => {
      expect(text).toMatch(/### Same URL on both sides, and CORS/);
      expect(text).toMatch(/Access-Control-Allow-Headers: content-type/);
    });
    for (const file of files) {
      it(`${readme} shows frameworks/${name}/${file} exactly as the e2e app runs it`, () => {
        expect(blocksOf(text)).toContain(read(`../frameworks/${name}/${file}`).trimEnd());
      });
    }
  }
});
