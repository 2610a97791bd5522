// `pnpm bench`: runs every suite, each in its own node process (so one suite's JIT
// state and garbage never bill the next), and writes bench/RESULTS.md.
// `pnpm bench core render` runs only those suites (RESULTS.md keeps the others' last
// results). Environment knobs: see README.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchDir, fmt, ratio, type Section } from './harness';

const SUITES: { name: string; file: string; title: string }[] = [
  { name: 'normalizr', file: 'normalizr.bench.ts', title: 'normalizr' },
  { name: 'core', file: 'core.bench.ts', title: 'core' },
  { name: 'steady', file: 'steady.bench.ts', title: 'steady state' },
  { name: 'render', file: 'render.bench.ts', title: 'render' },
  { name: 'size', file: 'size.report.ts', title: 'size' },
  { name: 'memory', file: 'memory.bench.ts', title: 'memory' },
  { name: 'live', file: 'live.bench.ts', title: 'live' },
  // last: its mount curve reads the render suite's results of the same run
  { name: 'scaling', file: 'scaling.bench.ts', title: 'scaling' },
];
const TARGET = 1.5;
const outDir = join(benchDir, 'dist', 'results');
mkdirSync(outDir, { recursive: true });

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !SUITES.some((s) => s.name === a));
if (unknown.length) {
  console.error(`unknown suite(s) ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
let failed = 0;
for (const suite of SUITES) {
  if (asked.length && !asked.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name} (${suite.file}) ===`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', suite.file], {
    cwd: benchDir,
    stdio: 'inherit',
    env: { ...process.env, BENCH_OUT: join(outDir, `${suite.name}.json`) },
  });
  if (r.status !== 0) {
    failed++;
    console.error(`suite ${suite.name} failed (exit ${r.status})`);
  }
  console.log(`(${suite.name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

// ---------------------------------------------------------------- RESULTS.md
const sections: Section[] = [];
for (const suite of SUITES) {
  const f = join(outDir, `${suite.name}.json`);
  if (existsSync(f)) sections.push(JSON.parse(readFileSync(f, 'utf8')));
}

function opsTable(s: Section): string[] {
  const resto = s.libs[0]!;
  const head = ['case', ...s.libs.map((l) => `${l} ops/s`), `Resto / ${s.peer}`, `target ${TARGET}x`];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`];
  for (const r of s.rows) {
    const q = r.hz[resto] && r.hz[s.peer] ? r.hz[resto]! / r.hz[s.peer]! : null;
    lines.push(
      `| ${r.case} | ${s.libs.map((l) => (r.hz[l] == null ? '-' : fmt(r.hz[l]!))).join(' | ')} | **${ratio(r.hz[resto], r.hz[s.peer])}** | ${q === null ? '-' : q >= TARGET ? 'met' : `missed (${((q / TARGET) * 100).toFixed(0)} % of it)`} |`,
    );
  }
  return lines;
}

function msTable(s: Section): string[] {
  const extraCols = Object.keys(s.rows[0]?.extra ?? {});
  const head = ['case', ...s.libs.map((l) => `${l} ms`), ...extraCols];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`];
  for (const r of s.rows) {
    lines.push(
      `| ${r.case} | ${s.libs.map((l) => (r.hz[l] == null ? '-' : r.hz[l]!.toFixed(2))).join(' | ')} | ${extraCols.map((c) => `**${r.extra![c]}**`).join(' | ')} |`,
    );
  }
  return lines;
}

const cpu = cpus();
const md: string[] = [
  '# Benchmark results',
  '',
  `Written by \`pnpm bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} at the end. A shared, noisy machine: single ratios move by ±30 % between runs; read bench/README.md for what each case measures and why the numbers are what they are.`,
  '',
];
for (const s of sections) {
  md.push(`## ${s.title}`, '');
  if (s.rows.length) md.push(...(s.unit === 'ms' ? msTable(s) : opsTable(s)), '');
  if (s.markdown) md.push(s.markdown, '');
  for (const n of s.notes ?? []) md.push(n, '');
}
writeFileSync(join(benchDir, 'RESULTS.md'), md.join('\n'));
console.log(`\nwrote bench/RESULTS.md (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failed ? 1 : 0);
