import type { Client } from '@resto/core';
import { setupDevtoolsPlugin, type CustomInspectorNode, type CustomInspectorState, type DevtoolsPluginApi } from '@vue/devtools-api';
import { DevtoolsManager } from '../DevtoolsManager';
import { entityRows, readData, readRows, referencesByEntity } from '../inspect';

/** Id of the Resto custom inspector in the Vue devtools. */
export const VUE_INSPECTOR_ID = 'resto';
/** Id of the Resto layer in the Vue devtools timeline. */
export const VUE_TIMELINE_LAYER_ID = 'resto:actions';

/** Options of {@link setupVueDevtools}. */
export interface VueDevtoolsOptions {
  /** The recorder, when not in `client.managers` (one is attached otherwise). */
  readonly devtools?: DevtoolsManager;
}

const STATUS_COLORS: Record<string, number> = { fresh: 0x34d399, stale: 0xfbbf24, invalid: 0xf87171, error: 0xf87171, loading: 0x60a5fa };

/**
 * Adds a "Resto" custom inspector (entities by table, reads with their status; pick
 * one to see its fields or data) and a timeline layer of every store action to the
 * Vue devtools. Lives in its own entry (`@resto/devtools/vue`) so apps that do not
 * import it carry neither it nor `@vue/devtools-api`.
 *
 * @example
 * const app = createApp(App).use(createResto({ client }));
 * if (import.meta.env.DEV) {
 *   import('@resto/devtools/vue').then(({ setupVueDevtools }) => setupVueDevtools(app, client));
 * }
 */
export function setupVueDevtools(app: unknown, client: Client, options: VueDevtoolsOptions = {}): void {
  let devtools = options.devtools ?? client.managers.find((m): m is DevtoolsManager => m instanceof DevtoolsManager);
  if (!devtools) {
    devtools = new DevtoolsManager();
    devtools.attach(client);
  }
  const recorder = devtools;
  const { controller } = client;
  setupDevtoolsPlugin(
    { id: 'resto', label: 'Resto', packageName: '@resto/devtools', homepage: 'https://github.com/resto-js/resto/tree/main/devtools#readme', app: app as never, enableEarlyProxy: true },
    (api: DevtoolsPluginApi<Record<string, unknown>>) => {
      api.addInspector({
        id: VUE_INSPECTOR_ID,
        label: 'Resto store',
        treeFilterPlaceholder: 'Todo 5, a title, a key…',
        noSelectionText: 'Pick an entity or a read',
        nodeActions: [
          {
            icon: 'block',
            tooltip: 'Invalidate this read (observers refetch it)',
            action: (nodeId) => {
              if (nodeId.startsWith('read:')) void controller.invalidateAll({ testKey: (k) => k === nodeId.slice(5) });
            },
          },
        ],
      });
      api.addTimelineLayer({ id: VUE_TIMELINE_LAYER_ID, label: 'Resto', color: 0x6366f1 });

      api.on.getInspectorTree((payload) => {
        if (payload.inspectorId !== VUE_INSPECTOR_ID) return;
        const state = client.getSnapshot();
        const entities: CustomInspectorNode[] = [];
        for (const [entityKey, rows] of entityRows(controller, state, payload.filter)) {
          entities.push({
            id: `table:${entityKey}`,
            label: `${entityKey} (${rows.length})`,
            children: rows.map((r) => ({
              id: `entity:${entityKey}:${r.pk}`,
              label: `${entityKey} ${r.pk}`,
              ...(r.optimistic ? { tags: [{ label: 'optimistic', textColor: 0xffffff, backgroundColor: 0x60a5fa }] } : null),
            })),
          });
        }
        const filter = payload.filter.trim().toLowerCase();
        const reads = readRows(recorder, state)
          .filter((r) => !filter || r.key.toLowerCase().includes(filter))
          .map((r) => ({
            id: `read:${r.key}`,
            label: r.key,
            tags: [{ label: r.status, textColor: 0x000000, backgroundColor: STATUS_COLORS[r.status]! }],
          }));
        payload.rootNodes = [
          { id: 'entities', label: 'Entities', children: entities },
          { id: 'reads', label: 'Reads', children: reads },
        ];
      });

      api.on.getInspectorState((payload) => {
        if (payload.inspectorId !== VUE_INSPECTOR_ID) return;
        const state = client.getSnapshot();
        const id = payload.nodeId;
        let result: CustomInspectorState | undefined;
        if (id.startsWith('entity:')) {
          const rest = id.slice('entity:'.length);
          const cut = rest.indexOf(':');
          const entityKey = rest.slice(0, cut);
          const pk = rest.slice(cut + 1);
          const row = entityRows(controller, state).get(entityKey)?.find((r) => r.pk === pk);
          if (row) {
            result = {
              fields: Object.entries(row.fields).map(([key, value]) => ({ key, value })),
              meta: [
                { key: 'fetchedAt', value: row.meta?.fetchedAt },
                { key: 'expiresAt', value: row.meta?.expiresAt },
                { key: 'optimistic', value: row.optimistic },
              ],
              'referenced by': (referencesByEntity(controller, recorder, state).get(`${entityKey}:${pk}`) ?? []).map((key, i) => ({ key: String(i), value: key })),
            };
          }
        } else if (id.startsWith('read:')) {
          const key = id.slice('read:'.length);
          const row = readRows(recorder, state).find((r) => r.key === key);
          if (row) {
            result = {
              read: [
                { key: 'status', value: row.status },
                { key: 'observers', value: row.observers },
                { key: 'pollFrequency', value: row.pollFrequency },
                { key: 'fetchedAt', value: row.fetchedAt },
                { key: 'expiresAt', value: row.expiresAt },
                { key: 'error', value: row.error },
              ],
              data: [{ key: 'data', value: readData(controller, recorder, key, state) }],
            };
          }
        }
        if (result) payload.state = result;
      });

      recorder.subscribe((entry) => {
        if (entry) {
          api.addTimelineEvent({
            layerId: VUE_TIMELINE_LAYER_ID,
            event: {
              time: api.now(),
              title: entry.kind,
              subtitle: entry.key ?? '',
              logType: entry.kind === 'error' || entry.kind === 'rollback' ? 'error' : 'default',
              data: { key: entry.key, endpoint: entry.endpoint, action: entry.type, diff: entry.diff },
            },
          });
        }
        api.sendInspectorTree(VUE_INSPECTOR_ID);
        api.sendInspectorState(VUE_INSPECTOR_ID);
      });
    },
  );
}
