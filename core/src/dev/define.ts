/**
 * `#dev` for bundlers that pass no `development` / `production` export condition
 * (plain esbuild, Rollup with node-resolve's defaults, and others) and build from these
 * sources (inside the workspace; the published builds for bundlers have each `DEV`
 * written in place, see tsdown.config.ts). It reads
 * `process.env.NODE_ENV` as written, because that exact expression is what a
 * bundler's `define` (esbuild, Vite, webpack's DefinePlugin, @rollup/plugin-replace)
 * replaces: the comparison then folds to a constant and the minifier drops every
 * development message. A fallback through `globalThis.process` would escape the
 * replacement and ship them all, with `DEV` true in the browser.
 *
 * A page with no bundler maps `#dev` in its import map to `dist/dev/production.js`
 * (or `development.js`), as it has to map every bare specifier.
 *
 * @example
 * // esbuild app.ts --bundle --minify --define:process.env.NODE_ENV='"production"'
 * import { DEV } from '#dev'; // false, and `if (DEV) ...` is gone from the output
 */
declare const process: { env: { NODE_ENV?: string } };

export const DEV: boolean = process.env.NODE_ENV !== 'production';
