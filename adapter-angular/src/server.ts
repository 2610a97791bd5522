// Server rendering with @angular/platform-server (or @angular/ssr): a server-mode
// client per rendered application, and the store written into the page for the
// browser's provideResto({ initialState }).
import { dehydrate, serializeState, type Client } from '@resto/core';
import { DOCUMENT, inject, makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';
import { BEFORE_APP_SERIALIZED } from '@angular/platform-server';
import { provideResto, RESTO_CLIENT, RESTO_STATE_ID, type RestoOptions } from './context';

/**
 * The server side of {@link provideResto}: put it in the server's application config.
 * Each render gets its own server-mode client (reads fetch once, no timers, destroyed
 * with the rendered application); the render waits for every read (Angular's
 * PendingTasks), so the HTML shows the data; and before the page is serialized the
 * store is written into it as `<script type="application/json" id="resto-state">`.
 * In the browser, `parseState()` of that script's text is `provideResto({ initialState })`.
 *
 * @example
 * // app.config.server.ts
 * export const config = mergeApplicationConfig(appConfig, { providers: [provideServerRendering(), provideRestoServer()] });
 * // main.ts (browser)
 * const text = document.getElementById(RESTO_STATE_ID)?.textContent;
 * bootstrapApplication(App, { providers: [provideResto({ initialState: text ? parseState(text) : undefined })] });
 */
export function provideRestoServer({ gc }: Pick<RestoOptions, 'gc'> = {}): EnvironmentProviders {
  return makeEnvironmentProviders([
    provideResto({ gc, ssr: true }),
    {
      provide: BEFORE_APP_SERIALIZED,
      multi: true,
      useFactory: () => {
        const doc = inject(DOCUMENT);
        const client: Client = inject(RESTO_CLIENT);
        return () => {
          const script = doc.createElement('script');
          script.id = RESTO_STATE_ID;
          script.type = 'application/json';
          // serializeState escapes `<`, so the data cannot close the tag.
          script.textContent = serializeState(dehydrate(client));
          doc.body.appendChild(script);
        };
      },
    },
  ]);
}
