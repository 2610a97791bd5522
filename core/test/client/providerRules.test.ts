// The rules every adapter's provider and query read share, from core's public entry.
import { describe, expect, it } from 'vitest';
import { createClient, dehydrate, providedClient, readQueryKey, RestEndpoint } from '@resto/core';

describe('readQueryKey', () => {
  it('is the same for equal args and differs for other ones', () => {
    expect(readQueryKey([{ id: 5 }])).toBe(readQueryKey([{ id: 5 }]));
    expect(readQueryKey([{ id: 5 }])).not.toBe(readQueryKey([{ id: 6 }]));
  });

  it('is undefined for a read switched off', () => {
    expect(readQueryKey(null)).toBeUndefined();
    expect(readQueryKey([null])).toBeUndefined();
  });

  it('never makes args JSON cannot write equal to each other', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const first = readQueryKey([cyclic]);
    expect(first).toBeDefined();
    expect(readQueryKey([cyclic])).not.toBe(first);
  });
});

describe('providedClient', () => {
  it('gives the client passed, every time', () => {
    const client = createClient();
    const make = providedClient('test()', { client });
    expect(make()).toBe(client);
    client.destroy();
  });

  it('makes a server-mode client holding the initial state when none is passed', async () => {
    const source = createClient();
    const getMessage = new RestEndpoint({ path: '/message' });
    await source.controller.setResponse(getMessage, { text: 'from the server' });
    const made = providedClient('test()', { ssr: true, initialState: dehydrate(source) })();
    expect(made.ssr).toBe(true);
    expect(made.controller.getResponse(getMessage, made.getSnapshot()).data).toEqual({ text: 'from the server' });
    made.destroy();
    source.destroy();
  });

  it('refuses initialState with a client of your own, naming the provider, before making anything', () => {
    const client = createClient();
    expect(() => providedClient('provideX()', { client, initialState: {} as never })).toThrow(/^Resto provideX\(\): initialState with a client of your own\. Fix: .*hydrate\(client, snapshot\)/);
    client.destroy();
  });
});
