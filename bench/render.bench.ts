// Render suite: real Chromium (Debian's, driven by playwright-core) renders 1,000 and
// 10,000 rows from a list endpoint (answered from memory, no network) with Resto
// React, Vue and Svelte, data-client React 0.18 (vendored build) and TanStack react-query, then
// updates one entity, a shared nested author, pushes and deletes one item.
// Run alone: node --import tsx render.bench.ts
import { buildPages, CHROMIUM, LABEL, launch, LIBS, loadFixtures, serve } from './browser';
import { report, type Row } from './harness';

const SIZES = (process.env.RENDER_SIZES ?? '1000,10000').split(',').map(Number);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 2);
const BUDGET_MS = Number(process.env.RENDER_BUDGET_MS ?? 700);

type OpResult = { median: number; mean: number; iterations: number };
const OPS = ['mount', 'update one entity', 'update shared author', 'push one item', 'delete one item'] as const;

await buildPages();
const fixtures = loadFixtures();
const { server, origin } = await serve();
const browser = await launch();

// best (lowest median) per size / lib / op over the rounds
const best = new Map<string, OpResult>();
const started = Date.now();
try {
  for (const n of SIZES) {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...LIBS].reverse() : [...LIBS];
      for (const lib of order) {
        const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(`${e.message}\n${e.stack}`));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        try {
          await page.goto(`${origin}/${lib}.html`);
          await page.waitForFunction(() => (window as any).bench?.ready === true, null, { timeout: 15_000 });
          const res: Record<string, OpResult> = await page.evaluate(
            (opts) => (window as any).bench.run(opts),
            { fixtures, n, budgetMs: BUDGET_MS, mounts: n >= 10_000 ? 3 : 5 },
          );
          for (const [op, r] of Object.entries(res)) {
            const key = `${n}|${lib}|${op}`;
            const prev = best.get(key);
            if (!prev || r.median < prev.median) best.set(key, r);
          }
          process.stderr.write(
            `  ${n} rows ${lib} (round ${round + 1}): ${OPS.map((o) => `${o} ${res[o]!.median.toFixed(2)} ms`).join(', ')}\n`,
          );
        } catch (e) {
          throw new Error(`${lib} with ${n} rows failed: ${(e as Error).message}\n${errors.join('\n')}`);
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.error(`  render suite took ${((Date.now() - started) / 1000).toFixed(0)} s`);

const rows: Row[] = [];
for (const n of SIZES) {
  for (const op of OPS) {
    const hz: Record<string, number | null> = {};
    const extra: Record<string, string> = {};
    for (const lib of LIBS) hz[LABEL[lib]!] = best.get(`${n}|${lib}|${op}`)?.median ?? null;
    const dc = hz['data-client React'];
    for (const lib of ['Resto React', 'Resto Vue', 'Resto Svelte']) {
      extra[`${lib} vs data-client`] = hz[lib] && dc ? `${(dc / hz[lib]!).toFixed(2)}x` : '-';
    }
    rows.push({ case: `${op} (${n.toLocaleString('en-US')} rows)`, hz, extra });
  }
}
report({
  suite: 'render',
  title: 'Render: Chromium, ms per operation (median, lower is better)',
  libs: LIBS.map((l) => LABEL[l]!),
  peer: 'data-client React',
  unit: 'ms',
  rows,
  notes: [
    `Headless Chromium (${CHROMIUM}), production Vite builds of bench/render/*.html. Each page renders \`<ul id="list">\` with one \`<li>\` per row (name, author name, type): React rows are \`memo\` components, Vue rows a child component, Svelte a keyed \`{#each}\`. Rows: one per build type of projects.json, repeated to the size, each with its author (one of 20 users made from github-user.json) nested in full; the list endpoint is \`GET /rows\`, answered from memory by a stubbed \`fetch\` (the same JSON text for every library).`,
    'Mutations go into the store the way an app receives pushed data: Resto and data-client `controller.setResponse(Resource.get | UserResource.get | getList.push | delete, ...)`; TanStack `setQueryData` rewriting the cached list (not normalized: the author update maps over every row). Times run from the call until the DOM shows the change plus one macrotask turn; mount runs from `render()` until every row is in the DOM (fetch stub, JSON parse, normalize, render).',
    `Best median of ${ROUNDS} rounds (libraries in alternating order), ${BUDGET_MS} ms per operation kind per round; ratios are data-client's ms / Resto's ms (above 1 = Resto faster). ops/s = 1000 / ms.`,
  ],
});
process.exit(0);
