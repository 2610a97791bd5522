import { createClient, type Manager, type State } from '@resto/core';
import type { App, Plugin } from 'vue';
import { createResto } from './context';

/** Options of {@link DataClientPlugin}: those of the established library's Vue plugin. */
export interface DataClientPluginOptions {
  /** Managers of the client (default: network, GC). */
  readonly managers?: readonly Manager[];
  /** A prefilled store (e.g. from server rendering). */
  readonly initialState?: State;
}

/**
 * `app.use(DataClientPlugin, { managers, initialState })`, as in `@data-client/vue`:
 * creates a client and provides it like {@link createResto} (destroyed when the app
 * unmounts). Prefer `createResto()` in new code: it also accepts a client you made.
 *
 * @example
 * createApp(App).use(DataClientPlugin, { managers: getDefaultManagers() }).mount('#app');
 */
export const DataClientPlugin: Plugin<[DataClientPluginOptions?]> = {
  install(app: App, { managers, initialState }: DataClientPluginOptions = {}) {
    const client = createClient({ managers, initialState });
    createResto({ client }).install(app);
    app.onUnmount(() => client.destroy());
  },
};
