// Browser harness: Debian's Chromium driven by playwright-core (no browser
// downloads are possible here), with a screenshot and the page's console
// errors attached to every failure.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface LaunchOptions {
  executablePath?: string;
}

/**
 * Launches headless Chromium. A missing binary is an error, not a skip: a
 * browser suite that silently skips would report green without testing anything.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install it with "apt-get install -y chromium" ` +
        `(CI does this in .ci/run) or point CHROMIUM_PATH at a Chromium binary.`,
    );
  }
  // playwright-core gives each launch a fresh temporary profile (user-data-dir).
  return chromium.launch({ executablePath, headless: true, args: ARGS, timeout: 60_000 });
}

/**
 * One browser per test file, launched on first use:
 * `const browser = useBrowser();` then
 * `await withPage(await browser(), 'name', async (page) => ...)` inside tests.
 * Launching inside the test (not in beforeAll) makes a missing Chromium fail
 * every test with the message above instead of reporting them as skipped.
 */
export function useBrowser(): () => Promise<Browser> {
  let launching: Promise<Browser> | undefined;
  afterAll(async () => {
    const b = await launching?.catch(() => undefined);
    await b?.close();
  });
  return () => (launching ??= launchBrowser());
}

export interface PageOptions {
  /** Default timeout for page actions and expectations (ms). */
  timeout?: number;
  /** Fail the test when the page throws an uncaught error. Default true. */
  failOnPageError?: boolean;
}

/** File-system-safe screenshot name. */
export function screenshotPath(name: string): string {
  return SCREENSHOT_DIR + name.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 120) + '.png';
}

/**
 * Runs `fn` with a fresh page in its own context (no shared cookies or
 * storage between tests). On failure: saves a screenshot to e2e/screenshots/
 * and appends its path and the page's console errors to the error message.
 */
export async function withPage<T>(
  browser: Browser,
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  options: PageOptions = {},
): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout ?? 20_000);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  try {
    const result = await fn(page, context);
    const pageErrors = problems.filter((p) => p.startsWith('page error'));
    if ((options.failOnPageError ?? true) && pageErrors.length) {
      throw new Error(`uncaught error in the page:\n${pageErrors.join('\n')}`);
    }
    return result;
  } catch (err) {
    const path = screenshotPath(name);
    let shot = `screenshot: ${path}`;
    try {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path, fullPage: true, timeout: 5_000 });
    } catch (e) {
      shot = `screenshot failed: ${(e as Error).message}`;
    }
    if (err instanceof Error) {
      err.message += `\n[${name}] ${shot}` + (problems.length ? `\n${problems.join('\n')}` : '');
    }
    throw err;
  } finally {
    await context.close().catch(() => {});
  }
}
