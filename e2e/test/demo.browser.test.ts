// The README's first command: `npm run demo` runs scripts/run.mjs demo, which
// runs e2e/demo.mjs. Start it as npm does (a child process), open every URL it
// prints in Chromium, stop it with SIGTERM and check the server is gone too. The
// requested port is taken, so the free-port fallback runs too.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser, withPage } from './browser';

const runner = fileURLToPath(new URL('../../scripts/run.mjs', import.meta.url));
const browser = useBrowser();
let child: ChildProcess | undefined;
let blocker: Server | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  blocker?.close();
});

function waitForOutput(proc: ChildProcess, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`demo did not print ${pattern} within ${ms} ms:\n${out}`)), ms);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo exited with ${code} before printing ${pattern}:\n${out}`));
    });
  });
}

describe('npm run demo', () => {
  it('builds, serves the four apps on one origin, falls back from a busy port, stops on SIGTERM', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', r));
    const busy = (blocker.address() as { port: number }).port;

    child = spawn(process.execPath, [runner, 'demo'], { env: { ...process.env, PORT: String(busy) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = await waitForOutput(child, /Ctrl-C stops/, 150_000);
    expect(out).toContain(`port ${busy} is busy`);
    const urls = [...out.matchAll(/(http:\/\/127\.0\.0\.1:\d+\/(wc|react|vue|svelte)\/)/g)].map((m) => m[1]!);
    expect(urls.map((u) => u.split('/')[3])).toEqual(['wc', 'react', 'vue', 'svelte']);
    expect(urls.every((u) => !u.includes(`:${busy}/`))).toBe(true);

    for (const url of urls) {
      await withPage(await browser(), `demo-${url.split('/')[3]}`, async (page) => {
        await page.goto(url);
        await page.locator('[data-testid="todo-item"]').nth(19).waitFor();
        expect(await page.getByTestId('todo-item').count()).toBe(20);
      });
    }

    // The server-rendered pages: the todos are in the HTML itself, and the page hydrates.
    const ssrUrls = [...out.matchAll(/(http:\/\/127\.0\.0\.1:\d+\/ssr\/(react|vue|svelte)\/)/g)].map((m) => m[1]!);
    expect(ssrUrls.map((u) => u.split('/')[4])).toEqual(['react', 'vue', 'svelte']);
    for (const url of ssrUrls) {
      const html = await (await fetch(url)).text();
      expect(html.match(/data-testid="todo-item"/g)).toHaveLength(20);
      await withPage(await browser(), `demo-ssr-${url.split('/')[4]}`, async (page) => {
        await page.goto(url);
        await page.locator('body[data-hydrated="true"]').waitFor();
        expect(await page.getByTestId('todo-item').count()).toBe(20);
      });
    }

    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
    // The runner passed SIGTERM on: nothing answers on the demo's port any more.
    await expect(fetch(urls[0]!)).rejects.toThrow();
  }, 180_000);
});
