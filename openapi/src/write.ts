import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from './generate';

/**
 * Writes generated files under `dir` (created as needed). Files of an earlier run
 * that this one did not produce are left alone.
 *
 * @example
 * const { files } = await generate('openapi.yaml');
 * await writeFiles('src/api', files);
 */
export async function writeFiles(dir: string, files: readonly GeneratedFile[]): Promise<void> {
  for (const file of files) {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
}
