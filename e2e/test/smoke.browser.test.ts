// Proves the harness end to end: real server, real Chromium, real clicks.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/index';
import { launchBrowser, screenshotPath, useBrowser, withPage } from './browser';

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>smoke</title>
<button id="fetch">Get server time</button>
<output id="time">none</output>
<button id="boom">Break</button>
<script type="module">
  document.getElementById('fetch').addEventListener('click', async () => {
    const res = await fetch('/time');
    const body = await res.json();
    document.getElementById('time').textContent = body.time;
  });
  document.getElementById('boom').addEventListener('click', () => {
    throw new Error('kaboom from the page');
  });
</script>`;

let server: RunningServer;
let dir: string;
const browser = useBrowser();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'resto-e2e-smoke-'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  server = await startServer({ static: { '/smoke/': dir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('browser harness', () => {
  it('clicks a button that fetches /time and shows it', async () => {
    await withPage(await browser(), 'smoke-time', async (page) => {
      await page.goto(server.url + '/smoke/');
      await expect(page.locator('#time').textContent()).resolves.toBe('none');
      const before = Date.now();
      await page.click('#fetch');
      await page.waitForFunction(() => document.getElementById('time')?.textContent !== 'none');
      const shown = (await page.locator('#time').textContent())!;
      expect(shown).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(shown)).toBeGreaterThanOrEqual(before - 1000);
      // The click really went over the network, once.
      expect(server.requests.count('GET', '/time')).toBe(1);
    });
  });

  it('on failure saves a screenshot and reports page errors', async () => {
    const name = `smoke-failure-${Date.now()}`;
    const failing = withPage(await browser(), name, async (page) => {
      await page.goto(server.url + '/smoke/');
      // The click's uncaught error has reached the harness before the assertion fails.
      await Promise.all([page.waitForEvent('pageerror'), page.click('#boom')]);
      expect(await page.locator('#time').textContent()).toBe('something else');
    });
    await expect(failing).rejects.toThrow(/screenshot: .*smoke-failure-.*\.png[\s\S]*kaboom from the page/);
    expect(existsSync(screenshotPath(name))).toBe(true);
    rmSync(screenshotPath(name));
  });

  it('fails a passing test body when the page threw an uncaught error', async () => {
    const name = `smoke-pageerror-${Date.now()}`;
    const run = withPage(await browser(), name, async (page) => {
      await page.goto(server.url + '/smoke/');
      // The body ends once the page has thrown: the harness must still fail it.
      await Promise.all([page.waitForEvent('pageerror'), page.click('#boom')]);
    });
    await expect(run).rejects.toThrow(/uncaught error in the page[\s\S]*kaboom/);
    rmSync(screenshotPath(name), { force: true });
  });

  it('refuses to run without Chromium, with a clear message', async () => {
    await expect(launchBrowser({ executablePath: '/nonexistent/chromium' })).rejects.toThrow(
      /Chromium not found at \/nonexistent\/chromium.*apt-get install -y chromium/,
    );
  });
});
