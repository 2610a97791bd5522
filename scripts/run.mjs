#!/usr/bin/env node
// One entry for the README commands: installs the workspace with pnpm (through
// npx, so a machine with only Node and npm works), then runs the task.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
    ['core', 'adapter-react', 'adapter-react/react18', 'adapter-vue', 'adapter-svelte', 'e2e', 'bench', 'openapi'].every(
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

const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser suites need Debian's Chromium (no browser downloads here). Install it
 * when this user can (root with apt-get, as CI is); otherwise stop at once with the
 * command that fixes it, rather than run browser tests that cannot pass.
 */
function ensureChromium() {
  if (existsSync(chromiumPath())) return;
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canApt && !process.env.CHROMIUM_PATH) {
    console.log('\n== installing Chromium for the browser tests (apt-get install -y chromium) ==');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
    if (existsSync(chromiumPath())) return;
  }
  console.error(
    `\nChromium not found at ${chromiumPath()}; the browser tests need it.\n` +
      `Fix: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)\n`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/** Runs a long-lived child and passes Ctrl-C and SIGTERM on, so stopping us stops it. */
function runForwardingSignals(cmd, args) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * `npm run test:stress`: the same task as `npm test`, with two CPU-bound processes
 * beside it, so a test that waits for a fixed time instead of an event goes red here
 * rather than on a busy CI runner. The burners are killed when we exit; and since the
 * steps below block this process (spawnSync), each burner also checks every 200 ms that
 * we are still alive and stops by itself once we are gone (Ctrl-C, SIGTERM, SIGKILL).
 */
const BURNER = `const parent = ${process.pid};
for (;;) {
  const until = Date.now() + 200;
  while (Date.now() < until) Math.sqrt(Math.random());
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

function stress() {
  const burners = [0, 1].map(() => spawn(process.execPath, ['-e', BURNER], { cwd: root, stdio: 'ignore' }));
  process.on('exit', () => {
    for (const b of burners) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
  });
  console.log(`\n== stress: two CPU-bound processes (pids ${burners.map((b) => b.pid).join(', ')}) run beside the suite ==`);
  test();
}

function test() {
  ensureChromium();
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
  console.log('\n== eslint (typescript-eslint, react-hooks, vue, svelte) ==');
  const lint = run(bin('eslint'), ['.', '--max-warnings', '0']);
  if (lint !== 0) failed++;
  else console.log('lint ok');
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
  if (lint === 0) passed++;
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
  case 'stress':
    stress();
    break;
  case 'typecheck':
    process.exit(run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']));
    break;
  case 'demo':
    runForwardingSignals(process.execPath, [join(root, 'e2e/demo.mjs'), ...extra]);
    break;
  case 'build':
    process.exit(run(process.execPath, [join(root, 'scripts/pack.mjs'), '--out', join(root, '.packs'), ...extra]));
    break;
  case 'bench': {
    // The size suite measures the built packages (what npm users install): build them first.
    const pack = pathToFileURL(join(root, 'scripts/pack.mjs')).href;
    const built = run(process.execPath, ['-e', `import(${JSON.stringify(pack)}).then((m) => m.buildAll())`]);
    if (built !== 0) process.exit(built);
    process.exit(run('npx', ['-y', 'pnpm@10', '--filter', './bench', 'run', 'bench', ...extra]));
  }
    break;
  default:
    console.error(`unknown task ${task}`);
    process.exit(2);
}
