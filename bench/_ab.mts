// One-process A/B of the steady suite's Resto cases between two builds of core.
// Usage, from any bench/ directory (needs tsx): A=/work/wt/base B=/work/wt/<branch> \
//   node --expose-gc --max-semi-space-size=64 --import tsx /path/to/copy-of-ab.mts [case-substring]
// Each build is <dir>/core/dist/index.js (run `npx tsdown` in <dir>/core first).
// Prints B/A ops ratio per case: median and range over ROUNDS alternating windows (>1: B faster).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const projects = JSON.parse(readFileSync('/work/main/bench/fixtures/projects.json', 'utf8'));
const githubUser = JSON.parse(readFileSync('/work/main/bench/fixtures/github-user.json', 'utf8'));
const stamp = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
let s = 0;
const dated = { project: projects.project.map((p: any) => ({ ...p, createdAt: stamp(s++), buildTypes: { buildType: p.buildTypes.buildType.map((b: any) => ({ ...b, createdAt: stamp(s++) })) } })) };
const kinds = ['default pk', 'pk()', 'pk() + Date fields'];
const filter = process.argv[2] ?? '';
const meta = () => ({ fetchedAt: Date.now(), date: Date.now(), expiresAt: Date.now() + 60000 });
let n = 0;
async function cases(resto: any, kind: string) {
  const tag = kind === 'default pk' ? 'D' : kind === 'pk()' ? 'P' : 'T';
  class BuildType extends resto.Entity { id = ''; internalId = ''; name = ''; type = ''; paused = false; projectId = ''; static key = `BuildType${tag}`; }
  class Project extends resto.Entity { id = ''; internalId = ''; name = ''; parentProjectId = ''; archived = false; buildTypes = { buildType: [] }; static key = `Project${tag}`; static schema: any = { buildTypes: { buildType: [BuildType] } }; }
  class User extends resto.Entity { id = 0; login = ''; name = ''; static key = `User${tag}`; }
  if (kind !== 'default pk') { for (const C of [BuildType, Project]) (C.prototype as any).pk = function () { return this.id; }; (User.prototype as any).pk = function () { return `${this.id}`; }; }
  if (kind === 'pk() + Date fields') { (BuildType as any).schema = { createdAt: Date }; Project.schema = { buildTypes: { buildType: [BuildType] }, createdAt: Date }; (User as any).schema = { created_at: Date, updated_at: Date }; }
  const data = kind.includes('Date') ? dated : projects;
  const sch = { project: [Project] };
  const store = resto.normalize(sch, data, [], undefined, meta());
  const userStore = resto.normalize(User, githubUser);
  const memo = new resto.MemoCache();
  const list = new resto.RestEndpoint({ path: '/projects', schema: sch });
  const one = new resto.RestEndpoint({ path: '/projects/:id', schema: Project });
  const rc = resto.createClient();
  await rc.controller.setResponse(list, data);
  const some = data.project[2];
  return {
    'normalize long list': () => resto.normalize(sch, data, [], undefined, meta()),
    'denormalize long list (uncached)': () => resto.denormalize(sch, store.result, store.entities),
    'denormalize long list (memoized)': () => memo.denormalize(sch, store.result, store.entities),
    'denormalize one entity x500 (uncached)': () => { for (let i = 0; i < 500; i++) resto.denormalize(User, `${githubUser.id}`, userStore.entities); },
    'setResponse of the long list (empty store)': () => resto.createClient().controller.setResponse(list, data),
    'getResponse memoized': () => rc.controller.getResponse(list, rc.getSnapshot()),
    'listed entity updated, then getResponse': () => { rc.controller.setResponse(one, { id: some.id }, { ...some, name: `renamed ${++n}` }); return rc.controller.getResponse(list, rc.getSnapshot()); },
  } as Record<string, () => unknown>;
}
const libs: any[] = [];
for (const d of [process.env.A!, process.env.B!]) libs.push(await import(pathToFileURL(d + '/core/dist/index.js').href));
const table: { name: string; f: [() => unknown, () => unknown] }[] = [];
for (const k of kinds) {
  const [a, b] = [await cases(libs[0], k), await cases(libs[1], k)];
  for (const name of Object.keys(a)) if (`${name} [${k}]`.includes(filter)) table.push({ name: `${name} [${k}]`, f: [a[name]!, b[name]!] });
}
const ROUNDS = Number(process.env.ROUNDS ?? 30), MS = Number(process.env.MS ?? 100);
const run = async (f: () => unknown, ms: number) => { let i = 0; const t0 = performance.now(); while (performance.now() - t0 < ms) { const r = f(); if (r instanceof Promise) await r; i++; } return i / (performance.now() - t0); };
for (const c of table) for (const f of c.f) await run(f, 150); // warm-up
const ratios = table.map(() => [] as number[]);
for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < table.length; i++) {
  const ops = [0, 0];
  for (const o of r % 2 ? [1, 0] : [0, 1]) { (globalThis as any).gc?.(); ops[o] = await run(table[i]!.f[o]!, MS); }
  ratios[i]!.push(ops[1]! / ops[0]!);
}
for (let i = 0; i < table.length; i++) { const a = ratios[i]!.sort((x, y) => x - y); console.log(table[i]!.name.padEnd(62), 'B/A median', a[a.length >> 1]!.toFixed(3), ' range', a[0]!.toFixed(2), '-', a[a.length - 1]!.toFixed(2)); }
