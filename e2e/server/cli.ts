// CLI: `tsx server/cli.ts [--port 4000] [--host 127.0.0.1] [--static /react/=apps/react/dist ...] [--quiet]`
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, startServer } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4000' },
    host: { type: 'string', default: '127.0.0.1' },
    static: { type: 'string', multiple: true, default: [] },
    quiet: { type: 'boolean', default: false },
  },
});

const mounts: Record<string, string> = {};
for (const spec of values.static) {
  const eq = spec.indexOf('=');
  if (eq <= 0) {
    console.error(`--static expects PREFIX=DIR, got "${spec}"`);
    process.exit(2);
  }
  mounts[spec.slice(0, eq)] = spec.slice(eq + 1);
}

const server = await startServer({
  port: Number(values.port),
  host: values.host,
  static: mounts,
  log: !values.quiet,
});

console.log(`Resto e2e server on ${server.url}`);
for (const prefix of Object.keys(mounts)) console.log(`  app ${server.url}${prefix}`);
console.log(`  login: any of alice, bob, carol, dave, erin with password "${DEMO_PASSWORD}"`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
