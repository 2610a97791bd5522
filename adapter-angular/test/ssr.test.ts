// Server rendering with @angular/platform-server: the render waits for the reads, the
// store is written into the page, and the browser's first render hydrated from it
// shows the same data with no request.
import { Component, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideServerRendering, renderApplication } from '@angular/platform-server';
import { parseState } from '@resto/core';
import { nextTask, recordFetches, until } from '@resto/testing';
import { eachTodoEnv, type TodoServer } from '@resto/testing/todos';
import { describe, expect, it } from 'vitest';
import { provideResto, RESTO_STATE_ID, useDLE, useSuspense } from '../src';
import { provideRestoServer } from '../src/server';
import { mountApp } from './harness';

let server: TodoServer;
eachTodoEnv((s) => (server = s));

const App = Component({
  selector: 'todo-app',
  template: `@let t = todo();
    @if (t.status === 'ready') { <h1>{{ t.data.title }}</h1> } @else if (t.status === 'error') { <p>failed {{ t.error.status }}</p> } @else { <p>loading</p> }
    <p class="other">{{ other.data()?.title }}</p>`,
})(
  class {
    readonly todo = useSuspense(server.api.get, { id: 1 });
    readonly other = useDLE(server.api.get, { id: 2 });
  },
);

const render = () =>
  renderApplication((context) => bootstrapApplication(App, { providers: [provideServerRendering(), provideZonelessChangeDetection(), provideRestoServer()] }, context), {
    document: '<html><head></head><body><todo-app></todo-app></body></html>',
    url: 'http://localhost/',
    allowedHosts: ['localhost'],
  });

describe('server rendering (provideRestoServer)', () => {
  it('the HTML shows the data of every read, fetched once each, and carries the store', async () => {
    const html = await render();
    expect(html).toMatch(/<h1>todo 1<\/h1>/);
    expect(html).toMatch(/<p class="other">todo 2<\/p>/);
    expect(html).not.toContain('loading');
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(server.count('GET', '/todos/2')).toBe(1);
    expect(html).toMatch(new RegExp(`<script[^>]*id="${RESTO_STATE_ID}"`));
  });

  it('a failed read renders its error; the render still completes', async () => {
    server.fail('GET /todos/1', 404);
    const html = await render();
    expect(html).toContain('failed 404');
    expect(html).toMatch(/<p class="other">todo 2<\/p>/);
  });

  it('the browser hydrated from the page shows the same data at once, with no request', async () => {
    const html = await render();
    const text = new RegExp(`<script[^>]*id="${RESTO_STATE_ID}"[^>]*>([^<]*)</script>`).exec(html)![1]!;
    const fetched = recordFetches();
    const m = await mountApp(App, [provideResto({ initialState: parseState(text) })]);
    await until(() => /todo 1[\s\S]*todo 2/.test(m.host.textContent ?? ''));
    await nextTask();
    expect(fetched()).toEqual([]);
    m.destroy();
  });
});
