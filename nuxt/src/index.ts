// Public entry of @resto/nuxt: the Nuxt module (`modules: ['@resto/nuxt']`).
import { addPluginTemplate, addTypeTemplate, defineNuxtModule } from '@nuxt/kit';
import type { NuxtModule } from '@nuxt/schema';
import { pluginSource } from './plugin';

/** Options of the module, under `resto` in `nuxt.config`. */
export interface ModuleOptions {
  /** Where the server's store goes in the Nuxt payload (default `'resto'`). */
  payloadKey: string;
  /** GC tuning of the browser client (`intervalMS`, `graceMS`). */
  gc?: { intervalMS?: number; graceMS?: number };
}

/**
 * The Nuxt module: each server render gets its own server-mode client (installed with
 * `@resto/vue`'s `createResto`), whose store goes into the Nuxt payload after the
 * render and which is then destroyed; the browser makes one client from that payload.
 * Pages and components use `@resto/vue`'s composables (`useSuspense`, `useController`)
 * with no further setup; `useNuxtApp().$resto` is the client.
 *
 * @example
 * // nuxt.config.ts
 * export default defineNuxtConfig({
 *   modules: ['@resto/nuxt'],
 *   resto: { gc: { graceMS: 120_000 } },
 * });
 */
const restoModule: NuxtModule<ModuleOptions> = defineNuxtModule<ModuleOptions>({
  meta: { name: '@resto/nuxt', configKey: 'resto', compatibility: { nuxt: '>=3.21.0' } },
  defaults: { payloadKey: 'resto' },
  setup(options) {
    addPluginTemplate({ filename: 'resto.plugin.mjs', getContents: () => pluginSource(options) });
    // `useNuxtApp().$resto` typed as the client.
    addTypeTemplate({
      filename: 'types/resto.d.ts',
      getContents: () =>
        [
          `import type { Client } from '@resto/core';`,
          `declare module '#app' { interface NuxtApp { $resto: Client } }`,
          `declare module 'vue' { interface ComponentCustomProperties { $resto: Client } }`,
          `export {};`,
        ].join('\n'),
    });
  },
});
export default restoModule;

export { pluginSource, type PluginOptions } from './plugin';

declare module '@nuxt/schema' {
  interface NuxtConfig {
    /** Options of `@resto/nuxt`. */
    resto?: Partial<ModuleOptions>;
  }
  interface NuxtOptions {
    resto?: ModuleOptions;
  }
}
