// adapter-lit's README shows the smallest Lit app; the Lit consumer test builds and
// drives exactly those files (e2e/consumers-lit). Keep the two from drifting apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../../adapter-lit/README.md', import.meta.url)), 'utf8');
const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1]);

describe('adapter-lit README, the smallest app', () => {
  for (const file of ['api.ts', 'main.ts']) {
    it(`shows consumers-lit/${file} exactly as the consumer test builds it`, () => {
      expect(blocks).toContain(readFileSync(fileURLToPath(new URL(`../consumers-lit/${file}`, import.meta.url)), 'utf8').trimEnd());
    });
  }
});
