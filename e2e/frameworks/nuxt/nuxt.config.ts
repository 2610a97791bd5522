export default defineNuxtConfig({
  modules: ['@resto/nuxt'],
  // Nuxt's own type check also runs on `nuxt build`; the e2e test runs `nuxt typecheck`.
  typescript: { strict: true, tsConfig: { compilerOptions: { noImplicitOverride: true } } },
  telemetry: false,
  devtools: { enabled: false },
  compatibilityDate: '2025-07-01',
});
