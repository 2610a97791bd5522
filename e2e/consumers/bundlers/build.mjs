// Builds typical.js for production with each bundler as a user configures it by
// default: only `process.env.NODE_ENV` defined, no export conditions added by hand.
// Prints one JSON line: { [bundler]: output file }.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// As in a user's shell: NODE_ENV unset (vitest's NODE_ENV=test would make Rollup's
// node-resolve and Vite pick the development condition).
delete process.env.NODE_ENV;

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const entry = join(here, 'typical.js');
const external = (id) => /^(react|react-dom)(\/|$)/.test(id);
const files = {};

// esbuild, plain: the define only (no `production` condition).
const esbuild = await import('esbuild');
for (const [name, conditions] of [['esbuild', undefined], ['esbuild-production-condition', ['production']]]) {
  files[name] = join(out, `${name}.js`);
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    outfile: files[name],
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(conditions ? { conditions } : {}),
    logLevel: 'error',
  });
}

// Rollup with node-resolve's default conditions and the usual replace plugin.
const { rollup } = await import('rollup');
const { nodeResolve } = await import('@rollup/plugin-node-resolve');
const { default: replace } = await import('@rollup/plugin-replace');
const bundle = await rollup({
  input: entry,
  external,
  plugins: [nodeResolve(), replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } })],
  onwarn: () => {},
});
files.rollup = join(out, 'rollup.js');
await bundle.write({ file: files.rollup, format: 'es' });
await bundle.close();

// webpack in production mode (it defines NODE_ENV and minifies).
const { default: webpack } = await import('webpack');
files.webpack = join(out, 'webpack.js');
await new Promise((resolve, reject) =>
  webpack(
    {
      mode: 'production',
      entry,
      output: { path: out, filename: 'webpack.js', library: { type: 'module' } },
      experiments: { outputModule: true },
      externals: { react: 'module react', 'react-dom': 'module react-dom', 'react/jsx-runtime': 'module react/jsx-runtime' },
      externalsType: 'module',
    },
    (err, stats) => (err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve()),
  ),
);

// Vite (library mode, production).
const { build } = await import('vite');
await build({
  configFile: false,
  logLevel: 'error',
  mode: 'production',
  build: {
    outDir: join(out, 'vite'),
    emptyOutDir: true,
    lib: { entry, formats: ['es'], fileName: () => 'vite.js' },
    rollupOptions: { external },
  },
});
files.vite = join(out, 'vite', 'vite.js');

console.log(JSON.stringify(files));
