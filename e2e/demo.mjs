#!/usr/bin/env node
// `npm run demo`: builds the four demo apps (and the server-rendered React, Vue
// and Svelte pages) when their sources changed, starts the REST server on
// 127.0.0.1 with the apps mounted on the same origin, and prints the URLs.
// Ctrl-C (or SIGTERM) stops everything.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, APP_NAMES, SSR_APPS, SSR_NAMES, buildApps, buildSsrApps, distOf, ssrPages, ssrStatic } from './apps/build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

// Apps whose adapter package is not there yet are left out, not fatal.
const available = APP_NAMES.filter((name) =>
  APPS[name].sources.every((s) => existsSync(join(root, s.replace(/src$/, 'src/index.ts')))),
);
for (const name of APP_NAMES) if (!available.includes(name)) console.warn(`skipping ${name}: its adapter is missing`);

console.log('Building the demo apps (skipped when up to date)…');
for (const name of available) {
  try {
    await buildApps({ names: [name] });
  } catch (err) {
    console.error(`could not build ${name}: ${err?.message ?? err}`);
  }
}
const mounted = available.filter((name) => existsSync(join(distOf(name), 'index.html')));

// Server-rendered variants at /ssr/<name>/: the page comes with the todos and the store.
const ssrAvailable = SSR_NAMES.filter((name) => SSR_APPS[name].sources.every((s) => existsSync(join(root, s.replace(/src$/, 'src/index.ts')))));
let ssrMounted = [];
for (const name of ssrAvailable) {
  try {
    await buildSsrApps({ names: [name] });
    ssrMounted.push(name);
  } catch (err) {
    console.error(`could not build ssr/${name}: ${err?.message ?? err}`);
  }
}

// The server is TypeScript: load it through tsx's loader.
const { register } = await import('tsx/esm/api');
register();
const { startServer, DEMO_PASSWORD } = await import('./server/index.ts');
let pages = {};
try {
  pages = await ssrPages(ssrMounted);
} catch (err) {
  console.error(`could not load the server-rendered pages: ${err?.message ?? err}`);
  ssrMounted = [];
}

const wanted = Number(process.env.PORT ?? 4173);
const options = {
  host: '127.0.0.1',
  log: !!process.env.DEMO_LOG,
  static: { ...Object.fromEntries(mounted.map((n) => [`/${n}/`, distOf(n)])), ...ssrStatic(ssrMounted) },
  pages,
};
let server;
try {
  server = await startServer({ ...options, port: wanted });
} catch (err) {
  if (err?.code !== 'EADDRINUSE') throw err;
  console.warn(`port ${wanted} is busy, using a free one`);
  server = await startServer({ ...options, port: 0 });
}

console.log(`\nResto demo running on ${server.url}\n`);
for (const name of mounted) console.log(`  ${APPS[name].title.padEnd(14)} ${server.url}/${name}/`);
for (const name of ssrMounted) console.log(`  ${(APPS[name].title + ' SSR').padEnd(14)} ${server.url}/ssr/${name}/`);
console.log(`\n  API            ${server.url}/todos  ${server.url}/posts?page=1  ${server.url}/time`);
console.log(`  Log in as alice, bob, carol, dave or erin with password "${DEMO_PASSWORD}".`);
console.log('\nCtrl-C stops the server.');

let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log('\nstopping…');
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
