#!/usr/bin/env node
// Builds the four demo apps with Vite's JavaScript API, each for its mount on
// the e2e server (/react/, /vue/, /svelte/, /wc/). An app whose dist is newer
// than every source it depends on (its folder, shared/, core and its adapter)
// is skipped. `node apps/build.mjs [--force] [react vue svelte wc]`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** name -> where it is mounted and what it is made of. */
export const APPS = {
  wc: { title: 'Web component', sources: ['core/src', 'devtools/src'] },
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((a) => !a.startsWith('--'));
  buildApps({ names: names.length ? names : APP_NAMES, force }).then(
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
