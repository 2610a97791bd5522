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
    ...extra,
  });
}
