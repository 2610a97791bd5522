export default defineNuxtConfig({
  modules: ['@resto/nuxt'],
  app: { head: { link: [{ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }] } },
  // What `nuxi typecheck` checks the app with (the module needs neither).
  typescript: { strict: true, tsConfig: { compilerOptions: { noImplicitOverride: true } } },
  telemetry: false,
  devtools: { enabled: false },
  compatibilityDate: '2025-07-01',
});
