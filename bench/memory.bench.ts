// Memory suite: heap retained after 10,000 entities were stored and released, with
// garbage collection on. Two views:
// - per adapter, in Chromium: the render pages show 10,000 rows, then the list is
//   unmounted while the provider and its store stay (an app going on), the library's
//   own GC runs "an hour later", then V8's GC (CDP HeapProfiler.collectGarbage);
// - the client alone, in node --expose-gc: Resto createClient() and data-client's
//   Controller + reducer store 10,000 entities through one observed read, which is
//   then released.
// Run alone: node --expose-gc --import tsx memory.bench.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as resto from '@resto/core';
import { Controller as DController, createReducer, initialState as dInitialState } from '@data-client/core';
import { Entity as DEntity, RestEndpoint as DRestEndpoint } from '@data-client/rest';
import { buildPages, LABEL, launch, LIBS, loadFixtures, serve } from './browser';
import { dataDir, report } from './harness';

const N = 10_000;
const MB = (b: number) => `${(b / 1e6).toFixed(2)} MB`;

// ------------------------------------------------------------------ node: the client alone
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const user = JSON.parse(readFileSync(join(dataDir, 'github-user.json'), 'utf8'));
const users = Array.from({ length: N }, (_, i) => ({ ...user, id: user.id + i, login: `${user.login}${i}` }));

function heap(): number {
  for (let i = 0; i < 4; i++) gc!();
  return process.memoryUsage().heapUsed;
}

class RUser extends resto.Entity {
  id = 0;
  login = '';
  name = '';
  static override key = 'User';
}
class DUser extends DEntity {
  id = 0;
  login = '';
  name = '';
  pk() {
    return `${this.id}`;
  }
  static key = 'User';
}

async function restoNode(): Promise<{ stored: number; retained: number }> {
  const list = new resto.RestEndpoint({ path: '/users', schema: [RUser], fetch: async () => users });
  const client = resto.createClient();
  const base = heap();
  let stored = 0;
  // the read lives in its own scope, as a component's would: nothing outside holds it afterwards
  await (async () => {
    const obs = client.observe(list);
    const stop = obs.subscribe(() => {});
    await obs.promise();
    if ((obs.getSnapshot().data as unknown[]).length !== N) throw new Error('resto did not store the list');
    stored = heap() - base;
    stop();
  })();
  const gcPolicy = client.managers.find((m): m is resto.GCPolicy => m instanceof resto.GCPolicy)!;
  const realNow = Date.now;
  Date.now = () => realNow() + 3_600_000;
  try {
    await gcPolicy.sweep();
    await gcPolicy.sweep();
  } finally {
    Date.now = realNow;
  }
  const left = Object.keys(client.getSnapshot().entities.User ?? {}).length;
  if (left !== 0) throw new Error(`resto GC left ${left} users`);
  const retained = heap() - base;
  client.destroy();
  return { stored, retained };
}

async function dataClientNode(): Promise<{ stored: number; retained: number }> {
  const list = new DRestEndpoint({ path: '/users', schema: [DUser], fetch: async () => users } as any);
  let state: any = dInitialState;
  const controller: any = new DController({ getState: () => state });
  const reducer = createReducer(controller);
  controller.dispatch = (a: any) => ((state = reducer(state, a)), Promise.resolve());
  const base = heap();
  let stored = 0;
  await (async () => {
    await controller.setResponse(list, await list());
    if (controller.getResponse(list, state).data.length !== N) throw new Error('data-client did not store the list');
    stored = heap() - base;
  })();
  // data-client 0.9 has no garbage collection: what nobody reads stays until reset
  const retained = heap() - base;
  return { stored, retained };
}

const nodeResults = { resto: await restoNode(), dataClient: await dataClientNode() };
console.error(
  `  client alone: resto stored ${MB(nodeResults.resto.stored)}, retained ${MB(nodeResults.resto.retained)}; data-client stored ${MB(nodeResults.dataClient.stored)}, retained ${MB(nodeResults.dataClient.retained)}`,
);

// ------------------------------------------------------------------ Chromium: per adapter
await buildPages();
const fixtures = loadFixtures();
const { server, origin } = await serve();
const browser = await launch();
const pageResults: Record<string, { mounted: number; retained: number }> = {};
try {
  for (const lib of LIBS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const usage = async () => {
      for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
      const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return u.usedSize;
    };
    try {
      await page.goto(`${origin}/${lib}.html`);
      await page.waitForFunction(() => (window as any).bench?.ready === true);
      // the fixtures are handed over before the baseline, so they are not counted
      await page.evaluate((f) => ((window as any).__fixtures = f), fixtures);
      const base = await usage();
      await page.evaluate((n) => (window as any).bench.memoryMount({ fixtures: (window as any).__fixtures, n }), N);
      const mounted = (await usage()) - base;
      await page.evaluate(() => (window as any).bench.memoryRelease());
      const retained = (await usage()) - base;
      pageResults[lib] = { mounted, retained };
      console.error(`  ${lib}: with ${N} rows shown ${MB(mounted)}, after release + GC ${MB(retained)}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}

const GC_NOTE: Record<string, string> = {
  'resto-react': 'Resto GCPolicy (default managers)',
  'resto-vue': 'Resto GCPolicy (default managers)',
  'resto-svelte': 'Resto GCPolicy (default managers)',
  'dataclient-react': 'GCPolicy of 0.18 (sweeps every 5 min): not yet run',
  'tanstack-react': 'gcTime timers (5 min): not yet run',
  'resto-solid': 'Resto GCPolicy (default managers)',
  'tanstack-solid': 'gcTime timers (5 min): not yet run',
};
const lines = [
  `| adapter | JS heap with ${N.toLocaleString('en-US')} rows shown | retained after release + GC | library GC |`,
  '|---|---:|---:|---|',
  ...LIBS.map((l) => `| ${LABEL[l]} | ${MB(pageResults[l]!.mounted)} | **${MB(pageResults[l]!.retained)}** | ${GC_NOTE[l]} |`),
  '',
  `Client alone (node --expose-gc, ${N.toLocaleString('en-US')} GitHub users through one list read):`,
  '',
  '| client | heap with the list stored | retained after release + GC |',
  '|---|---:|---:|',
  `| Resto \`createClient()\` (observer unsubscribed, GCPolicy sweep) | ${MB(nodeResults.resto.stored)} | **${MB(nodeResults.resto.retained)}** |`,
  `| data-client 0.9.7 Controller + reducer (no GC) | ${MB(nodeResults.dataClient.stored)} | **${MB(nodeResults.dataClient.retained)}** |`,
];
report({
  suite: 'memory',
  title: 'Memory',
  libs: [],
  peer: '',
  rows: [],
  markdown: lines.join('\n'),
  notes: [
    'Heap figures are above a baseline taken after the page (or process) loaded, each after forced full collections (CDP `HeapProfiler.collectGarbage` in Chromium, `gc()` in node). Chromium pages are the render suite\'s production builds: the list is unmounted while the provider and its client stay mounted (the app goes on) and what stays renders once more (React lets go of an unmounted subtree at its next commit), then the library\'s own GC runs with the clock moved an hour ahead (data expired, grace periods over). Small negative or near-zero values are noise around the baseline.',
  ],
});
process.exit(0);
