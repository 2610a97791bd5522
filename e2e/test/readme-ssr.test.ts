// Each adapter's README shows its server-rendering setup; the SSR browser tests run
// exactly those files (apps/ssr/<name>). Keep the two from drifting apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const blocksOf = (readme: string) => [...readme.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);

const shown: Record<string, string[]> = {
  'adapter-react': ['react/server.tsx', 'react/main.tsx'],
  'adapter-vue': ['vue/server.ts', 'vue/main.ts', 'vue/TodoList.vue'],
  'adapter-svelte': ['svelte/server.ts', 'svelte/main.ts'],
};

describe('README server rendering sections', () => {
  for (const [pkg, files] of Object.entries(shown)) {
    const readme = read(`../../${pkg}/README.md`);
    it(`${pkg} has a Server rendering section`, () => {
      expect(readme).toMatch(/^## Server rendering$/m);
    });
    for (const file of files) {
      it(`${pkg} shows apps/ssr/${file} exactly as the e2e app runs it`, () => {
        expect(blocksOf(readme)).toContain(read(`../apps/ssr/${file}`).trimEnd());
      });
    }
  }
});
