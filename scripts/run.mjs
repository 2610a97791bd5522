#!/usr/bin/env node
// One entry for the README commands: installs the workspace with pnpm (through
// npx, so a machine with only Node and npm works), then runs the task.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const task = process.argv[2] ?? 'test';
const extra = process.argv.slice(3);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function ensureInstalled() {
  const marker = join(root, 'node_modules/.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const fresh =
    existsSync(marker) &&
    (!existsSync(lock) || statSync(lock).mtimeMs <= statSync(marker).mtimeMs) &&
    ['core', 'adapter-react', 'adapter-vue', 'adapter-svelte', 'e2e', 'bench'].every(
      (p) => !existsSync(join(root, p, 'package.json')) || existsSync(join(root, p, 'node_modules')),
    );
  if (fresh) return;
  const args = ['-y', 'pnpm@10', 'install'];
  if (process.env.CI && existsSync(lock)) args.push('--frozen-lockfile');
  const code = run('npx', args);
  if (code !== 0) {
    console.error('pnpm install failed');
    process.exit(code);
  }
}

const bin = (name) => join(root, 'node_modules/.bin', name);

function test() {
  let failed = 0;
  console.log('\n== tsc --noEmit (types are part of the interface) ==');
  const tsc = run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  if (tsc !== 0) failed++;
  else console.log('types ok');
  // .svelte components are outside tsc's reach; svelte-check covers them.
  console.log('\n== svelte-check (adapter-svelte) ==');
  const svelteCheck = run(join(root, 'adapter-svelte/node_modules/.bin/svelte-check'), [
    '--tsconfig',
    join(root, 'adapter-svelte/tsconfig.json'),
    '--output',
    'human',
  ]);
  if (svelteCheck !== 0) failed++;
  console.log('\n== demo apps: tsc + svelte-check ==');
  const appsCheck = run('npm', ['run', '--silent', 'check:apps'], { cwd: join(root, 'e2e') });
  if (appsCheck !== 0) failed++;
  const out = join(root, '.vitest-results.json');
  rmSync(out, { force: true });
  console.log('\n== vitest ==');
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]);
  let passed = 0;
  let skipped = 0;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
    skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failed++;
  } else {
    failed++;
  }
  if (tsc === 0) passed++;
  if (svelteCheck === 0) passed++;
  if (appsCheck === 0) passed++;
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed ? 1 : 0);
}

ensureInstalled();
switch (task) {
  case 'install':
    break;
  case 'test':
    test();
    break;
  case 'typecheck':
    process.exit(run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']));
  case 'demo':
    process.exit(run(process.execPath, [join(root, 'e2e/demo.mjs'), ...extra]));
  case 'bench':
    process.exit(run('npx', ['-y', 'pnpm@10', '--filter', './bench', 'run', 'bench', ...extra]));
  default:
    console.error(`unknown task ${task}`);
    process.exit(2);
}
