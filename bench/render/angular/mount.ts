// Mounting an Angular page for the render suite: a zoneless application per mount, and
// components compiled at runtime (JIT: the page loads @angular/compiler). The suite
// times change detection and DOM work after the first render, where JIT and an AOT
// build run the same template code; the mount includes compiling the two templates.
import '@angular/compiler';
import { createComponent, provideZonelessChangeDetection, type ApplicationRef, type EnvironmentProviders, type Provider, type Type } from '@angular/core';
import { createApplication } from '@angular/platform-browser';

export async function mountAngular(container: HTMLElement, root: Type<unknown>, providers: (Provider | EnvironmentProviders)[]): Promise<ApplicationRef> {
  const app = await createApplication({ providers: [provideZonelessChangeDetection(), ...providers] });
  const host = document.createElement('div');
  container.appendChild(host);
  const ref = createComponent(root, { environmentInjector: app.injector, hostElement: host });
  app.attachView(ref.hostView);
  return app;
}

/** The row, as an attribute component on the `<li>` so the list's children are the rows. */
export const ROW_TEMPLATE = `<span class="name">{{ row.name }}</span> <span class="author">{{ row.author.name }}</span> <span>{{ row.type }}</span>`;
