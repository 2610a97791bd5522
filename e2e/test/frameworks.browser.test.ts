// Resto in the frameworks users deploy: a Nuxt 3, a SvelteKit 2 and a Next.js 16 app
// (e2e/frameworks/), each installed with npm from the packed tarballs into a fresh
// project, type-checked, built once for production, started, and driven in Chromium
// against the e2e API server. The apps are the adapter READMEs' recipes.
//   E2E_FRAMEWORKS=next,nuxt narrows a local run.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { useBrowser, withPage } from './browser';
import { packedTarballs } from './packs';
import { ok, sh } from './spawn';

const sources = fileURLToPath(new URL('../frameworks/', import.meta.url));
const browser = useBrowser();

interface Framework {
  /** Packed folders (scripts/pack.mjs) the app depends on. */
  readonly packages: readonly string[];
  /** The file holding `export const API_URL = '...'`. */
  readonly apiFile: string;
  readonly typecheck: readonly string[][];
  readonly build: readonly string[];
  /** Build output lines that warn about the app's own setup (its config): there must be none. */
  readonly setupWarning?: RegExp;
  readonly start: (port: number) => { cmd: string[]; env: NodeJS.ProcessEnv };
}

const FRAMEWORKS: Record<string, Framework> = {
  nuxt: {
    packages: ['core', 'adapter-vue', 'nuxt'],
    apiFile: 'utils/api.ts',
    // `nuxt typecheck` prepares .nuxt itself, then runs vue-tsc.
    typecheck: [['nuxt', 'typecheck']],
    build: ['nuxt', 'build'],
    start: (port) => ({ cmd: [process.execPath, '.output/server/index.mjs'], env: { PORT: String(port), HOST: '127.0.0.1' } }),
  },
  sveltekit: {
    packages: ['core', 'adapter-svelte'],
    apiFile: 'src/lib/api.ts',
    typecheck: [['svelte-kit', 'sync'], ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings']],
    build: ['vite', 'build', '--logLevel', 'warn'],
    start: (port) => ({ cmd: [process.execPath, 'build'], env: { PORT: String(port), HOST: '127.0.0.1' } }),
  },
  next: {
    packages: ['core', 'adapter-react'],
    apiFile: 'app/api.ts',
    // `next build` runs tsc over the app (strict, noImplicitOverride) and fails on errors.
    typecheck: [],
    build: ['next', 'build'],
    // Next prints a config warning (`cacheComponents` without `partialPrefetching`, ...) with ⚠.
    setupWarning: /⚠(?!.*build cache)/,
    start: (port) => ({ cmd: ['node_modules/.bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], env: {} }),
  },
};
const NAMES: Record<string, string> = { core: '@resto/core', 'adapter-react': '@resto/react', 'adapter-vue': '@resto/vue', 'adapter-svelte': '@resto/svelte', nuxt: '@resto/nuxt' };
const only = process.env.E2E_FRAMEWORKS?.split(',').filter(Boolean);
const selected = Object.keys(FRAMEWORKS).filter((f) => !only || only.includes(f));

const QUIET = { NEXT_TELEMETRY_DISABLED: '1', NUXT_TELEMETRY_DISABLED: '1', CI: '1' };
// The build and the server run as in production. Vitest sets NODE_ENV 'test', which a
// child inherits: Vite then builds SvelteKit with its development checks (a console
// warning on every navigation). Not for npm install, which would skip devDependencies.
const PRODUCTION = { ...QUIET, NODE_ENV: 'production' };
const run = (cmd: string, args: readonly string[], cwd: string, { timeout = 600_000, env = QUIET } = {}) =>
  ok(cmd, [...args], { cwd, env, timeout });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// The apps are installed under e2e/.frameworks/<name> (git-ignored) and that folder's
// node_modules and package-lock.json are kept between runs: a rerun installs only the
// changed @resto tarballs instead of three frameworks (minutes on a busy machine).
// Everything else is replaced by the sources on every run.
const root = fileURLToPath(new URL('../.frameworks/', import.meta.url));
const KEEP = new Set(['node_modules', 'package-lock.json']);
let api: RunningServer;
const installed = new Map<string, Promise<string>>();

beforeAll(async () => {
  api = await startServer({ port: 0 });
  const tarballs = await packedTarballs();
  // The three installs overlap (network and disk); each app's build comes later, one at a time.
  for (const name of selected) {
    const fw = FRAMEWORKS[name]!;
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    for (const entry of readdirSync(dir)) if (!KEEP.has(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
    cpSync(join(sources, name), dir, { recursive: true });
    const pkg = JSON.parse(readFileSync(join(dir, 'app.package.json'), 'utf8'));
    delete pkg.description;
    pkg.dependencies ??= {};
    for (const folder of fw.packages) pkg.dependencies[NAMES[folder]!] = `file:${tarballs[folder]}`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    rmSync(join(dir, 'app.package.json'));
    const apiPath = join(dir, fw.apiFile);
    writeFileSync(apiPath, readFileSync(apiPath, 'utf8').replace(/export const API_URL = '[^']*';/, `export const API_URL = '${api.url}';`));
    // A tarball packed again keeps its name and version, so npm would reinstall the old one
    // from its cache by the integrity the lockfile pinned: drop what it pinned of @resto.
    const lockPath = join(dir, 'package-lock.json');
    if (existsSync(lockPath)) {
      const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
      for (const key of Object.keys(lock.packages ?? {})) if (key.startsWith('node_modules/@resto/')) delete lock.packages[key];
      writeFileSync(lockPath, JSON.stringify(lock, null, 2));
    }
    rmSync(join(dir, 'node_modules/@resto'), { recursive: true, force: true });
    const p = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir, { timeout: 900_000 }).then(() => dir);
    p.catch(() => {});
    installed.set(name, p);
  }
}, 600_000);

afterAll(async () => {
  await api?.close();
});

describe.each(selected)('%s app from the packed tarballs', (name) => {
  const fw = FRAMEWORKS[name]!;
  let dir: string;
  let app: ChildProcess | undefined;
  let url: string;
  const bin = (b: string) => join(dir, 'node_modules/.bin', b);

  beforeAll(async () => {
    dir = await installed.get(name)!;
  }, 900_000);
  afterAll(() => {
    app?.kill();
  });

  it('type-checks clean (strict, noImplicitOverride)', async () => {
    for (const [cmd, ...args] of fw.typecheck) await run(bin(cmd!), args, dir);
  }, 600_000);

  it('builds for production and starts', async () => {
    const [cmd, ...args] = fw.build;
    const built = await sh(bin(cmd!), [...args], { cwd: dir, env: PRODUCTION, timeout: 900_000 });
    if (built.code !== 0) throw new Error(`${fw.build.join(' ')} exited ${built.code}:\n${built.out}`);
    const warnings = fw.setupWarning ? built.out.split('\n').filter((line) => fw.setupWarning!.test(line)) : [];
    expect(warnings, built.out).toEqual([]);
    const port = await freePort();
    const { cmd: start, env } = fw.start(port);
    app = spawn(start[0]!, start.slice(1), { cwd: dir, env: { ...process.env, ...PRODUCTION, ...env }, stdio: 'ignore' });
    url = `http://127.0.0.1:${port}`;
    // Until the server answers (the event itself); 60 s is a ceiling for a busy machine.
    await vi.waitFor(
      async () => {
        const res = await fetch(`${url}/favicon.ico`).catch(() => undefined);
        if (!res) throw new Error(`${name} did not start on ${url}`);
      },
      { timeout: 60_000, interval: 50 },
    );
  }, 900_000);

  it('server-renders with one request, hydrates with none, navigates for what is new, a mutation updates every view', async () => {
    expect(url, 'the build step failed').toBeTruthy();
    api.reset();
    // Copies: the server updates its rows in place.
    const mine = [...api.db.todos.values()].filter((t) => t.userId === 1).sort((a, b) => a.id - b.id).map((t) => ({ ...t }));
    const listReads = () => api.requests.count('GET', '/todos', { userId: '1' });

    // The HTML alone (what a crawler sees) holds the data: one server-side read.
    const html = await (await fetch(`${url}/`)).text();
    for (const t of mine) expect(html).toContain(t.title);
    expect(listReads()).toBe(1);

    await withPage(await browser(), `framework-${name}`, async (page) => {
      const fromBrowser: string[] = [];
      const messages: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(api.url) && r.method() !== 'OPTIONS') fromBrowser.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));

      await page.goto(`${url}/`);
      await page.locator('body[data-hydrated="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      // First load: the server read once more (this page's render), the browser not at all.
      expect({ serverReads: listReads(), fromBrowser }).toEqual({ serverReads: 2, fromBrowser: [] });
      // The browser asks for the icon the page links, else /favicon.ico (when it does is
      // its own affair): asked here too, it must exist and cost no API read. A layout
      // without the link made it 3 reads: SvelteKit's 404 page runs the root server load.
      const icon = (await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href)) ?? `${url}/favicon.ico`;
      expect({ icon, status: (await fetch(icon)).status, serverReads: listReads() }).toEqual({ icon, status: 200, serverReads: 2 });
      await expect(page.getByTestId('todo-item').count()).resolves.toBe(mine.length);
      const open = mine.filter((t) => !t.completed).length;
      expect(await page.getByTestId('open-count').textContent()).toBe(String(open));

      // A mutation: the list and the counter (another component, same read) both follow
      // the PATCH response; nothing is read again.
      const first = mine[0]!;
      await page.getByTestId('todo-item').first().locator('input[type="checkbox"]').click();
      await page.getByTestId('open-count').filter({ hasText: new RegExp(`^${first.completed ? open + 1 : open - 1}$`) }).waitFor();
      expect(await page.getByTestId('todo-item').first().locator('input').isChecked()).toBe(!first.completed);
      expect(api.requests.count('PATCH', `/todos/${first.id}`)).toBe(1);
      expect(api.db.todos.get(first.id)!.completed).toBe(!first.completed);

      // Client-side navigation: only the new read (todo 2) is made, the list is not reread.
      const second = mine[1]!;
      await page.getByTestId('todo-item').nth(1).locator('a').click();
      await page.getByTestId('todo-detail').waitFor();
      expect(await page.getByTestId('todo-detail').locator('h2').textContent()).toBe(second.title);
      await page.waitForLoadState('networkidle');
      // Nuxt navigates in the browser, whose store holds todo 2 from the list (an
      // Entity read by its pk): no request. SvelteKit and Next run the new page's server
      // load, which reads todo 2 once, and hand it over: the browser reads nothing.
      expect(api.requests.count('GET', `/todos/${second.id}`)).toBe(name === 'nuxt' ? 0 : 1);
      expect(listReads()).toBe(2);
      expect(fromBrowser.filter((r) => r.startsWith('GET'))).toEqual([]);

      expect(messages).toEqual([]);
    });
  });
});
