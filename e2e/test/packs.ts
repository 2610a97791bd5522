// The packed tarballs (scripts/pack.mjs), built once and shared by the test files
// that install them (consumers, frameworks): packing builds six packages, which
// takes minutes on a busy 2-core machine. They are rebuilt when any file of a
// packed package (outside dist/ and node_modules/) is newer than the last pack.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const out = join(repo, '.packs');
const stamp = join(out, 'tarballs.json');
const PACKED = ['core', 'adapter-react', 'adapter-vue', 'adapter-svelte', 'devtools', 'nuxt', 'adapter-lit', 'adapter-solid', 'adapter-angular'];

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Tarball paths by package folder, packing again only when a package changed. */
export async function packedTarballs(): Promise<Record<string, string>> {
  const sources = Math.max(...PACKED.map((p) => newest(join(repo, p))), statSync(join(repo, 'scripts/pack.mjs')).mtimeMs);
  if (existsSync(stamp) && statSync(stamp).mtimeMs > sources) {
    const cached: Record<string, string> = JSON.parse(readFileSync(stamp, 'utf8'));
    if (PACKED.every((p) => cached[p] && existsSync(cached[p]))) return cached;
  }
  // Async: a caller's API server in this process must keep answering meanwhile.
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, 'scripts/pack.mjs'), '--out', out, '--no-lint'], { cwd: repo });
    let text = '';
    let all = '';
    child.stdout.on('data', (d: Buffer) => ((text += d), (all += d)));
    child.stderr.on('data', (d: Buffer) => (all += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`pack.mjs exited ${code}:\n${all}`))));
  });
  const tarballs: Record<string, string> = JSON.parse(stdout.trim().split('\n').pop()!);
  writeFileSync(stamp, JSON.stringify(tarballs));
  return tarballs;
}
