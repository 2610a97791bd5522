// Mounting the Angular way for tests: a real application (createApplication, zoneless)
// with provideResto(), and one component whose field initializer calls the read.
import { Component, createComponent, provideZonelessChangeDetection, type ApplicationRef, type EnvironmentProviders, type Provider, type Type } from '@angular/core';
import { createApplication } from '@angular/platform-browser';

/** A component mounted in its own application. */
export interface AppMount<C> {
  readonly app: ApplicationRef;
  readonly component: C;
  readonly host: HTMLElement;
  /** Resolves once change detection (and the effects it runs) settled. */
  stable(): Promise<void>;
  destroy(): void;
}

/**
 * Boots a zoneless application with `providers` and mounts `type` in it, attached
 * to the app so its view is checked on every tick, as a bootstrapped root is.
 *
 * @example
 * const m = await mountApp(Probe, [provideResto({ client })]);
 */
export async function mountApp<C>(type: Type<C>, providers: (Provider | EnvironmentProviders)[]): Promise<AppMount<C>> {
  const app = await createApplication({ providers: [provideZonelessChangeDetection(), ...providers] });
  const host = document.createElement('div');
  document.body.appendChild(host);
  let ref;
  try {
    ref = createComponent(type, { environmentInjector: app.injector, hostElement: host });
  } catch (error) {
    app.destroy();
    host.remove();
    throw error;
  }
  app.attachView(ref.hostView);
  const stable = () => app.whenStable();
  await stable();
  return {
    app,
    component: ref.instance,
    host,
    stable,
    destroy() {
      if (!app.destroyed) app.destroy();
      host.remove();
    },
  };
}

let made = 0;

/**
 * A standalone component from a class, compiled at runtime: the decorator applied
 * as a call, so the tests need no decorator transform.
 *
 * @example
 * const Probe = component('<p>{{ todo.data()?.title }}</p>', class { todo = useDLE(api.get, { id: 1 }); });
 */
export function component<C>(template: string, type: Type<C>): Type<C> {
  // A selector per class: Angular warns when two components would share an id.
  return Component({ selector: `resto-probe-${++made}`, template })(type) as Type<C>;
}
