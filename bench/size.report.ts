// Bundle-size section of RESULTS.md: every typical app import, Resto and peers.
import { APPS, BUDGET_GZIP, DEVTOOLS_APPS, PAY_FOR_IMPORT_APPS, STEP_APPS, kB, measure, type Size } from './size';
import { report } from './harness';

process.env.SIZE_TOP ??= '20';

/** Rows of the by-layer table: core's folders in flow order, path-to-regexp, the adapter, the rest. */
const LAYERS = ['core/rest', 'path-to-regexp', 'core/endpoint', 'core/schema', 'core/normalize', 'core/state', 'core/controller', 'core/environment', 'core/managers', 'core/client', 'core/dev', 'adapter', 'other'];
function byLayer(size: Size): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [path, bytes] of Object.entries(size.bytesByInput)) {
    const core = /core\/dist\/([a-z]+)\//.exec(path);
    const layer = core ? `core/${core[1]}` : path.startsWith('path-to-regexp/') ? 'path-to-regexp' : /adapter-[a-z]+\//.test(path) ? 'adapter' : 'other';
    const row = LAYERS.includes(layer) ? layer : 'other';
    out[row] = (out[row] ?? 0) + bytes;
  }
  return out;
}
const sizes = [];
for (const app of APPS) sizes.push({ app, size: await measure(app) });
// The peer to beat is the current data-client (0.18), not the installable 0.9.
const dc = sizes.find((s) => s.app.name.startsWith('@data-client/react 0.18'))!.size;
const restoApps = sizes.filter(({ app }) => app.resto);
const lines = [
  `| typical app import | minified | gzip | vs ${kB(BUDGET_GZIP)} target | vs data-client 0.18 |`,
  '|---|---:|---:|---:|---:|',
  ...sizes.map(({ app, size }) =>
    `| ${app.name} | ${kB(size.minified)} | **${kB(size.gzip)}** | ${app.resto ? (size.gzip <= BUDGET_GZIP ? 'within' : `+${kB(size.gzip - BUDGET_GZIP)} over`) : '-'} | ${(size.gzip / dc.gzip).toFixed(2)}x |`,
  ),
  '',
  'What each imports:',
  '',
  ...sizes.map(({ app }) => `- ${app.name}: \`${app.imports.replace(/\n/g, ' ')}\``),
  '',
  'Where the Resto apps\' bytes are, by layer of core (its folders) and the adapter (minified bytes in the output; gzip is about a third):',
  '',
  `| layer | ${restoApps.map(({ app }) => app.name).join(' | ')} |`,
  `|---|${restoApps.map(() => '---:').join('|')}|`,
  ...LAYERS.map((layer) => `| ${layer} | ${restoApps.map(({ size }) => (byLayer(size)[layer] ?? 0).toLocaleString('en-US')).join(' | ')} |`),
  '',
  'Biggest modules in the Resto React app (minified bytes in the output):',
  '',
  '| module | bytes |',
  '|---|---:|',
  ...sizes[0]!.size.top.map((t) => `| ${t.path} | ${t.bytes.toLocaleString('en-US')} |`),
];
const steps = [];
for (const app of STEP_APPS) steps.push({ app, size: await measure(app) });
lines.push(
  '',
  'The React app a step at a time (each row includes the ones above it):',
  '',
  '| app | minified | gzip | step adds (gzip) |',
  '|---|---:|---:|---:|',
  ...steps.map(({ app, size }, i) => `| ${app.name} | ${kB(size.minified)} | ${kB(size.gzip)} | ${i ? `+${kB(size.gzip - steps[i - 1]!.size.gzip)}` : kB(size.gzip)} |`),
);
const devtools = {
  without: await measure(DEVTOOLS_APPS.without),
  production: await measure(DEVTOOLS_APPS.production),
  development: await measure(DEVTOOLS_APPS.development),
};
lines.push(
  '',
  'Devtools: the React app with its own client, then with `@resto/devtools` wired behind `import.meta.env.DEV` as its README says:',
  '',
  '| build | minified | gzip | minified bytes from @resto/devtools |',
  '|---|---:|---:|---:|',
  ...(['without', 'production', 'development'] as const).map(
    (k) => `| ${DEVTOOLS_APPS[k].name} | ${kB(devtools[k].minified)} | ${kB(devtools[k].gzip)} | ${Object.entries(devtools[k].bytesByInput).filter(([p]) => p.includes('devtools/')).reduce((n, [, b]) => n + b, 0).toLocaleString('en-US')} |`,
  ),
);
const paid = Object.fromEntries(
  await Promise.all(Object.entries(PAY_FOR_IMPORT_APPS).map(async ([k, app]) => [k, await measure(app)] as const)),
) as Record<keyof typeof PAY_FOR_IMPORT_APPS, Size>;
const adds = (k: keyof typeof PAY_FOR_IMPORT_APPS, base: keyof typeof PAY_FOR_IMPORT_APPS) =>
  `| ${PAY_FOR_IMPORT_APPS[k].name} | ${kB(paid[k].gzip)} | +${kB(paid[k].gzip - paid[base].gzip)} |`;
lines.push(
  '',
  'Extras that arrive with the import that uses them (gzip; each row against the app above its group):',
  '',
  '| app | gzip | adds |',
  '|---|---:|---:|',
  `| ${PAY_FOR_IMPORT_APPS.without.name} | ${kB(paid.without.gzip)} | |`,
  adds('polling', 'without'),
  adds('query', 'without'),
  adds('pagination', 'without'),
  adds('hydration', 'without'),
  `| ${PAY_FOR_IMPORT_APPS.managers.name} | ${kB(paid.managers.gzip)} | |`,
  adds('timeout', 'managers'),
  adds('offline', 'managers'),
  adds('windowEvents', 'managers'),
  `| ${PAY_FOR_IMPORT_APPS.coreWithout.name} | ${kB(paid.coreWithout.gzip)} | |`,
  adds('pollingCore', 'coreWithout'),
  adds('queryCore', 'coreWithout'),
  adds('hydrationCore', 'coreWithout'),
);
for (const { app, size } of sizes) console.log(`${app.name.padEnd(45)} ${kB(size.minified).padStart(9)} ${kB(size.gzip).padStart(9)}`);
report({
  suite: 'size',
  title: 'Bundle size',
  libs: [],
  peer: '',
  rows: [],
  markdown: lines.join('\n'),
  notes: [
    'esbuild (minify, ESM, browser + module conditions, `NODE_ENV=production`), the UI framework external, gzip level 9; 1 kB = 1,000 bytes. `.svelte.ts` modules are compiled with Svelte\'s compiler as vite-plugin-svelte would.',
  ],
});
