/**
 * Whether this is a development build, which keeps Resto's long error messages and
 * warnings. Production builds get a short message with an error code instead (see
 * ERRORS.md), and the long texts are dropped from the bundle.
 *
 * Bundlers choose the file by the `development` / `production` export condition
 * (Vite, webpack, Next.js, esbuild with `--conditions=production`), and then
 * inline the constant. On a server (the `node` condition, which comes first) and
 * anywhere else this module decides at run time from `process.env.NODE_ENV`: a
 * server ships no bytes to users, and a server bundler that traces files with the
 * `production` condition (Nitro) then copies the file Node loads at run time. With
 * no `process` at all (a browser with no bundler) it is a development build.
 *
 * @example
 * import { DEV } from '#dev';
 * if (DEV) console.warn('a long explanation only developers need');
 */
export const DEV: boolean = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV !== 'production';
