import type { Client, Controller } from '@resto/core';
import { DevtoolsManager, type TimelineEntry } from './DevtoolsManager';
import { entityGraph, entityRows, readData, readRows, referencesByEntity, type EntityNode } from './inspect';
import { PANEL_STYLE } from './panelStyle';

/** The panel's tabs. */
export type DevtoolsTab = 'entities' | 'reads' | 'timeline' | 'network' | 'tabs';
const TABS: readonly DevtoolsTab[] = ['entities', 'reads', 'timeline', 'network', 'tabs'];

/**
 * What the Tabs view reads from a tab-sync manager (`@resto/core/sync`) and an offline
 * queue (`@resto/core/persist`) among the client's managers. Found by shape, so the
 * panel imports neither.
 */
interface SyncLike {
  readonly id: string;
  readonly traffic: readonly { direction: string; type: string; keys: readonly string[]; entities: number; tab: string; at: number }[];
  onTraffic(listener: () => void): () => void;
}
interface QueueLike {
  readonly queue: readonly { id: string; name: string; args: readonly unknown[]; tab: string; fetchedAt: number }[];
  readonly names: readonly string[];
  subscribe(listener: () => void): () => void;
}
const syncOf = (client: Client) => client.managers.find((m): m is never => 'onTraffic' in m && 'traffic' in m) as SyncLike | undefined;
const queueOf = (client: Client) => client.managers.find((m): m is never => 'queue' in m && 'names' in m && 'subscribe' in m) as QueueLike | undefined;

/** What `<resto-devtools>` offers to scripts (the element class is made by `defineRestoDevtools`). */
export interface RestoDevtoolsElement extends HTMLElement {
  /** The store to show. Setting it starts the panel. */
  client: Client | undefined;
  /** The recorder; found in `client.managers`, or attached late when absent. */
  devtools: DevtoolsManager | undefined;
  /** The open tab. */
  tab: DevtoolsTab;
  /** Renders now instead of at the end of the current task (tests). */
  renderNow(): void;
}

type Child = Node | string | null | undefined | false;
function h(tag: string, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const time = (ms: number | undefined) => (ms ? new Date(ms).toISOString().slice(11, 23) : '—');

/**
 * Builds the element class. Kept in a function so importing the package never
 * touches `HTMLElement` (server rendering, Node tests) until someone defines it.
 *
 * @example
 * // Under another tag name (defineRestoDevtools('my-store-devtools') does the same).
 * customElements.define('my-store-devtools', createRestoDevtoolsClass());
 */
export function createRestoDevtoolsClass(): { new (): RestoDevtoolsElement } {
  return class RestoDevtools extends HTMLElement implements RestoDevtoolsElement {
    private _client: Client | undefined;
    private _devtools: DevtoolsManager | undefined;
    private detach: (() => void) | undefined;
    /** The recorder was found or made for the current client, not given. */
    private ownDevtools = false;
    private stops: (() => void)[] = [];
    private scheduled = false;
    private ticker: ReturnType<typeof setInterval> | undefined;
    private readonly body: HTMLElement;
    private readonly search: HTMLInputElement;
    private readonly tabButtons = new Map<DevtoolsTab, HTMLElement>();
    private current: DevtoolsTab = 'entities';
    private selectedEntity: string | undefined;
    private selectedEntry: number | undefined;

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = PANEL_STYLE;
      const header = h('header', {}, h('strong', {}, 'Resto'));
      for (const tab of TABS) {
        const b = h('button', { type: 'button', 'data-tab': tab, role: 'tab' }, tab[0]!.toUpperCase() + tab.slice(1));
        b.addEventListener('click', () => (this.tab = tab));
        this.tabButtons.set(tab, b);
        header.append(b);
      }
      this.search = h('input', { type: 'search', placeholder: 'Search: Todo 5, title…', 'data-search': '', 'aria-label': 'Search' }) as HTMLInputElement;
      this.search.addEventListener('input', () => this.schedule());
      header.append(this.search);
      this.body = h('main');
      root.append(style, header, this.body);
    }

    get client() {
      return this._client;
    }
    set client(client: Client | undefined) {
      this._client = client;
      if (this.ownDevtools) this._devtools = undefined;
      this.restart();
    }
    get devtools() {
      return this._devtools;
    }
    set devtools(devtools: DevtoolsManager | undefined) {
      this._devtools = devtools;
      this.ownDevtools = false;
      this.restart();
    }
    get tab() {
      return this.current;
    }
    set tab(tab: DevtoolsTab) {
      this.current = tab;
      this.renderNow();
    }

    connectedCallback() {
      this.restart();
      // Fresh turns stale with time alone: refresh the Reads tab once a second.
      this.ticker ??= setInterval(() => this.current === 'reads' && this.schedule(), 1000);
    }

    disconnectedCallback() {
      this.stop();
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
    }

    renderNow() {
      this.scheduled = false;
      this.render();
    }

    private stop() {
      for (const s of this.stops.splice(0)) s();
      this.detach?.();
      this.detach = undefined;
    }

    private restart() {
      this.stop();
      const client = this._client;
      if (!client || !this.isConnected) return;
      if (!this._devtools || this.ownDevtools) {
        this.ownDevtools = true;
        const installed = client.managers.find((m): m is DevtoolsManager => m instanceof DevtoolsManager);
        // Loaded after the client was made: record from now on (the same recorder across reconnects).
        this._devtools = installed ?? this._devtools ?? new DevtoolsManager();
        if (!installed) this.detach = this._devtools.attach(client);
      }
      this.stops.push(client.subscribe(() => this.schedule()), this._devtools.subscribe(() => this.schedule()));
      const sync = syncOf(client);
      const queue = queueOf(client);
      if (sync) this.stops.push(sync.onTraffic(() => this.current === 'tabs' && this.schedule()));
      if (queue) this.stops.push(queue.subscribe(() => this.current === 'tabs' && this.schedule()));
      const leader = client.controller.environment.tabs?.subscribe?.(() => this.current === 'tabs' && this.schedule());
      if (leader) this.stops.push(leader);
      this.renderNow();
    }

    private schedule() {
      if (this.scheduled) return;
      this.scheduled = true;
      // Many actions in one task render once.
      setTimeout(() => this.scheduled && this.renderNow(), 0);
    }

    private render() {
      for (const [tab, b] of this.tabButtons) b.setAttribute('aria-selected', String(tab === this.current));
      this.search.hidden = this.current !== 'entities';
      const client = this._client;
      const devtools = this._devtools;
      if (!client || !devtools) {
        this.body.replaceChildren(h('p', { class: 'muted' }, 'No client: set element.client = client'));
        return;
      }
      const controller = client.controller;
      const state = client.getSnapshot();
      const views: Record<DevtoolsTab, () => Node[]> = {
        entities: () => this.renderEntities(controller, devtools, state),
        reads: () => this.renderReads(controller, devtools, state),
        timeline: () => this.renderTimeline(controller, devtools),
        network: () => this.renderNetwork(devtools),
        tabs: () => this.renderTabs(client),
      };
      this.body.setAttribute('data-view', this.current);
      this.body.replaceChildren(...views[this.current]());
    }

    private renderEntities(controller: Controller, devtools: DevtoolsManager, state: ReturnType<Client['getSnapshot']>): Node[] {
      const tables = entityRows(controller, state, this.search.value);
      const list = h('div', { class: 'list' });
      if (!tables.size) list.append(h('p', { class: 'muted' }, this.search.value ? 'No entity matches.' : 'The store holds no entities yet.'));
      const LIMIT = 200;
      for (const [entityKey, rows] of tables) {
        const tbody = h('tbody');
        for (const row of rows.slice(0, LIMIT)) {
          const id = `${entityKey}:${row.pk}`;
          const summary = Object.entries(row.fields)
            .filter(([k]) => k !== 'id')
            .slice(0, 3)
            .map(([k, v]) => `${k}=${show(v)}`)
            .join(' ');
          const tr = h(
            'tr',
            { class: 'pick', 'data-entity': id, ...(id === this.selectedEntity ? { 'data-selected': '' } : {}) },
            h('td', {}, row.pk),
            h('td', { class: row.optimistic ? 'optimistic' : 'muted' }, row.optimistic ? 'optimistic' : ''),
            h('td', {}, summary),
          );
          tr.addEventListener('click', () => {
            this.selectedEntity = id;
            this.renderNow();
          });
          tbody.append(tr);
        }
        const more = rows.length > LIMIT ? h('p', { class: 'muted' }, `${rows.length - LIMIT} more: search to narrow`) : null;
        list.append(h('section', { 'data-table': entityKey }, h('h3', {}, `${entityKey} (${rows.length})`), h('table', {}, tbody), more));
      }
      return [list, this.renderEntityDetail(controller, devtools, state)];
    }

    private renderEntityDetail(controller: Controller, devtools: DevtoolsManager, state: ReturnType<Client['getSnapshot']>): Node {
      const id = this.selectedEntity;
      const detail = h('div', { class: 'detail' });
      if (!id) {
        detail.append(h('p', { class: 'muted' }, 'Pick an entity to see its fields, the reads that reference it and its timings.'));
        return detail;
      }
      const cut = id.indexOf(':');
      const entityKey = id.slice(0, cut);
      const pk = id.slice(cut + 1);
      detail.setAttribute('data-entity-detail', id);
      const row = entityRows(controller, state, '').get(entityKey)?.find((r) => r.pk === pk);
      if (!row) {
        detail.append(h('h3', {}, `${entityKey} ${pk}`), h('p', { class: 'muted' }, 'Not in the store (removed or garbage-collected).'));
        return detail;
      }
      const fields = h('tbody');
      for (const [name, value] of Object.entries(row.fields)) {
        fields.append(h('tr', { 'data-field': name }, h('th', {}, name), h('td', {}, show(value))));
      }
      const refs = referencesByEntity(controller, devtools, state).get(id) ?? [];
      detail.append(
        h('h3', {}, `${entityKey} ${pk}`, row.optimistic ? h('span', { class: 'optimistic' }, ' (optimistic, not confirmed)') : null),
        h('table', {}, fields),
        h('h3', {}, 'Timings'),
        h('p', { 'data-timings': '' }, `fetchedAt ${time(row.meta?.fetchedAt)} · expiresAt ${time(row.meta?.expiresAt)}`),
        h('h3', {}, `Referenced by ${refs.length} read${refs.length === 1 ? '' : 's'}`),
        h('ul', { 'data-references': '' }, ...refs.map((k) => h('li', {}, k))),
      );
      return detail;
    }

    private renderReads(controller: Controller, devtools: DevtoolsManager, state: ReturnType<Client['getSnapshot']>): Node[] {
      const rows = readRows(devtools, state);
      const tbody = h('tbody');
      for (const row of rows) {
        const act = (name: string, run: () => Promise<unknown>, enabled = true) => {
          const b = h('button', { type: 'button', 'data-action': name, ...(enabled ? {} : { disabled: '' }) }, name);
          b.addEventListener('click', () => void run().catch(() => {}));
          return b;
        };
        const only = (k: string) => k === row.key;
        const ref = devtools.knownReads.get(row.key);
        tbody.append(
          h(
            'tr',
            { 'data-read': row.key },
            h('td', {}, row.key),
            h('td', { class: row.status, 'data-status': row.status, title: row.error ?? '' }, row.status),
            h('td', { 'data-observers': '' }, String(row.observers)),
            h('td', {}, row.pollFrequency === undefined ? '—' : row.pollFrequency === Infinity ? 'on' : `${row.pollFrequency} ms`),
            h('td', {}, time(row.fetchedAt)),
            h(
              'td',
              {},
              act('refetch', () => controller.fetch(ref!.endpoint, ...(ref!.args as never[])), row.refetchable),
              act('invalidate', () => controller.invalidateAll({ testKey: only })),
              act('expire', () => controller.expireAll({ testKey: only })),
            ),
          ),
        );
      }
      const head = h('tr', {}, ...['key', 'status', 'observers', 'poll', 'last fetch', ''].map((t) => h('th', {}, t)));
      const list = h('div', { class: 'list' }, rows.length ? h('table', {}, h('thead', {}, head), tbody) : h('p', { class: 'muted' }, 'No reads yet.'));
      return [list];
    }

    private renderTimeline(controller: Controller, devtools: DevtoolsManager): Node[] {
      const entries = devtools.timeline;
      const tbody = h('tbody');
      const LIMIT = 300;
      for (let i = entries.length - 1; i >= Math.max(0, entries.length - LIMIT); i--) {
        const e = entries[i]!;
        const changes = e.diff.entities.length + e.diff.reads.length;
        const tr = h(
          'tr',
          { class: 'pick', 'data-entry': String(e.id), 'data-kind': e.kind, ...(e.id === this.selectedEntry ? { 'data-selected': '' } : {}) },
          h('td', { class: 'muted' }, time(e.time)),
          h('td', { class: e.kind }, e.kind),
          h('td', {}, e.key ?? ''),
          h('td', { class: 'muted' }, changes ? `${changes} change${changes === 1 ? '' : 's'}` : ''),
        );
        tr.addEventListener('click', () => {
          this.selectedEntry = e.id;
          this.renderNow();
        });
        tbody.append(tr);
      }
      const list = h('div', { class: 'list' }, entries.length ? h('table', {}, tbody) : h('p', { class: 'muted' }, 'No actions yet.'));
      const selected = entries.find((e) => e.id === this.selectedEntry);
      return [list, this.renderEntry(controller, devtools, selected)];
    }

    private renderEntry(controller: Controller, devtools: DevtoolsManager, entry: TimelineEntry | undefined): Node {
      const detail = h('div', { class: 'detail' });
      if (!entry) {
        detail.append(h('p', { class: 'muted' }, 'Pick an action to see the changes it made and the entities of its response.'));
        return detail;
      }
      detail.setAttribute('data-entry-detail', String(entry.id));
      detail.append(h('h3', {}, `${entry.kind} ${entry.endpoint ?? ''} ${entry.key ?? ''}`));
      const changes = h('ul', { 'data-diff': '' });
      for (const c of entry.diff.entities) {
        const fields = c.fields.map((f) => (c.kind === 'changed' ? `${f.name}: ${show(f.before)} → ${show(f.after)}` : f.name)).join(', ');
        changes.append(h('li', { class: c.kind === 'removed' ? 'invalid' : '' }, `${c.kind} ${c.entityKey} ${c.pk}${fields ? ` { ${fields} }` : ''}`));
      }
      for (const r of entry.diff.reads) changes.append(h('li', {}, `${r.kind} read ${r.key} (${r.what.join(' + ')})`));
      const [ob, oa] = entry.diff.optimistic;
      if (ob !== oa) changes.append(h('li', { class: 'optimistic' }, `pending optimistic updates: ${ob} → ${oa}`));
      if (!changes.childNodes.length) changes.append(h('li', { class: 'muted' }, 'No change to the store.'));
      detail.append(h('h3', {}, 'State diff'), changes);
      if (entry.key && (entry.kind === 'set' || entry.kind === 'optimistic')) {
        const graph = entityGraph(readData(controller, devtools, entry.key, entry.state));
        const render = (nodes: readonly EntityNode[]): HTMLElement =>
          h('ul', { class: 'graph' }, ...nodes.map((n) => h('li', {}, `${n.entityKey} ${n.pk}`, n.children.length ? render(n.children) : null)));
        detail.append(h('h3', {}, 'Entity graph of the response'), graph.length ? render(graph) : h('p', { class: 'muted' }, 'No entities.'));
        detail.lastElementChild?.setAttribute('data-graph', '');
      }
      return detail;
    }

    /** Which tab leads, the messages between tabs, and the saved offline queue. */
    private renderTabs(client: Client): Node[] {
      const sync = syncOf(client);
      const queue = queueOf(client);
      const tabs = client.controller.environment.tabs;
      const role = tabs ? (tabs.leader ? 'leader' : 'follower') : 'alone';
      const who = h(
        'p',
        { 'data-leader': role },
        !tabs ? 'No tab sync: this tab keeps its own store.' : tabs.leader ? `This tab (${sync?.id ?? '?'}) leads: it polls for every tab.` : `This tab (${sync?.id ?? '?'}) follows the leader.`,
      );
      const traffic = h('tbody');
      for (const t of [...(sync?.traffic ?? [])].reverse()) {
        traffic.append(
          h(
            'tr',
            { 'data-traffic': t.type, 'data-direction': t.direction },
            h('td', { class: 'muted' }, time(t.at)),
            h('td', {}, t.direction === 'in' ? `← ${t.tab}` : '→ all'),
            h('td', {}, t.type),
            h('td', {}, t.keys.join(', ')),
            h('td', { class: 'muted' }, t.entities ? `${t.entities} entities` : ''),
          ),
        );
      }
      const queued = h('tbody');
      for (const m of queue?.queue ?? []) {
        queued.append(h('tr', { 'data-queued': m.name }, h('td', { class: 'muted' }, time(m.fetchedAt)), h('td', {}, m.name), h('td', {}, show(m.args)), h('td', { class: 'muted' }, m.tab)));
      }
      return [
        h(
          'div',
          { class: 'list' },
          who,
          h('h3', {}, `Sync traffic (${sync?.traffic.length ?? 0})`),
          sync ? h('table', { 'data-traffic-list': '' }, traffic) : h('p', { class: 'muted' }, 'Add tabSync() from @resto/core/sync to share the store between tabs.'),
          h('h3', {}, `Offline queue (${queue?.queue.length ?? 0})`),
          queue
            ? queue.queue.length
              ? h('table', { 'data-queue': '' }, queued)
              : h('p', { class: 'muted', 'data-queue': '' }, 'Nothing waits to be sent.')
            : h('p', { class: 'muted' }, 'Add an OfflineQueueManager from @resto/core/persist to keep offline writes across reloads.'),
        ),
      ];
    }

    private renderNetwork(devtools: DevtoolsManager): Node[] {
      const t = devtools.totals;
      const totals = h(
        'p',
        {},
        ...(
          [
            ['inFlight', devtools.inFlight.length],
            ['requests', t.requests],
            ['dedupeHits', t.dedupeHits],
            ['aborts', t.aborts],
            ['retries', t.retries],
            ['errors', t.errors],
          ] as const
        ).flatMap(([name, n]) => [h('span', { 'data-total': name }, `${name} ${n}`), ' · ']),
      );
      totals.lastChild?.remove();
      const tbody = h('tbody');
      for (const r of devtools.requests) {
        tbody.append(
          h(
            'tr',
            { 'data-request': String(r.id), 'data-status': r.status },
            h('td', {}, r.method),
            h('td', {}, r.key),
            h('td', { class: r.status }, r.status),
            h('td', {}, r.dedupeHits ? `+${r.dedupeHits} deduped` : ''),
            h('td', {}, r.retry ? 'retry' : ''),
            h('td', { class: 'muted' }, r.endedAt ? `${r.endedAt - r.startedAt} ms` : '…'),
            h('td', { class: 'muted' }, r.error ?? ''),
          ),
        );
      }
      return [h('div', { class: 'list' }, totals, h('table', {}, tbody))];
    }
  };
}
