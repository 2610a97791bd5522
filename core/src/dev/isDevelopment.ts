import { DEV } from '#dev';

/**
 * Whether this is a development build, for the adapters' messages (they cannot
 * import core's own answer, a package import of core). Its module imports nothing
 * else: the builds for bundlers write the answer in place (tsdown.config.ts), and
 * esbuild inlines a constant into the modules that import it only from a module
 * without imports, so an app's bundler drops `isDevelopment && 'text'` in the
 * adapter's modules (as Rollup does, and terser over webpack's concatenated modules).
 *
 * @example
 * throw adapterError('useClient()', 'no client in context', isDevelopment && 'render it inside <DataProvider>', 30);
 */
export const isDevelopment: boolean = DEV;
