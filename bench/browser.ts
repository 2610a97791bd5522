// Shared by the render and memory suites: builds the pages under render/ with Vite,
// serves them on 127.0.0.1 and launches Debian's Chromium through playwright-core.
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { benchDir, dataDir, repoRoot } from './harness';

export const renderDir = join(benchDir, 'render');
const DATA_CLIENT_REACT = join(renderDir, '../vendor/data-client-0.18/react.mjs');
export const distDir = join(renderDir, 'dist');
export const LIBS = ['resto-react', 'resto-vue', 'resto-svelte', 'dataclient-react', 'tanstack-react', 'resto-lit', 'tanstack-lit', 'resto-solid', 'tanstack-solid', 'resto-angular', 'tanstack-angular', 'resto-preact', 'tanstack-preact'] as const;
/** Pages on Preact: built apart (buildPreactPages), with Preact's JSX and react aliased to preact/compat. */
const PREACT_LIBS: readonly string[] = ['resto-preact', 'tanstack-preact'];
export const LABEL: Record<string, string> = {
  'resto-react': 'Resto React',
  'resto-vue': 'Resto Vue',
  'resto-svelte': 'Resto Svelte',
  'dataclient-react': 'data-client React',
  'tanstack-react': 'TanStack react-query',
  'resto-lit': 'Resto Lit',
  'tanstack-lit': 'TanStack lit-query',
  'resto-solid': 'Resto Solid',
  'tanstack-solid': 'TanStack solid-query',
  'resto-angular': 'Resto Angular',
  'tanstack-angular': 'TanStack angular-query',
  'resto-preact': 'Resto Preact (compat)',
  'tanstack-preact': 'TanStack preact-query',
};
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // timers and rendering of a background page must not be throttled
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'test') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the pages with Vite unless dist is newer than every source (pages, core, adapters). */
export async function buildPages(): Promise<void> {
  const marker = join(distDir, 'resto-react.html');
  const sources = [renderDir, ...['core/src', 'adapter-react/src', 'adapter-vue/src', 'adapter-svelte/src', 'adapter-lit/src', 'adapter-solid/src', 'adapter-angular/src'].map((s) => join(repoRoot, s))];
  if (existsSync(marker) && sources.every((s) => newest(s) < statSync(marker).mtimeMs)) return;
  const started = Date.now();
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const vue = (await import('@vitejs/plugin-vue')).default;
  const { svelte } = await import('@sveltejs/vite-plugin-svelte');
  // Solid's JSX compiles with its own plugin, in render/solid/ only (React's pages are .tsx too).
  const solid = (await import('vite-plugin-solid')).default;
  await build({
    configFile: false,
    root: renderDir,
    base: './',
    logLevel: 'warn',
    plugins: [react(), vue(), svelte(), solid({ include: /\/render\/solid\// })],
    define: { 'process.env.NODE_ENV': '"production"' },
    resolve: {
      alias: {
        '@babel/runtime/helpers/jsx': join(renderDir, 'shared/babel-jsx-react19.ts'),
        // The data-client page runs the current release (0.18, vendored: not on the registry
        // reachable here), whose one React bundle also holds @data-client/rest.
        '@data-client/react': DATA_CLIENT_REACT,
        '@data-client/rest': DATA_CLIENT_REACT,
      },
    },
    build: {
      outDir: distDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      minify: !process.env.RENDER_DEBUG,
      rollupOptions: { input: Object.fromEntries(LIBS.filter((l) => !PREACT_LIBS.includes(l)).map((l) => [l, join(renderDir, `${l}.html`)])) },
    },
  });
  await buildPreactPages();
  console.error(`  built the render pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The Preact pages, into the same dist: React's entries resolve to preact/compat, as in a Preact app. */
async function buildPreactPages(): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: renderDir,
    base: './',
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    resolve: {
      alias: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      ],
      // One Preact, this folder's, also for the adapter's sources outside it.
      dedupe: ['preact'],
    },
    build: {
      outDir: distDir,
      emptyOutDir: false,
      reportCompressedSize: false,
      minify: !process.env.RENDER_DEBUG,
      rollupOptions: { input: Object.fromEntries(PREACT_LIBS.map((l) => [l, join(renderDir, `${l}.html`)])) },
    },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
export function serve(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = join(distDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!path.startsWith(distDir) || !existsSync(path) || statSync(path).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${addr.port}` });
    }),
  );
}

export function loadFixtures() {
  return {
    projects: JSON.parse(readFileSync(join(dataDir, 'projects.json'), 'utf8')),
    user: JSON.parse(readFileSync(join(dataDir, 'github-user.json'), 'utf8')),
  };
}

export function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
}
