#!/usr/bin/env node
// Builds the published packages, packs them as the registry would receive them
// (pnpm pack applies publishConfig and turns workspace:* into versions), and lints
// the tarballs with publint and @arethetypeswrong/cli.
//
//   node scripts/pack.mjs [--out DIR] [--no-lint] [--only core,openapi]
// Prints the tarball paths as JSON on the last line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGES = ['core', 'adapter-react', 'adapter-vue', 'adapter-svelte', 'devtools', 'openapi', 'nuxt', 'adapter-lit', 'adapter-solid', 'adapter-angular'];

function run(cmd, args, cwd, quiet = false) {
  const r = spawnSync(cmd, args, { cwd, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (exit ${r.status})`);
  }
  return r.stdout;
}

/** Builds every published package (or those named) into its dist/. */
export function buildAll(packages = PACKAGES) {
  for (const pkg of packages) {
    const cwd = join(root, pkg);
    rmSync(join(cwd, 'dist'), { recursive: true, force: true });
    if (pkg === 'adapter-svelte') {
      // Svelte libraries ship .svelte.js modules for the app's compiler to finish.
      run(join(cwd, 'node_modules/.bin/svelte-package'), ['-i', 'src', '-o', 'dist', '--tsconfig', 'tsconfig.build.json'], cwd, true);
    } else {
      run(join(root, 'node_modules/.bin/tsdown'), ['--log-level', 'warn'], cwd, true);
    }
  }
}

/** Packs every published package (or those named) into `out`; returns the tarball paths by folder. */
export function packAll(out, packages = PACKAGES) {
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (f.endsWith('.tgz')) rmSync(join(out, f));
  const tarballs = {};
  for (const pkg of packages) {
    const before = new Set(readdirSync(out));
    run('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', out], join(root, pkg), true);
    const made = readdirSync(out).find((f) => f.endsWith('.tgz') && !before.has(f));
    if (!made) throw new Error(`pnpm pack made no tarball for ${pkg}`);
    tarballs[pkg] = join(out, made);
  }
  return tarballs;
}

/** publint and attw over each tarball; throws on any error they report. */
export function lintAll(tarballs) {
  for (const [pkg, tgz] of Object.entries(tarballs)) {
    run(join(root, 'node_modules/.bin/publint'), ['run', tgz, '--level', 'warning', '--strict'], root);
    // ESM only: the CommonJS and node10 resolutions are out of scope by design.
    run(join(root, 'node_modules/.bin/attw'), [tgz, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji'], root);
    console.log(`lint ok: ${pkg}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf('--out');
  const out = resolve(outIdx >= 0 ? args[outIdx + 1] : join(root, '.packs'));
  const onlyIdx = args.indexOf('--only');
  const packages = onlyIdx >= 0 ? args[onlyIdx + 1].split(',') : PACKAGES;
  const unknown = packages.filter((p) => !PACKAGES.includes(p));
  if (unknown.length) throw new Error(`--only: not a published package folder: ${unknown.join(', ')}`);
  buildAll(packages);
  const tarballs = packAll(out, packages);
  if (!args.includes('--no-lint')) lintAll(tarballs);
  console.log(JSON.stringify(tarballs));
}
