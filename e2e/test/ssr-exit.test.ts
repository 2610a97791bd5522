// The leak the server mode fixes, checked where it shows: a Node process doing
// 1,000 Vue server renders with reads that poll and expire must end by itself,
// with no timer left and no heap growth per render.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/ssrLoop.ts', import.meta.url));
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('1,000 server renders in a child process', () => {
  it('fetch once each, leave no timer, keep the heap flat, and the process exits by itself', async () => {
    const child = spawn(tsx, [script, server.url], { env: { ...process.env, NODE_OPTIONS: '--expose-gc' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    // No kill here: a process kept alive by a leaked timer fails this test by its timeout.
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out.trim().split('\n').pop()!) as { items: number; timers: number; heapGrowth: number };
    expect(result.items).toBe(server.db.todos.size);
    expect(result.timers).toBe(0);
    // 900 renders after warm-up: a leak of one client per render (store, observers) would be megabytes.
    expect(result.heapGrowth).toBeLessThan(2 * 1024 * 1024);
    expect(server.requests.count('GET', '/todos')).toBe(1000);
  }, 120_000);
});
