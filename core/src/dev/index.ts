/**
 * Whether this is a development build, which keeps Resto's long error messages and
 * warnings. Production builds get a short message with an error code instead (see
 * ERRORS.md), and the long texts are dropped from the bundle.
 *
 * Bundlers choose the file by the `development` / `production` export condition
 * (Vite, webpack, Next.js, esbuild with `--conditions=production`), and then
 * inline the constant. Anywhere else this module decides at run time from
 * `process.env.NODE_ENV`; with no `process` at all (a browser with no bundler) it
 * is a development build.
 *
 * @example
 * import { DEV } from '#dev';
 * if (DEV) console.warn('a long explanation only developers need');
 */
export const DEV: boolean = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV !== 'production';
