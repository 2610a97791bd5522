export default defineNuxtConfig({
  modules: ['@resto/nuxt'],
  // What `nuxi typecheck` checks the app with (the module needs neither).
  typescript: { strict: true, tsConfig: { compilerOptions: { noImplicitOverride: true } } },
  telemetry: false,
  devtools: { enabled: false },
  compatibilityDate: '2025-07-01',
});
