// A real-world description in the suite (the large ones run in `npm run bench`):
// Directus' published OpenAPI document, as its npm package ships it.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OpenApiError, generate, writeFiles } from '../src/index';
import { typecheck } from './typecheck';

const require = createRequire(import.meta.url);
// The package exports only its entry module; the document sits beside it.
const directus = join(dirname(require.resolve('@directus/specs')), 'dist/openapi.json');
const out = fileURLToPath(new URL(`../.generated/directus-${process.pid}/`, import.meta.url));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('Directus', () => {
  it('fails validation as published, at the path of its `schema: null`', async () => {
    const error = await generate(directus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenApiError);
    expect((error as OpenApiError).path).toBe('#/paths/~1items~1{collection}/post/requestBody/content/application~1json/schema');
  });

  it('generates with validation off: every operation, entities for its id-keyed schemas, 0 strict tsc errors', async () => {
    const result = await generate(directus, { validate: false });
    expect(result.operations).toBe(136);
    expect(result.entities).toContain('Users');
    expect(result.files.map((f) => f.path)).toContain('items.ts');
    await writeFiles(out, result.files);
    expect(typecheck(out, ['index.ts'])).toEqual([]);
  });
});
