#!/usr/bin/env node
// Builds the four demo apps with Vite's JavaScript API, each for its mount on
// the e2e server (/react/, /vue/, /svelte/, /wc/). An app whose dist is newer
// than every source it depends on (its folder, shared/, core and its adapter)
// is skipped. `node apps/build.mjs [--force] [react vue svelte wc]`; with --ssr,
// the server-rendered apps (apps/ssr/react, vue, svelte).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** name -> where it is mounted and what it is made of. */
export const APPS = {
  wc: { title: 'Web component', sources: ['core/src', 'devtools/src', 'adapter-lit/src'] },
  react: { title: 'React', sources: ['core/src', 'devtools/src', 'adapter-react/src'], plugin: '@vitejs/plugin-react' },
  vue: { title: 'Vue', sources: ['core/src', 'devtools/src', 'adapter-vue/src'], plugin: '@vitejs/plugin-vue' },
  svelte: { title: 'Svelte', sources: ['core/src', 'devtools/src', 'adapter-svelte/src'], plugin: '@sveltejs/vite-plugin-svelte' },
};
export const APP_NAMES = Object.keys(APPS);

export const distOf = (name) => join(here, name, 'dist');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** True when dist/index.html is missing or older than a source. */
export function isStale(name) {
  const index = join(distOf(name), 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const dirs = [join(here, name), join(here, 'shared'), ...APPS[name].sources.map((s) => join(root, s))];
  return dirs.some((d) => newest(d) > built) || statSync(join(here, 'build.mjs')).mtimeMs > built;
}

async function pluginsFor(name) {
  const spec = APPS[name].plugin;
  if (!spec) return [];
  const mod = await import(spec);
  if (name === 'svelte') return [mod.svelte()];
  return [mod.default()];
}

/** Builds the apps that need it (all of `names` with force). Returns the built names. */
export async function buildApps({ names = APP_NAMES, force = false, log = console.log } = {}) {
  const { build } = await import('vite');
  const built = [];
  for (const name of names) {
    if (!APPS[name]) throw new Error(`unknown app "${name}" (known: ${APP_NAMES.join(', ')})`);
    if (!force && !isStale(name)) continue;
    const started = Date.now();
    await build({
      configFile: false,
      root: join(here, name),
      base: `/${name}/`,
      logLevel: 'warn',
      plugins: await pluginsFor(name),
      build: { outDir: distOf(name), emptyOutDir: true, sourcemap: true, reportCompressedSize: false },
    });
    log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)}s -> ${distOf(name)}`);
    built.push(name);
  }
  return built;
}

/**
 * The server-rendered variants (apps/ssr/<name>): a client build that hydrates
 * (dist/) and a server build of server.ts(x) exporting `render(origin)` (dist-server/).
 * Mounted at /ssr/<name>/ by the demo and the SSR browser tests.
 */
export const SSR_APPS = {
  react: { entry: 'server.tsx', sources: ['core/src', 'adapter-react/src'], plugin: '@vitejs/plugin-react' },
  vue: { entry: 'server.ts', sources: ['core/src', 'adapter-vue/src'], plugin: '@vitejs/plugin-vue' },
  svelte: { entry: 'server.ts', sources: ['core/src', 'adapter-svelte/src'], plugin: '@sveltejs/vite-plugin-svelte' },
};
export const SSR_NAMES = Object.keys(SSR_APPS);
const ssrRoot = (name) => join(here, 'ssr', name);
const ssrServerFile = (name) => join(ssrRoot(name), 'dist-server', 'server.js');

function isSsrStale(name) {
  const out = ssrServerFile(name);
  if (!existsSync(out) || !existsSync(join(ssrRoot(name), 'dist', 'index.html'))) return true;
  const built = statSync(out).mtimeMs;
  const dirs = [ssrRoot(name), join(here, 'ssr', 'todos.ts'), ...SSR_APPS[name].sources.map((s) => join(root, s))];
  return (
    dirs.some((d) => (statSync(d).isDirectory() ? newest(d) : statSync(d).mtimeMs) > built) ||
    statSync(join(here, 'build.mjs')).mtimeMs > built
  );
}

/** Builds client and server bundles of the SSR apps that need it. Returns the built names. */
export async function buildSsrApps({ names = SSR_NAMES, force = false, log = console.log } = {}) {
  const { build } = await import('vite');
  const built = [];
  for (const name of names) {
    if (!SSR_APPS[name]) throw new Error(`unknown SSR app "${name}" (known: ${SSR_NAMES.join(', ')})`);
    if (!force && !isSsrStale(name)) continue;
    const started = Date.now();
    const common = { configFile: false, root: ssrRoot(name), base: `/ssr/${name}/`, logLevel: 'warn' };
    await build({
      ...common,
      plugins: await pluginsFor(name),
      build: { outDir: join(ssrRoot(name), 'dist'), emptyOutDir: true, sourcemap: true, reportCompressedSize: false },
    });
    await build({
      ...common,
      plugins: await pluginsFor(name),
      // Frameworks stay external (the e2e package has them); devalue is core's own dependency.
      ssr: { noExternal: ['devalue'] },
      build: { ssr: SSR_APPS[name].entry, outDir: join(ssrRoot(name), 'dist-server'), emptyOutDir: true, reportCompressedSize: false },
    });
    log(`built ssr/${name} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    built.push(name);
  }
  return built;
}

/** Id of the script holding the serialized store (apps/ssr/todos.ts reads the same). */
const STATE_ID = 'resto-state';

/**
 * Page renderers for the e2e server's `pages` option: '/ssr/<name>/' -> the built
 * index.html with the server-rendered markup and the store filled in (a string, or
 * chunks when the app's `render` streams).
 */
export async function ssrPages(names = SSR_NAMES) {
  const pages = {};
  for (const name of names) {
    const template = readFileSync(join(ssrRoot(name), 'dist', 'index.html'), 'utf8');
    const { render } = await import(pathToFileURL(ssrServerFile(name)).href);
    const [head, tail] = template.split('<!--app-html-->');
    const withState = (state) => tail.replace('<!--app-state-->', `<script type="application/json" id="${STATE_ID}">${state}</script>`);
    pages[`/ssr/${name}/`] = async (origin) => {
      const rendered = await render(origin);
      if (!rendered.stream) return head + rendered.html + withState(rendered.state);
      // Streamed (React): the page goes out as it renders; module scripts run only once
      // the document is complete, so the state written last is there before hydration.
      return (async function* () {
        yield head;
        for await (const chunk of rendered.stream) yield chunk;
        yield withState(rendered.state());
      })();
    };
  }
  return pages;
}

/** Static mounts for the SSR apps' assets (their index.html is rendered by `ssrPages`). */
export const ssrStatic = (names = SSR_NAMES) => Object.fromEntries(names.map((n) => [`/ssr/${n}/`, join(ssrRoot(n), 'dist')]));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((a) => !a.startsWith('--'));
  const ssr = args.includes('--ssr');
  (ssr ? buildSsrApps({ names: names.length ? names : SSR_NAMES, force }) : buildApps({ names: names.length ? names : APP_NAMES, force })).then(
    (built) => {
      if (!built.length) console.log('apps are up to date');
      // Plugins may hold handles (esbuild service); the work is done.
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
