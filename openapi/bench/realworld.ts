// Generates from large public descriptions that npm packages ship, type-checks the
// output under strict tsc and prints operations, times and error counts.
//   npm run bench              all of them
//   npm run bench -- github    those whose name contains "github"
// Times are wall clock and CPU (user + system) of this process: on a loaded
// machine the CPU time is the one to compare.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generate, writeFiles } from '../src/index';
import { typecheck } from '../test/typecheck';

const require = createRequire(import.meta.url);
const pkgFile = (spec: string) => require.resolve(spec);

/** Each description, and whether it passes validation as published. */
export const DESCRIPTIONS = [
  { name: 'GitHub REST (api.github.com)', file: () => pkgFile('@octokit/openapi/generated/api.github.com.json'), validate: true },
  { name: 'GitHub Enterprise Server 3.19', file: () => pkgFile('@octokit/openapi/generated/ghes-3.19.json'), validate: true },
  // Both fail strict validation as published (a `schema: null`, a `type` outside the
  // allowed values), so they are generated with validation off.
  { name: 'Blockfrost (YAML)', file: () => pkgFile('@blockfrost/openapi/openapi.yaml'), validate: false },
  // Its package exports only the entry module, so the file is found beside it.
  { name: 'Directus', file: () => join(dirname(pkgFile('@directus/specs')), 'dist/openapi.json'), validate: false },
];

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
}

async function run(filter: string | undefined) {
  const rows = [];
  for (const d of DESCRIPTIONS) {
    if (filter && !d.name.toLowerCase().includes(filter.toLowerCase())) continue;
    const dir = mkdtempSync(join(tmpdir(), 'resto-openapi-bench-'));
    try {
      let wall = performance.now();
      let cpu = process.cpuUsage();
      const result = await generate(d.file(), { validate: d.validate });
      await writeFiles(dir, result.files);
      const gen = { wall: (performance.now() - wall) / 1000, cpu: cpuSeconds(cpu) };
      wall = performance.now();
      cpu = process.cpuUsage();
      const errors = typecheck(dir, ['index.ts']);
      const tsc = { wall: (performance.now() - wall) / 1000, cpu: cpuSeconds(cpu) };
      for (const e of errors.slice(0, 10)) console.error(`  ${d.name}: ${e}`);
      const row = {
        description: d.name,
        operations: result.operations,
        entities: result.entities.length,
        resources: result.resources.length,
        endpoints: result.endpoints.length,
        'output KB': Math.round(result.files.reduce((n, f) => n + f.contents.length, 0) / 1024),
        'generate s (wall / cpu)': `${gen.wall.toFixed(1)} / ${gen.cpu.toFixed(1)}`,
        'tsc --strict s (wall / cpu)': `${tsc.wall.toFixed(1)} / ${tsc.cpu.toFixed(1)}`,
        'tsc errors': errors.length,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.table(rows);
  return rows;
}

await run(process.argv[2]);
