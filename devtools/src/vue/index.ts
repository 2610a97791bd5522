// Entry @resto/devtools/vue: the Vue devtools integration, apart from the main entry
// so only apps that import it load @vue/devtools-api.
export * from './setupVueDevtools';
