import { nextTask } from '@resto/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  createFocusSignal,
  createOnlineSignal,
  Endpoint,
  EnvironmentSignal,
  getDefaultManagers,
  NetworkManager,
  OfflineManager,
  WindowEventsManager,
} from '../../src';
import { waitUntil } from '../../src/internal';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An event target that counts its listeners, standing in for window or document. */
class CountingTarget extends EventTarget {
  listeners = 0;
  visibilityState: DocumentVisibilityState = 'visible';
  override addEventListener(...a: Parameters<EventTarget['addEventListener']>) {
    this.listeners++;
    super.addEventListener(...a);
  }
  override removeEventListener(...a: Parameters<EventTarget['removeEventListener']>) {
    this.listeners--;
    super.removeEventListener(...a);
  }
}

describe('EnvironmentSignal', () => {
  it('tells listeners about changes only, and set() overrides the value', () => {
    const signal = new EnvironmentSignal(true);
    const seen: boolean[] = [];
    const stop = signal.subscribe((v) => seen.push(v));
    signal.set(true);
    signal.set(false);
    signal.set(false);
    signal.set(true);
    expect(seen).toEqual([false, true]);
    stop();
    signal.set(false);
    expect(seen).toEqual([false, true]);
    expect(signal.value).toBe(false);
  });

  it('attaches its event source on the first subscribe and detaches it on the last', () => {
    let attached = 0;
    let push!: (v: boolean) => void;
    const signal = new EnvironmentSignal(true, (set) => {
      attached++;
      push = set;
      return () => attached--;
    });
    expect(attached).toBe(0); // nothing listens: nothing attached
    const a = signal.subscribe(() => {});
    const b = signal.subscribe(() => {});
    expect(attached).toBe(1);
    push(false);
    expect(signal.value).toBe(false);
    a();
    expect(attached).toBe(1);
    b();
    b(); // a second call does nothing
    expect(attached).toBe(0);
    expect(signal.listenerCount).toBe(0);
  });

  it('setEventListener replaces the source (React Native), attaching it at once when listened to', () => {
    const signal = createOnlineSignal();
    const seen: boolean[] = [];
    const stop = signal.subscribe((v) => seen.push(v));
    let detached = false;
    let push!: (v: boolean) => void;
    signal.setEventListener((set) => {
      push = set;
      return () => (detached = true);
    });
    push(false);
    push(true);
    expect(seen).toEqual([false, true]);
    stop();
    expect(detached).toBe(true);
  });

  it('a listener that throws is reported; the others (a read held while offline) still hear the change', async () => {
    const errors: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => errors.push(error));
    const ep = new Endpoint(async () => ({ ok: 1 }), { name: 'ep' });
    const client = createClient({ managers: [new NetworkManager(), new OfflineManager()] });
    client.online!.set(false);
    client.online!.subscribe((isOnline) => {
      if (isOnline) throw new Error('banner not mounted yet');
    });
    let outcome = 'pending';
    client.controller.fetch(ep).then(
      () => (outcome = 'resolved'),
      () => (outcome = 'rejected'),
    );
    await nextTask();
    expect(outcome).toBe('pending'); // held: offline
    client.online!.set(true); // does not throw at the caller either
    await nextTask();
    expect({ online: client.online!.value, outcome }).toEqual({ online: true, outcome: 'resolved' });
    expect(errors.map(String)).toEqual(['Error: banner not mounted yet']);
    client.destroy();
  });
});

describe('browser signals', () => {
  it('online follows navigator.onLine and the online/offline events, with listeners only while subscribed', () => {
    const win = new CountingTarget();
    const nav = { onLine: false };
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', nav);
    const online = createOnlineSignal();
    expect(online.value).toBe(false);
    nav.onLine = true;
    expect(online.value).toBe(true); // read live while nothing listens
    expect(win.listeners).toBe(0);
    const seen: boolean[] = [];
    const stop = online.subscribe((v) => seen.push(v));
    expect(win.listeners).toBe(2);
    win.dispatchEvent(new Event('offline'));
    win.dispatchEvent(new Event('online'));
    expect(seen).toEqual([false, true]);
    stop();
    expect(win.listeners).toBe(0);
  });

  it('focus follows document.visibilityState; going visible again is reported as true', () => {
    const doc = new CountingTarget();
    const win = new CountingTarget();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    const focus = createFocusSignal();
    expect(focus.value).toBe(true);
    const seen: boolean[] = [];
    const stop = focus.subscribe((v) => seen.push(v));
    expect(doc.listeners + win.listeners).toBe(2);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('focus')); // still hidden: no change
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual([false, true]);
    stop();
    expect(doc.listeners + win.listeners).toBe(0);
  });

  it('without a browser both are true and attach nothing', () => {
    const online = createOnlineSignal();
    const focus = createFocusSignal();
    const stops = [online.subscribe(() => {}), focus.subscribe(() => {})];
    expect([online.value, focus.value]).toEqual([true, true]);
    for (const s of stops) s();
  });
});

describe('WindowEventsManager (opt-in)', () => {
  /** A stale read of a counting endpoint, subscribed; returns how many times it fetched. */
  async function staleRead(client: ReturnType<typeof createClient>) {
    let calls = 0;
    const time = new Endpoint(async () => ({ n: ++calls }), { name: 'time', dataExpiryLength: 0 });
    const observer = client.observe(time);
    const stop = observer.subscribe(() => {});
    /** Waits until the answer to the `n`th request is shown, and stale again. */
    const shown = (n: number) => vi.waitFor(() => expect(observer.getSnapshot()).toMatchObject({ data: { n }, stale: true, loading: false }));
    await shown(1);
    return { calls: () => calls, shown, stop, observer };
  }

  it('a client has the signals only when given them or when a manager needs them; without, its reads count as online', async () => {
    const plain = createClient();
    expect([plain.online, plain.focus]).toEqual([undefined, undefined]);
    const read = await staleRead(plain);
    read.stop();
    read.observer.subscribe(() => {}); // mounted again on stale data: revalidates, as online
    await read.shown(2);
    plain.destroy();
    const held = createClient({ managers: [new NetworkManager(), new OfflineManager()] });
    expect([held.online?.value, held.focus]).toEqual([true, undefined]);
    held.destroy();
    const windowed = createClient({ managers: [new OfflineManager(), ...getDefaultManagers(), new WindowEventsManager()] });
    expect(windowed.online).toBeInstanceOf(EnvironmentSignal);
    expect(windowed.focus).toBeInstanceOf(EnvironmentSignal);
    windowed.destroy();
  });

  it('without it the client ignores the window: no listeners, no refetch on focus or reconnect', async () => {
    const doc = new CountingTarget();
    const win = new CountingTarget();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', { onLine: false });
    const client = createClient({ online: new EnvironmentSignal(true), focus: new EnvironmentSignal(true) });
    expect(client.online!.value).toBe(true); // navigator.onLine is not consulted either
    const read = await staleRead(client);
    expect(doc.listeners + win.listeners).toBe(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    await nextTask();
    expect(read.calls()).toBe(1);
    // Told by hand, nothing either: revalidating on focus and reconnect comes with the manager.
    client.focus!.set(false);
    client.focus!.set(true);
    client.online!.set(false);
    client.online!.set(true);
    await nextTask();
    expect(read.calls()).toBe(1);
    expect(client.focus!.listenerCount + client.online!.listenerCount).toBe(0);
    read.stop();
    client.destroy();
  });

  it('with it, signals the app passed (React Native) keep their source and get the same triggers and offline hold', async () => {
    const win = new CountingTarget();
    vi.stubGlobal('window', win);
    const online = new EnvironmentSignal(true);
    const focus = new EnvironmentSignal(true);
    const client = createClient({ online, focus, managers: [...getDefaultManagers(), new WindowEventsManager()] });
    const read = await staleRead(client);
    expect(win.listeners).toBe(0);
    focus.set(false);
    focus.set(true);
    await read.shown(2);
    online.set(false);
    // Offline, a mutation is refused (no queueOfflineMutations): the hold came with the manager.
    const mutation = new Endpoint(async () => ({ ok: 1 }), { name: 'save', sideEffect: true });
    await expect(client.controller.fetch(mutation)).rejects.toMatchObject({ name: 'OfflineError', endpoint: 'save' });
    online.set(true);
    await read.shown(3);
    read.stop();
    client.destroy();
  });

  it('with it, focus and online follow the window: a stale read refetches when the page is shown and when the network is back', async () => {
    const doc = new CountingTarget();
    const win = new CountingTarget();
    const nav = { onLine: false };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', nav);
    const client = createClient({ managers: [...getDefaultManagers(), new WindowEventsManager()] });
    expect(client.online!.value).toBe(false); // navigator.onLine, read while nothing listens
    nav.onLine = true;
    expect(client.online!.value).toBe(true);
    const read = await staleRead(client);
    expect(doc.listeners + win.listeners).toBe(4); // visibilitychange, focus, online, offline
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(client.focus!.value).toBe(false);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await read.shown(2);
    win.dispatchEvent(new Event('offline'));
    expect(client.online!.value).toBe(false);
    win.dispatchEvent(new Event('online'));
    await read.shown(3);
    read.stop();
    expect(doc.listeners + win.listeners).toBe(0); // nothing listens: detached
    client.destroy();
  });

  it('leaves a signal the app passed (React Native, a test) on its own source', () => {
    const win = new CountingTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', { onLine: true });
    const online = new EnvironmentSignal(false);
    let attached = 0;
    online.setEventListener(() => {
      attached++;
      return () => attached--;
    });
    const client = createClient({ online, managers: [...getDefaultManagers(), new WindowEventsManager()] });
    const stop = client.online!.subscribe(() => {});
    expect(client.online!.value).toBe(false); // not navigator.onLine
    expect(attached).toBe(1);
    expect(win.listeners).toBe(0);
    stop();
    client.destroy();
  });

  it('in server mode attaches nothing', async () => {
    const doc = new CountingTarget();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', { onLine: false });
    const client = createClient({ ssr: true, managers: [new NetworkManager(), new WindowEventsManager()] });
    expect(client.online!.value).toBe(true);
    const stop = client.focus!.subscribe(() => {});
    expect(doc.listeners).toBe(0);
    stop();
    client.destroy();
  });
});

describe('waitUntil', () => {
  it('resolves when an event source reports true the moment it attaches, and detaches it', async () => {
    let detached = 0;
    // A source that answers at once (a React Native NetInfo listener can).
    const online = new EnvironmentSignal(false, (set) => {
      set(true);
      return () => detached++;
    });
    await expect(waitUntil(online, new AbortController().signal)).resolves.toBeUndefined();
    expect(detached).toBe(1);
  });

  it('resolves on the change or the abort, and lets go of the signal either way', async () => {
    let attached = 0;
    let push!: (v: boolean) => void;
    const online = new EnvironmentSignal(false, (set) => {
      attached++;
      push = set;
      return () => attached--;
    });
    const first = waitUntil(online, new AbortController().signal);
    expect(attached).toBe(1);
    push(true);
    await first;
    expect(attached).toBe(0);
    online.set(false);
    const abort = new AbortController();
    const second = waitUntil(online, abort.signal);
    expect(attached).toBe(1);
    abort.abort();
    await second;
    expect(attached).toBe(0);
  });
});
