// The rows every page renders, made in the page from the two fixtures the driver
// passes in (projects.json, github-user.json): one row per build type, repeated
// to the size asked, each with its author (one of 20 users) nested in full, as a
// REST API would send it. Same JSON for every library.
export interface RawUser {
  id: number;
  login: string;
  name: string;
  [field: string]: unknown;
}
export interface RawRow {
  id: string;
  name: string;
  type: string;
  paused: boolean;
  projectId: string;
  author: RawUser;
}
export interface Fixtures {
  projects: { project: { buildTypes: { buildType: { id: string; name: string; type: string; paused: boolean; projectId: string }[] } }[] };
  user: RawUser;
}

export const AUTHORS = 20;

export function makeUsers(f: Fixtures): RawUser[] {
  return Array.from({ length: AUTHORS }, (_, k) => ({ ...f.user, id: f.user.id + k, login: `${f.user.login}${k}`, name: `Author ${k}` }));
}

export function makeRows(f: Fixtures, n: number): RawRow[] {
  const buildTypes = f.projects.project.flatMap((p) => p.buildTypes.buildType);
  const users = makeUsers(f);
  return Array.from({ length: n }, (_, i) => {
    const bt = buildTypes[i % buildTypes.length]!;
    return { id: `${bt.id}#${i}`, name: bt.name, type: bt.type, paused: bt.paused, projectId: bt.projectId, author: users[i % AUTHORS]! };
  });
}
