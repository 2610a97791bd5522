/**
 * Whether this is a development build, which keeps Resto's long error messages and
 * warnings. Production builds get a short message with an error code instead (see
 * ERRORS.md), and the long texts are dropped from the bundle.
 *
 * This is `#dev`'s answer under the `node` condition: on a server it decides at run
 * time from `process.env.NODE_ENV` (a server ships no bytes to users, and a server
 * bundler that traces files with the `production` condition, such as Nitro, then copies
 * the file Node loads at run time). With no `process` at all it is a development build.
 * Bundlers get the published builds that have each `DEV` written in place (see
 * tsdown.config.ts); from these sources, `development.ts` / `production.ts` by export
 * condition, or `define.ts`, which a bundler's `process.env.NODE_ENV` define folds.
 *
 * @example
 * import { DEV } from '#dev';
 * if (DEV) console.warn('a long explanation only developers need');
 */
export const DEV: boolean = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV !== 'production';
