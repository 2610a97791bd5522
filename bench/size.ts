// Bundle size of a typical app import: esbuild-minified (production, ESM, the UI
// framework external) and gzipped (level 9), from the built packages (dist/, what
// npm users get). Used by test/size.test.ts (the budget, run in CI) and by
// size.report.ts (RESULTS.md, peers included).
import { build, transform, type Plugin } from 'esbuild';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchDir } from './harness';

/** Budget for every Resto typical-app import, gzip bytes (1 kB = 1,000 bytes). */
export const BUDGET_GZIP = 12_000;

export interface App {
  name: string;
  /** Is it Resto (budgeted) or a peer (reported only)? */
  resto: boolean;
  /** The typical import, as an app writes it. */
  imports: string;
  /** Code using what was imported, so nothing is shaken away. */
  code: string;
  /** Extra compile-time constants (e.g. `import.meta.env.DEV`). */
  define?: Record<string, string>;
  /** Imports resolved as others (a Preact app's react -> preact/compat). */
  alias?: Record<string, string>;
}

/** What a Preact app's bundler aliases to run React libraries on preact/compat. */
const PREACT_COMPAT: Record<string, string> = { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' };

const todo = (Entity: string) => `
class Todo extends ${Entity} { id = 0; title = ''; completed = false; pk() { return this.id; } static key = 'Todo'; }
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
`;

export const APPS: App[] = [
  {
    name: 'Resto React',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';`,
    code: `${todo('Entity')}export { useSuspense, DataProvider, useController };`,
  },
  {
    name: 'Resto Vue',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, createResto, useController } from '@resto/vue';`,
    code: `${todo('Entity')}export { useSuspense, createResto, useController };`,
  },
  {
    name: 'Resto Svelte',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, setClient, useController } from '@resto/svelte';`,
    code: `${todo('Entity')}export { useSuspense, setClient, useController };`,
  },
  {
    name: 'Resto Lit',
    resto: true,
    // No plugin creates the client here: the app element creates it and provides it.
    imports: `import { resource, Entity, createClient } from '@resto/core';\nimport { SuspenseController, provideClient, ClientController } from '@resto/lit';`,
    code: `${todo('Entity')}export const client = createClient();\nexport { SuspenseController, provideClient, ClientController };`,
  },
  {
    name: 'Resto Solid',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, RestoProvider, useController } from '@resto/solid';`,
    code: `${todo('Entity')}export { useSuspense, RestoProvider, useController };`,
  },
  {
    name: '@tanstack/solid-query 5 (not normalized)',
    resto: false,
    imports: `import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/solid-query';`,
    code: `export const client = new QueryClient();\nexport { QueryClientProvider, useQuery, useQueryClient };`,
  },
  {
    name: 'Resto Angular',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, provideResto, useController } from '@resto/angular';`,
    code: `${todo('Entity')}export { useSuspense, provideResto, useController };`,
  },
  {
    // @resto/react on Preact: the app's bundler aliases react and react-dom to preact/compat
    // (adapter-react/PREACT.md); Preact is the framework, so compat is external too.
    name: 'Resto Preact (@resto/react on preact/compat)',
    resto: true,
    imports: `import { resource, Entity } from '@resto/core';\nimport { useSuspense, DataProvider, useController } from '@resto/react';`,
    code: `${todo('Entity')}export { useSuspense, DataProvider, useController };`,
    alias: PREACT_COMPAT,
  },
  {
    name: '@data-client/react 0.9.9 (+ rest 0.9.9)',
    resto: false,
    imports: `import { createResource as resource, Entity } from '@data-client/rest';\nimport { useSuspense, CacheProvider, useController } from '@data-client/react';`,
    code: `${todo('Entity')}export { useSuspense, CacheProvider, useController };`,
  },
  {
    // The vendored reference build (one esbuild bundle of its sources, production mode):
    // the published packages are not installable here. See vendor/data-client-0.18/README.md.
    name: '@data-client/react 0.18 (reference build)',
    resto: false,
    imports: `import { resource, Entity, useSuspense, DataProvider, useController } from './vendor/data-client-0.18/react.mjs';`,
    code: `${todo('Entity')}export { useSuspense, DataProvider, useController };`,
  },
  {
    name: '@tanstack/react-query 5 (not normalized)',
    resto: false,
    imports: `import { QueryClient, QueryClientProvider, useSuspenseQuery, useQueryClient } from '@tanstack/react-query';`,
    code: `export const client = new QueryClient();\nexport { QueryClientProvider, useSuspenseQuery, useQueryClient };`,
  },
  {
    name: '@tanstack/lit-query 0.2 (not normalized)',
    resto: false,
    imports: `import { QueryClient, QueryClientProvider, createQueryController, useQueryClient } from '@tanstack/lit-query';`,
    code: `export const client = new QueryClient();\nexport { QueryClientProvider, createQueryController, useQueryClient };`,
  },
  {
    name: '@tanstack/angular-query-experimental 5 (not normalized)',
    resto: false,
    imports: `import { QueryClient, provideTanStackQuery, injectQuery, injectQueryClient } from '@tanstack/angular-query-experimental';`,
    code: `export const client = new QueryClient();\nexport { provideTanStackQuery, injectQuery, injectQueryClient };`,
  },
  {
    name: '@tanstack/preact-query 5 (not normalized)',
    resto: false,
    imports: `import { QueryClient, QueryClientProvider, useSuspenseQuery, useQueryClient } from '@tanstack/preact-query';`,
    code: `export const client = new QueryClient();\nexport { QueryClientProvider, useSuspenseQuery, useQueryClient };`,
  },
  {
    name: '@apollo/client 3 (normalized, GraphQL)',
    resto: false,
    imports: `import { ApolloClient, InMemoryCache, ApolloProvider, useSuspenseQuery, useApolloClient, gql } from '@apollo/client';`,
    code: `export const client = new ApolloClient({ uri: '/graphql', cache: new InMemoryCache() });\nexport const Q = gql\`query { todos { id title } }\`;\nexport { ApolloProvider, useSuspenseQuery, useApolloClient };`,
  },
];

/**
 * The React app with a client of its own, without devtools and with them wired as
 * the devtools README says (manager and panel behind `import.meta.env.DEV`), built
 * for production and for development. Production must weigh exactly the same as
 * without devtools; development shows what the panel costs when it is used.
 */
const reactWithClient = (devtools: boolean) => ({
  imports: `import { resource, Entity, createClient, getDefaultManagers } from '@resto/core';
import { useSuspense, DataProvider, useController } from '@resto/react';${devtools ? "\nimport { DevtoolsManager } from '@resto/devtools';" : ''}`,
  code: `${todo('Entity')}
export const client = createClient({ managers: [${devtools ? '...(import.meta.env.DEV ? [new DevtoolsManager()] : []), ' : ''}...getDefaultManagers()] });
${devtools ? "if (import.meta.env.DEV) import('@resto/devtools').then(({ mountDevtools }) => mountDevtools(client));\n" : ''}export { useSuspense, DataProvider, useController };`,
});

export const DEVTOOLS_APPS: Record<'without' | 'production' | 'development', App> = {
  without: { name: 'Resto React, no devtools', resto: true, ...reactWithClient(false), define: { 'import.meta.env.DEV': 'false' } },
  production: { name: 'Resto React + devtools, production', resto: true, ...reactWithClient(true), define: { 'import.meta.env.DEV': 'false' } },
  development: { name: 'Resto React + devtools, development', resto: true, ...reactWithClient(true), define: { 'import.meta.env.DEV': 'true' } },
};

/** The typical React app with and without `@resto/core/persist` (what opting in costs). */
export const PERSIST_APPS: Record<'without' | 'with', App> = {
  without: { name: 'Resto React, no persistence', resto: true, ...reactWithClient(false) },
  with: (() => {
    const app = reactWithClient(false);
    return {
      name: 'Resto React + PersistManager',
      resto: true,
      imports: `${app.imports}\nimport { PersistManager } from '@resto/core/persist';`,
      code: app.code.replace('managers: [', "managers: [new PersistManager({ buster: 'v1' }), "),
    };
  })(),
};

/** The typical React app with and without `@resto/core/sync` (what tab sync costs). */
export const SYNC_APPS: Record<'without' | 'with', App> = {
  without: { name: 'Resto React, no tab sync', resto: true, ...reactWithClient(false) },
  with: (() => {
    const app = reactWithClient(false);
    return {
      name: 'Resto React + tabSync',
      resto: true,
      imports: `${app.imports}\nimport { tabSync } from '@resto/core/sync';`,
      code: app.code.replace('managers: [', 'managers: [tabSync(), '),
    };
  })(),
};

/** The typical React app with and without `@resto/core/live` (what server push costs). */
export const LIVE_APPS: Record<'without' | 'with', App> = {
  without: { name: 'Resto React, no live stream', resto: true, ...reactWithClient(false) },
  with: (() => {
    const app = reactWithClient(false);
    return {
      name: 'Resto React + liveStream',
      resto: true,
      imports: `${app.imports}\nimport { liveStream } from '@resto/core/live';`,
      code: app.code.replace('managers: [', "managers: [liveStream({ url: '/events', messages: { 'todo.updated': Todo } }), "),
    };
  })(),
};

/** The React app with its own client and `manager` (a core export) added to the defaults. */
const reactWithManager = (manager: string): App => {
  const app = reactWithClient(false);
  return {
    name: `Resto React + ${manager}`,
    resto: true,
    imports: app.imports.replace('getDefaultManagers }', `getDefaultManagers, ${manager} }`),
    code: app.code.replace('...getDefaultManagers()]', `...getDefaultManagers(), new ${manager}()]`),
  };
};

/**
 * The typical React app with and without the opt-in retries and window events
 * (`RetryManager`, `WindowEventsManager`): what adding each costs.
 */
export const OPT_IN_APPS: Record<'without' | 'retries' | 'windowEvents', App> = {
  without: { name: 'Resto React, defaults', resto: true, ...reactWithClient(false) },
  retries: reactWithManager('RetryManager'),
  windowEvents: reactWithManager('WindowEventsManager'),
};

/** The typical React app with `names` more imported from `@resto/react` (and used). */
const reactWith = (label: string, names: string[]): App => ({
  name: `Resto React + ${label}`,
  resto: true,
  imports: APPS[0]!.imports.replace('useController }', `useController, ${names.join(', ')} }`),
  code: APPS[0]!.code.replace('useController }', `useController, ${names.join(', ')} }`),
});

/**
 * The typical React app and what each extra that arrives with its import adds (issue 41,
 * "pay for what you import"): polling with `useSubscription`/`useLive`, derived reads
 * with `useQuery`, hydration with `hydrateOnce` (what the SSR helpers use), the per-try
 * timeout with `TimeoutManager`, the offline hold with `OfflineManager` (or with
 * `WindowEventsManager`, which adds the window's events and focus/reconnect), the expiry
 * timer with `createClient({ expiryTimer })`; for a web
 * component, core's `PollingModes`, `QueryObserver`, and `hydrate`/`dehydrate`.
 */
export const PAY_FOR_IMPORT_APPS: Record<
  'without' | 'polling' | 'query' | 'pagination' | 'hydration' | 'managers' | 'timeout' | 'offline' | 'windowEvents' | 'expiryTimer' | 'coreWithout' | 'pollingCore' | 'queryCore' | 'hydrationCore',
  App
> = {
  without: { ...APPS[0]!, name: 'Resto React (typical app)' },
  polling: reactWith('useLive, useSubscription (polling)', ['useLive', 'useSubscription']),
  query: reactWith('useQuery (derived reads)', ['useQuery']),
  pagination: reactWith('usePagination (page info)', ['usePagination']),
  hydration: {
    name: 'Resto React + hydrateOnce (hydrating a server render)',
    resto: true,
    imports: `${APPS[0]!.imports}\nimport { hydrateOnce } from '@resto/core';`,
    code: `${APPS[0]!.code}\nexport { hydrateOnce };`,
  },
  // The typical app listing its managers (getDefaultManagers()), then one opt-in manager more.
  managers: OPT_IN_APPS.without,
  timeout: reactWithManager('TimeoutManager'),
  offline: reactWithManager('OfflineManager'),
  windowEvents: reactWithManager('WindowEventsManager'),
  // Mounted reads armed with a timer at their data's expiry (compare with `managers`).
  expiryTimer: (() => {
    const app = reactWithClient(false);
    return {
      name: 'Resto React + createClient({ expiryTimer })',
      resto: true,
      imports: app.imports.replace('getDefaultManagers }', 'getDefaultManagers, expiryTimer }'),
      code: app.code.replace('createClient({ managers:', 'createClient({ expiryTimer, managers:'),
    };
  })(),
  coreWithout: {
    name: 'Resto core, one read (a web component)',
    resto: true,
    imports: `import { resource, Entity, createClient } from '@resto/core';`,
    code: `${todo('Entity')}export const client = createClient();\nexport const read = client.observe(TodoResource.get, { id: 1 });`,
  },
  pollingCore: {
    name: 'Resto core + PollingModes (a polling web component)',
    resto: true,
    imports: `import { resource, Entity, createClient, PollingModes } from '@resto/core';`,
    code: `${todo('Entity')}export const client = createClient();\nexport const read = client.observeWith(PollingModes.live, TodoResource.get, [{ id: 1 }]);`,
  },
  queryCore: {
    name: 'Resto core + QueryObserver (a derived read in a web component)',
    resto: true,
    imports: `import { resource, Entity, createClient, QueryObserver } from '@resto/core';`,
    code: `${todo('Entity')}export const client = createClient();\nexport const read = new QueryObserver(client, Todo, [{ id: 1 }]);`,
  },
  hydrationCore: {
    name: 'Resto core + hydrate, dehydrate (a web component hydrating)',
    resto: true,
    imports: `import { resource, Entity, createClient, hydrate, dehydrate } from '@resto/core';`,
    code: `${todo('Entity')}export const client = createClient();\nexport const read = client.observe(TodoResource.get, { id: 1 });\nexport const load = (text: string) => hydrate(client, JSON.parse(text));\nexport const save = () => JSON.stringify(dehydrate(client));`,
  },
};

/**
 * The typical React app built up a step at a time: declaring the resource only (what the
 * spec's RestEndpoint, resource, Entity and Collection weigh), then a client, then the
 * adapter. Shows which part of the budget each layer takes.
 */
export const STEP_APPS: App[] = [
  { name: 'resource + Entity, declared only', resto: true, imports: `import { resource, Entity } from '@resto/core';`, code: todo('Entity') },
  {
    name: '+ createClient()',
    resto: true,
    imports: `import { resource, Entity, createClient } from '@resto/core';`,
    code: `${todo('Entity')}export const client = createClient();`,
  },
  { ...APPS[0]!, name: '+ @resto/react (the typical React app)' },
];

/** The framework is the app's, not the library's: never counted. */
const FRAMEWORKS = ['react', 'react-dom', 'react/*', 'react-dom/*', 'vue', 'svelte', 'svelte/*'];
// Lit is the framework of a web-component app (@lit/context, a helper both Lit adapters use, is counted).
FRAMEWORKS.push('lit', 'lit/*', 'lit-html', 'lit-html/*', 'lit-element', 'lit-element/*', '@lit/reactive-element', '@lit/reactive-element/*');
FRAMEWORKS.push('solid-js', 'solid-js/*');
FRAMEWORKS.push('@angular/*');
FRAMEWORKS.push('preact', 'preact/*');

/** Svelte runes in `.svelte.ts` modules need Svelte's compiler (what vite-plugin-svelte does). */
const svelteModules: Plugin = {
  name: 'svelte-modules',
  setup(b) {
    b.onLoad({ filter: /\.svelte\.(ts|js)$/ }, async (args) => {
      const { compileModule } = await import('svelte/compiler');
      let source = await readFile(args.path, 'utf8');
      if (args.path.endsWith('.ts')) source = (await transform(source, { loader: 'ts', target: 'es2022' })).code;
      const out = compileModule(source, { filename: args.path, generate: 'client', dev: false });
      return { contents: out.js.code, loader: 'js', resolveDir: args.path.slice(0, args.path.lastIndexOf('/')) };
    });
  },
};

/** Folder of each published package in the repository. */
const PACKAGE_DIRS: Record<string, string> = {
  '@resto/core': 'core',
  '@resto/react': 'adapter-react',
  '@resto/vue': 'adapter-vue',
  '@resto/svelte': 'adapter-svelte',
  '@resto/devtools': 'devtools',
  '@resto/lit': 'adapter-lit',
  '@resto/solid': 'adapter-solid',
  '@resto/angular': 'adapter-angular',
};

/**
 * Resolves `@resto/*` to the built `dist/` files as the published exports map
 * does (the workspace's own exports point at sources). Run `npm run build` first.
 */
const builtPackages: Plugin = {
  name: 'built-packages',
  setup(b) {
    b.onResolve({ filter: /^@resto\/lit$/ }, () => {
      const path = join(benchDir, '..', 'adapter-lit', 'dist', 'index.js');
      return existsSync(path) ? { path } : { errors: [{ text: `${path} is missing: run \`npm run build\` first` }] };
    });
    b.onResolve({ filter: /^@resto\/solid$/ }, () => ({ path: join(benchDir, '..', 'adapter-solid', 'dist', 'index.js') }));
    b.onResolve({ filter: /^@resto\/angular$/ }, () => ({ path: join(benchDir, '..', PACKAGE_DIRS['@resto/angular']!, 'dist/index.js') }));
    b.onResolve({ filter: /^@resto\/(core|react|vue|svelte|devtools)(\/.*)?$/ }, (args) => {
      const [, name, sub] = /^(@resto\/[a-z]+)(\/.*)?$/.exec(args.path)!;
      // core's builds for bundlers, by its exports' conditions: dist/production/ (`production`)
      // or dist/bundler/ (`default`; `node` gets dist/); reported as dist/ (the same modules)
      const build = b.initialOptions.conditions?.includes('production') ? 'dist/production' : 'dist/bundler';
      const dist = join(benchDir, '..', PACKAGE_DIRS[name!]!, name === '@resto/core' ? build : 'dist');
      // An entry is either dist/<sub>.js (internal) or dist/<sub>/index.js (persist, mock), as the exports map says.
      const path = !sub ? join(dist, 'index.js') : [join(dist, `${sub.slice(1)}.js`), join(dist, sub.slice(1), 'index.js')].find(existsSync) ?? join(dist, sub.slice(1), 'index.js');
      if (!existsSync(path)) return { errors: [{ text: `${path} is missing: run \`npm run build\` first` }] };
      return { path };
    });
  },
};

export interface Size {
  name: string;
  resto: boolean;
  minified: number;
  gzip: number;
  /** The biggest inputs by minified bytes (what to look at when a budget fails). */
  top: { path: string; bytes: number }[];
  /** Minified bytes in the output per input path (node_modules prefixes stripped). */
  bytesByInput: Record<string, number>;
  /** The minified bundle (what tests search for texts that must not ship). */
  code: string;
}

/**
 * `plain`: built as a bundler with no export conditions of its own does (plain esbuild,
 * Rollup with node-resolve's defaults): only `process.env.NODE_ENV` is defined, and core's
 * `#dev` resolves through its `default` condition. The default measurement adds the
 * `production` condition, as Vite and webpack production builds do.
 */
export async function measure(app: App, { plain = false }: { plain?: boolean } = {}): Promise<Size> {
  const result = await build({
    stdin: { contents: `${app.imports}\n${app.code}\n`, resolveDir: benchDir, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    ...(plain ? {} : { conditions: ['browser', 'module', 'production'] }),
    define: { 'process.env.NODE_ENV': '"production"', __DEV__: 'false', ...app.define },
    external: FRAMEWORKS,
    alias: app.alias,
    metafile: true,
    logLevel: 'silent',
    plugins: [builtPackages, svelteModules],
  });
  const code = result.outputFiles[0]!.contents;
  const text = result.outputFiles[0]!.text;
  if (process.env.SIZE_DUMP) writeFileSync(`${process.env.SIZE_DUMP}/${app.name.replace(/\W+/g, '-')}.js`, code);
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  const all = Object.entries(inputs)
    .map(([path, v]) => ({ path: path.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^\.\.\//, '').replace(/^core\/dist\/(bundler|production)\//, 'core/dist/'), bytes: v.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
  const top = all.slice(0, Number(process.env.SIZE_TOP ?? 8));
  const bytesByInput = Object.fromEntries(all.map((i) => [i.path, i.bytes]));
  return { name: app.name, resto: app.resto, minified: code.length, gzip: gzipSync(code, { level: 9 }).length, top, bytesByInput, code: text };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
