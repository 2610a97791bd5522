// Shared by the node suites: interleaved tinybench rounds (best round kept per
// library, so a busy moment on a shared machine does not favour either side),
// a console table, and a JSON section that run.ts turns into RESULTS.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(benchDir, '..');
/** Benchmark fixtures, committed in the repo (origin: fixtures/README.md). */
export const dataDir = join(benchDir, 'fixtures');
/** Reference builds of the current data-client (origin: vendor/data-client-0.18/README.md). */
export const dataClient18Dir = join(benchDir, 'vendor', 'data-client-0.18');

export type Fn = () => unknown;
export interface Case {
  name: string;
  /** library name -> the operation; a missing library is shown as "-". */
  libs: Record<string, Fn | undefined>;
}

/** One row of a results table: ops/s per library (null: not measured). */
export interface Row {
  case: string;
  hz: Record<string, number | null>;
  /** Extra text columns (e.g. "ms per op" or notes). */
  extra?: Record<string, string>;
}

/** What a suite hands to run.ts. */
export interface Section {
  suite: string;
  title: string;
  /** Libraries in column order; the first is Resto, `peer` is the ratio's denominator. */
  libs: string[];
  peer: string;
  /** 'ops' (ops/s, higher is better) or 'ms' (ms per op, lower is better). */
  unit?: 'ops' | 'ms';
  rows: Row[];
  /** Markdown paragraphs printed under the table. */
  notes?: string[];
  /** Free-form markdown (tables for sizes and memory). */
  markdown?: string;
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs each case in `rounds` short interleaved rounds (order alternating) and keeps
 * each library's best round. Works with sync and async operations.
 */
export async function runCases(
  cases: Case[],
  { time = Number(process.env.BENCH_TIME ?? 1500), rounds = Number(process.env.BENCH_ROUNDS ?? 6) } = {},
): Promise<Row[]> {
  const only = process.env.BENCH_ONLY;
  const rows: Row[] = [];
  for (const c of cases) {
    if (only && !only.split(",").some((o) => c.name.includes(o))) continue;
    const best = new Map<string, number>();
    const entries = Object.entries(c.libs).filter((e): e is [string, Fn] => typeof e[1] === 'function');
    for (let round = 0; round < rounds; round++) {
      const bench = new Bench({ time: time / rounds, warmupTime: round === 0 ? 200 : 20 });
      // a full collection before each library, so one's garbage is not billed to the next
      const opts = { beforeAll: () => gc?.() };
      const tasks = round % 2 ? [...entries].reverse() : entries;
      for (const [name, fn] of tasks) bench.add(name, fn, opts);
      await bench.run();
      for (const t of bench.tasks) {
        if (t.result?.error) throw t.result.error;
        best.set(t.name, Math.max(best.get(t.name) ?? 0, t.result?.hz ?? 0));
      }
    }
    const hz: Record<string, number | null> = {};
    for (const lib of Object.keys(c.libs)) hz[lib] = best.get(lib) ?? null;
    rows.push({ case: c.name, hz });
    process.stderr.write(`  ${c.name}: ${Object.entries(hz).map(([k, v]) => `${k} ${v === null ? '-' : fmt(v)}`).join(', ')}\n`);
  }
  return rows;
}

export function fmt(n: number): string {
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  if (n >= 1) return n.toFixed(1);
  return n.toPrecision(2);
}

export function ratio(a: number | null | undefined, b: number | null | undefined, unit: 'ops' | 'ms' = 'ops'): string {
  if (!a || !b) return '-';
  return `${(unit === 'ops' ? a / b : b / a).toFixed(2)}x`;
}

/** Prints the table and writes the section for run.ts (BENCH_OUT), if asked. */
export function report(section: Section): void {
  const unit = section.unit ?? 'ops';
  console.log(`\n${section.title}`);
  if (section.markdown) console.log(section.markdown);
  if (section.rows.length) console.table(
    section.rows.map((r) => {
      const o: Record<string, string> = { case: r.case };
      for (const lib of section.libs) o[lib] = r.hz[lib] == null ? '-' : fmt(r.hz[lib]!);
      o[`resto / ${section.peer}`] = ratio(r.hz[section.libs[0]!], r.hz[section.peer], unit);
      return { ...o, ...r.extra };
    }),
  );
  const out = process.env.BENCH_OUT;
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(section, null, 2));
  }
}
