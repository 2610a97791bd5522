import { createClient, getDefaultManagers } from '@resto/core';
import type { CustomInspectorNode } from '@vue/devtools-api';
import { afterEach, describe, expect, it } from 'vitest';
import { DevtoolsManager } from '../src';
import { VUE_INSPECTOR_ID, VUE_TIMELINE_LAYER_ID, setupVueDevtools } from '../src/vue';
import { startTodoServer } from './api';

type Handler = (payload: any) => void;

/**
 * Stands in for the Vue devtools: the global hook @vue/devtools-api talks to, and
 * the plugin API it hands to the setup function. Records what the plugin registers.
 */
function fakeVueDevtools() {
  const handlers: Record<string, Handler[]> = {};
  const seen = { inspectors: [] as any[], layers: [] as any[], events: [] as any[], treeRefreshes: 0, app: undefined as unknown };
  const api = {
    addInspector: (o: any) => void seen.inspectors.push(o),
    addTimelineLayer: (o: any) => void seen.layers.push(o),
    addTimelineEvent: (o: any) => void seen.events.push(o),
    sendInspectorTree: () => void seen.treeRefreshes++,
    sendInspectorState: () => {},
    now: () => Date.now(),
    on: new Proxy({}, { get: (_t, name: string) => (h: Handler) => void (handlers[name] ??= []).push(h) }),
  };
  const g = globalThis as Record<string, unknown>;
  g.__VUE_DEVTOOLS_PLUGIN_API_AVAILABLE__ = true;
  g.__VUE_DEVTOOLS_GLOBAL_HOOK__ = {
    emit(event: string, descriptor: { app: unknown }, setup: (a: typeof api) => void) {
      if (event !== 'devtools-plugin:setup') return;
      seen.app = descriptor.app;
      setup(api);
    },
  };
  const ask = (hook: string, payload: Record<string, unknown>) => {
    const p = { app: seen.app, inspectorId: VUE_INSPECTOR_ID, ...payload };
    for (const h of handlers[hook] ?? []) h(p);
    return p as any;
  };
  return {
    seen,
    tree: (filter = ''): CustomInspectorNode[] => ask('getInspectorTree', { filter, rootNodes: [] }).rootNodes,
    state: (nodeId: string) => ask('getInspectorState', { nodeId, state: {} }).state,
  };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  const g = globalThis as Record<string, unknown>;
  delete g.__VUE_DEVTOOLS_GLOBAL_HOOK__;
  delete g.__VUE_DEVTOOLS_PLUGIN_API_AVAILABLE__;
  delete g.__VUE_DEVTOOLS_PLUGINS__;
});

describe('Vue devtools custom inspector', () => {
  it('shows entities and reads, their state, store actions on the timeline, and invalidates from a node', async () => {
    const api = await startTodoServer();
    const client = createClient({ managers: [new DevtoolsManager(), ...getDefaultManagers()] });
    cleanups.push(() => api.server.close(), () => client.destroy());
    const vue = fakeVueDevtools();
    const app = { name: 'the app' };
    setupVueDevtools(app, client);
    expect(vue.seen.app).toBe(app);
    expect(vue.seen.inspectors.map((i) => i.id)).toEqual([VUE_INSPECTOR_ID]);
    expect(vue.seen.layers.map((l) => l.id)).toEqual([VUE_TIMELINE_LAYER_ID]);

    await client.controller.fetch(api.TodoResource.getList);
    const listKey = api.TodoResource.getList.key();
    expect(vue.seen.events.map((e) => `${e.event.title} ${e.event.subtitle}`)).toEqual([`fetch ${listKey}`, `set ${listKey}`]);
    expect(vue.seen.treeRefreshes).toBeGreaterThan(0);

    const [entities, reads] = vue.tree('Todo 2');
    expect(entities!.children!.find((t) => t.id === 'table:Todo')!.children!.map((n) => n.label)).toEqual(['Todo 2']);
    expect(reads!.children!.map((n) => n.id)).toEqual([]);
    expect(vue.tree()[1]!.children!.map((n) => [n.label, n.tags?.[0]?.label])).toEqual([[listKey, 'fresh']]);

    const todo = vue.state('entity:Todo:2');
    expect(todo.fields).toEqual(expect.arrayContaining([{ key: 'title', value: 'ship it' }]));
    expect(todo['referenced by']).toEqual([{ key: '0', value: listKey }]);
    expect(vue.state(`read:${listKey}`).read).toEqual(expect.arrayContaining([{ key: 'status', value: 'fresh' }]));

    vue.seen.inspectors[0].nodeActions[0].action(`read:${listKey}`);
    expect(vue.tree()[1]!.children!.map((n) => n.tags?.[0]?.label)).toEqual(['invalid']);
  });
});
