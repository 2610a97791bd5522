// What is particular to Angular: signal inputs as args, zoneless change detection
// updating templates, the suspense read mapped onto @if, DestroyRef cleanup, the
// providers (client token, injectable Controller) and injection-context errors.
import { ChangeDetectionStrategy, Component, Injectable, Input, inject, input, provideZonelessChangeDetection, signal, type Type } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { createClient, type Client } from '@resto/core';
import { nextTask, recordFetches, until } from '@resto/testing';
import { eachTodoEnv, type TodoServer } from '@resto/testing/todos';
import { afterEach, describe, expect, it } from 'vitest';
import { Controller, provideResto, RESTO_CLIENT, useController, useDLE, useSuspense } from '../src';
import { component, mountApp, type AppMount } from './harness';

let server: TodoServer;
let client: Client;
const mounted: AppMount<unknown>[] = [];
eachTodoEnv(
  (s, c) => ((server = s), (client = c)),
  () => mounted.splice(0).forEach((m) => m.destroy()),
);
afterEach(() => TestBed.resetTestingModule());

async function mount<C>(type: Type<C>, providers = [provideResto({ client })]) {
  const m = await mountApp(type, providers);
  mounted.push(m as AppMount<unknown>);
  return m;
}

/** What the application shows, once its text matches `pattern`. */
async function shows(m: { host: HTMLElement }, pattern: RegExp) {
  await until(() => pattern.test(m.host.textContent ?? ''));
  return m.host.textContent;
}

/**
 * Marks `name` a signal input, as Angular's compiler does for `input()` fields
 * (tests compile components at runtime, without that transform).
 */
function signalInput<C>(type: Type<C>, name: string, required = false): Type<C> {
  Input({ isSignal: true, alias: name, required, transform: undefined } as Input & { isSignal: boolean })(type.prototype, name);
  return type;
}

describe('@resto/angular in a zoneless app', () => {
  it('a signal input is an argument: setting it reads and fetches the new key once', async () => {
    const Detail = component(
      '{{ todo.data()?.title ?? "…" }}',
      signalInput(
        class {
          readonly id = input.required<number>();
          readonly todo = useDLE(server.api.get, () => ({ id: this.id() }));
        },
        'id',
        true,
      ),
    );
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), provideResto({ client })] });
    const fixture = TestBed.createComponent(Detail);
    fixture.componentRef.setInput('id', 1);
    await fixture.whenStable();
    await until(() => fixture.nativeElement.textContent === 'todo 1');
    fixture.componentRef.setInput('id', 2);
    await until(() => fixture.nativeElement.textContent === 'todo 2');
    expect(server.count('GET', '/todos/1')).toBe(1);
    expect(server.count('GET', '/todos/2')).toBe(1);
    fixture.destroy();
  });

  it('the template follows a change of the entity made elsewhere (no zone.js, no manual detectChanges)', async () => {
    const Detail = component(
      '{{ todo.data()?.title }}',
      class {
        readonly todo = useDLE(server.api.get, { id: 1 });
      },
    );
    const m = await mount(Detail);
    await shows(m, /^todo 1$/);
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'renamed' });
    await shows(m, /^renamed$/);
    expect(server.count('GET', '/todos/1')).toBe(1);
  });

  it('useSuspense maps onto @if: the fallback, then the data; a failure shows its status', async () => {
    const template = `@let t = todo();
      @if (t.status === 'ready') { <h1>{{ t.data.title }}</h1> }
      @else if (t.status === 'error') { <p>failed {{ t.error.status }}</p> }
      @else { <p>loading</p> }`;
    const release = server.hold();
    const Ok = component(template, class {
      readonly todo = useSuspense(server.api.get, { id: 1 });
    });
    const m = await mount(Ok);
    expect(await shows(m, /loading/)).not.toMatch(/todo 1/);
    release();
    expect(await shows(m, /todo 1/)).not.toMatch(/loading/);

    const Missing = component(template, class {
      readonly todo = useSuspense(server.api.get, { id: 99 });
    });
    expect(await shows(await mount(Missing), /failed/)).toMatch(/failed 404/);
  });

  it('destroying the component releases its read (DestroyRef): an invalidation then fetches nothing', async () => {
    const Detail = component('{{ todo.data()?.title }}', class {
      readonly todo = useDLE(server.api.get, { id: 1 });
    });
    const m = await mount(Detail);
    await shows(m, /todo 1/);
    m.destroy();
    const fetched = recordFetches();
    await client.controller.invalidate(server.api.get, { id: 1 });
    await nextTask();
    expect(fetched()).toEqual([]);
  });

  it('while mounted, the same invalidation refetches (what the test above rules out)', async () => {
    const Detail = component('{{ todo.data()?.title }}', class {
      readonly todo = useDLE(server.api.get, { id: 1 });
    });
    const m = await mount(Detail);
    await shows(m, /todo 1/);
    await client.controller.invalidate(server.api.get, { id: 1 });
    await until(() => server.count('GET', '/todos/1') === 2);
  });

  it('Controller is injectable, and is the provided client\'s', async () => {
    @Injectable({ providedIn: 'root' })
    class TodoService {
      readonly ctrl = inject(Controller);
      readonly viaHook = useController();
    }
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), provideResto({ client })] });
    const service = TestBed.inject(TodoService);
    expect(service.ctrl).toBe(client.controller);
    expect(service.viaHook).toBe(client.controller);
    expect(TestBed.inject(RESTO_CLIENT)).toBe(client);
  });

  it('a client provideResto() made itself is destroyed with the application; one passed in is not', async () => {
    const Probe = component('', class {
      readonly client = inject(RESTO_CLIENT);
    });
    const own = await mountApp(Probe, [provideResto()]);
    const made = own.component.client;
    const mine = createClient();
    const passed = await mountApp(Probe, [provideResto({ client: mine })]);
    own.destroy();
    passed.destroy();
    // A destroyed client refuses to fetch; a live one answers.
    await expect(made.controller.fetch(server.api.get, { id: 1 })).rejects.toThrow();
    await expect(mine.controller.fetch(server.api.get, { id: 1 })).resolves.toMatchObject({ title: 'todo 1' });
    mine.destroy();
  });

  it('a read outside an injection context says which one and how to call it', async () => {
    expect(() => useDLE(server.api.get, { id: 1 })).toThrow(/^Resto useDLE\(\): called outside an injection context\. Fix: .*runInInjectionContext/);
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), provideResto({ client })] });
    // Inside one (a service factory, a route guard, a test) the read works.
    const todo = TestBed.runInInjectionContext(() => useDLE(server.api.get, { id: 1 }));
    await until(() => todo.data()?.title === 'todo 1');
  });

  it('a signal given as an argument is read like a getter', async () => {
    const id = signal<number | null>(null);
    const Detail = component('{{ todo.data()?.title ?? "none" }}', class {
      readonly todo = useDLE(server.api.get, () => (id() === null ? null : { id: id()! }));
    });
    const m = await mount(Detail);
    await shows(m, /^none$/);
    id.set(3);
    await shows(m, /^todo 3$/);
  });

  it('a changed entity refreshes only the views that read it (signals, OnPush)', async () => {
    const checks = new Map<number, number>();
    const Row = Component({
      selector: 'todo-row',
      changeDetection: ChangeDetectionStrategy.OnPush,
      template: '<li>{{ checked() }}{{ todo.data()?.title }}</li>',
    })(
      signalInput(
        class {
          readonly id = input.required<number>();
          readonly todo = useDLE(server.api.get, () => ({ id: this.id() }));
          // Called each time Angular refreshes this row's template.
          checked() {
            checks.set(this.id(), (checks.get(this.id()) ?? 0) + 1);
            return '';
          }
        },
        'id',
        true,
      ),
    );
    const List = Component({
      selector: 'todo-rows',
      imports: [Row],
      changeDetection: ChangeDetectionStrategy.OnPush,
      template: '<ul><todo-row [id]="1" /><todo-row [id]="2" /></ul>',
    })(class {});
    const m = await mount(List);
    await shows(m, /todo 1.*todo 2/);
    await m.stable();
    const before = new Map(checks);
    expect(before.get(2)).toBeGreaterThan(0);
    await client.controller.fetch(server.api.update, { id: 1 }, { title: 'renamed' });
    await shows(m, /renamed.*todo 2/);
    await m.stable();
    expect(checks.get(1)).toBeGreaterThan(before.get(1)!);
    expect(checks.get(2)).toBe(before.get(2));
  });

  it('useSuspense with a new key is pending (the fallback) until that key is there, then ready', async () => {
    const id = signal(1);
    const Detail = component(
      `@let t = todo(); @if (t.status === 'ready') { {{ t.data.title }} } @else { loading }`,
      class {
        readonly todo = useSuspense(server.api.get, () => ({ id: id() }));
      },
    );
    const m = await mount(Detail);
    await shows(m, /todo 1/);
    const release = server.hold();
    id.set(2);
    expect(await shows(m, /loading/)).not.toMatch(/todo/);
    release();
    await shows(m, /todo 2/);
    expect(server.count('GET', '/todos/2')).toBe(1);
  });
});
