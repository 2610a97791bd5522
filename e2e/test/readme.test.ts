// The root README's install section shows the smallest app per framework; the
// consumer tests build exactly those files. Keep the two from drifting apart.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const consumers = fileURLToPath(new URL('../consumers/', import.meta.url));
const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);

function appFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return appFiles(path);
    // Configs are the consumer project's, not the app a user writes.
    return /\.(tsx?|vue|svelte|mjs)$/.test(name) && !/config|env\.d|index\.ts$|wrong/.test(name) ? [path] : [];
  });
}

describe('README install section', () => {
  // typed/ checks TypeScript setups; bundlers/ and nobundler/ check production builds: not README apps.
  const files = appFiles(consumers).filter((f) => !/\/(typed|bundlers|nobundler)\//.test(f));
  it('covers every framework', () => {
    expect(files.map((f) => relative(consumers, f)).sort()).toEqual([
      'api.ts',
      'node/app.mjs',
      'react/main.tsx',
      'svelte/App.svelte',
      'svelte/TodoList.svelte',
      'svelte/main.ts',
      'vue/App.vue',
      'vue/TodoList.vue',
      'vue/main.ts',
    ]);
  });
  for (const file of files) {
    it(`shows ${relative(consumers, file)} exactly as the consumer test builds it`, () => {
      expect(blocks).toContain(readFileSync(file, 'utf8').trimEnd());
    });
  }
});
