import { defineConfig, type UserConfig } from 'tsdown';

/**
 * The published build of a package: ESM + .d.ts (with maps) per entry. Inside the
 * workspace `exports` points at src/; `publishConfig.exports` swaps in dist/ when packed.
 */
export function libraryConfig(entry: Record<string, string>, extra: UserConfig = {}) {
  return defineConfig({
    entry,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    tsconfig: 'tsconfig.build.json',
    dts: { sourcemap: true },
    sourcemap: true,
    clean: true,
    // One output file per source module, as the sources are laid out: an app's
    // bundler then drops whole modules it does not use (server-rendering's
    // serializer, devtools hooks) instead of meeting them inside a shared chunk.
    unbundle: true,
    ...extra,
  });
}
