// Page side of the render suite. Each page registers an adapter (mount, unmount and
// the four mutations, each done the way an app using that library would); the driver
// calls window.bench.run(...) and gets ms per operation, timed from the call until the
// DOM shows the change and the event loop has turned once (so work a library
// schedules for the next task is counted too).
import { AUTHORS, makeRows, makeUsers, type Fixtures, type RawRow, type RawUser } from './data';

export interface Adapter {
  /** Starts rendering the list from the list endpoint (GET /rows, answered from memory). */
  mount(container: HTMLElement): void | Promise<void>;
  unmount(): void;
  updateRow(row: RawRow): void;
  updateUser(user: RawUser): void;
  push(row: RawRow): void;
  remove(id: string): void;
  /** Memory suite: unmounts the list only; the provider and its store stay (an app going on). */
  hideList(): void;
  /** Memory suite: runs the library's own garbage collection, if it has one, as if an hour had passed. */
  sweep?(): Promise<void>;
  /** Memory suite: one more render of what stays (the app goes on), so a framework lets go of the old tree. */
  settle?(): void;
}

export interface RunOptions {
  fixtures: Fixtures;
  n: number;
  /** Time budget per operation kind (ms). */
  budgetMs: number;
  mounts: number;
}

export interface OpResult {
  median: number;
  mean: number;
  iterations: number;
}

let listJson = '[]';
/** No network: GET /rows answers the list's JSON from memory. */
const realFetch = window.fetch.bind(window);
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (new URL(url, location.href).pathname === '/rows' && (init?.method ?? 'GET') === 'GET') {
    return new Response(listJson, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  return realFetch(input, init);
};

const channel = new MessageChannel();
/** One macrotask (faster and steadier than setTimeout). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

function until(root: HTMLElement, cond: () => boolean, what: string): Promise<void> {
  if (cond()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      mo.disconnect();
      reject(new Error(`timed out waiting for: ${what}`));
    }, 20_000);
    const mo = new MutationObserver(() => {
      if (cond()) {
        mo.disconnect();
        clearTimeout(timer);
        resolve();
      }
    });
    mo.observe(root, { childList: true, subtree: true, characterData: true });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const summary = (xs: number[]): OpResult => ({ median: median(xs), mean: xs.reduce((a, b) => a + b, 0) / xs.length, iterations: xs.length });

export function register(name: string, adapter: Adapter): void {
  const container = document.getElementById('app')!;
  const list = () => container.querySelector('ul#list') as HTMLUListElement | null;

  async function run({ fixtures, n, budgetMs, mounts }: RunOptions): Promise<Record<string, OpResult>> {
    const rows = makeRows(fixtures, n);
    const users = makeUsers(fixtures);
    listJson = JSON.stringify(rows);
    const out: Record<string, OpResult> = {};

    const mountTimes: number[] = [];
    for (let m = 0; m < mounts; m++) {
      await nextTask();
      const t0 = performance.now();
      await adapter.mount(container);
      await until(container, () => list()?.childElementCount === n, `${n} rows`);
      await nextTask();
      mountTimes.push(performance.now() - t0);
      if (m < mounts - 1) {
        adapter.unmount();
        container.textContent = '';
      }
    }
    out.mount = summary(mountTimes);

    const ul = list()!;
    async function measure(kind: string, step: (k: number) => { act: () => void; done: () => boolean }) {
      const times: number[] = [];
      const end = performance.now() + budgetMs;
      for (let k = 0; (performance.now() < end || times.length < 5) && times.length < 400; k++) {
        const { act, done } = step(k);
        const t0 = performance.now();
        act();
        await until(ul, done, kind);
        await nextTask();
        times.push(performance.now() - t0);
      }
      out[kind] = summary(times);
    }

    let version = 0;
    // a different row each time, spread over the list
    await measure('update one entity', (k) => {
      const idx = (k * 7919) % n;
      const el = ul.children[idx] as HTMLElement;
      const row = rows[idx]!;
      const name = `${row.name} v${++version}`;
      const nameEl = () => el.querySelector('.name')!;
      return { act: () => adapter.updateRow({ ...row, name }), done: () => nameEl().textContent === name };
    });
    // one author appears in n / 20 rows; each shows the author's name
    await measure('update shared author', (k) => {
      const a = k % AUTHORS;
      const el = ul.children[a] as HTMLElement;
      const name = `Author ${a} v${++version}`;
      return { act: () => adapter.updateUser({ ...users[a]!, name }), done: () => el.querySelector('.author')!.textContent === name };
    });
    await measure('push one item', (k) => {
      const base = rows[k % n]!;
      const row = { ...base, id: `new-${k}`, name: `new ${k}` };
      return { act: () => adapter.push(row), done: () => (ul.lastElementChild as HTMLElement | null)?.dataset.id === row.id };
    });
    await measure('delete one item', () => {
      const el = ul.firstElementChild as HTMLElement;
      return { act: () => adapter.remove(el.dataset.id!), done: () => !el.isConnected };
    });
    return out;
  }

  /** Memory suite, step 1: render n rows (the store then holds n rows and 20 users). */
  async function memoryMount({ fixtures, n }: { fixtures: Fixtures; n: number }): Promise<void> {
    listJson = JSON.stringify(makeRows(fixtures, n));
    await adapter.mount(container);
    await until(container, () => list()?.childElementCount === n, `${n} rows`);
    listJson = '[]';
    await nextTask();
  }
  /** Memory suite, step 2: nothing reads the rows any more; collect what the library collects. */
  async function memoryRelease(): Promise<void> {
    adapter.hideList();
    await until(container, () => list() === null, 'list gone');
    await nextTask();
    if (adapter.settle) {
      adapter.settle();
      await nextTask();
    }
    if (adapter.sweep) {
      // "an hour later": data expired and every grace period passed
      const realNow = Date.now;
      const skew = 3_600_000;
      Date.now = () => realNow() + skew;
      try {
        await adapter.sweep();
      } finally {
        Date.now = realNow;
      }
    }
    await nextTask();
  }

  (window as unknown as { bench: unknown }).bench = { name, run, memoryMount, memoryRelease, ready: true };
}
