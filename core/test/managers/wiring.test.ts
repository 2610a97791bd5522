import { describe, expect, it } from 'vitest';
import { createClient, RestEndpoint, type GCInterface, type Manager } from '../../src';

describe('createClient wires managers by their interface', () => {
  it('uses the gc a manager offers: reads retain and release through it', async () => {
    const retained: string[] = [];
    const gc: GCInterface = {
      retain: (endpoint, args) => {
        const key = endpoint.key(...args);
        retained.push(`+${key}`);
        return () => retained.push(`-${key}`);
      },
      touch: () => {},
    };
    const custom: Manager = { middleware: () => (next) => next, cleanup: () => {}, gc };
    const client = createClient({ managers: [custom] });
    expect(client.controller.gc).toBe(gc);
    const ep = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/things/:id' });
    const stop = client.observeWith({ fetch: false }, ep, [{ id: 1 }]).subscribe(() => {});
    stop();
    expect(retained).toEqual([`+${ep.key({ id: 1 })}`, `-${ep.key({ id: 1 })}`]);
  });

  it('every action goes through the managers to the reducer, and nothing after destroy()', async () => {
    const seen: string[] = [];
    const spy: Manager = { middleware: () => (next) => (action) => (seen.push(action.type), next(action)), cleanup: () => {} };
    const client = createClient({ managers: [spy] });
    const ep = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/things/:id' });
    await client.controller.setResponse(ep, { id: 1 }, { id: 1 });
    expect(seen).toHaveLength(1);
    expect(client.controller.getResponse(ep, { id: 1 }, client.getSnapshot()).data).toEqual({ id: 1 });
    client.destroy();
    await client.controller.setResponse(ep, { id: 2 }, { id: 2 });
    expect(seen).toHaveLength(1);
  });
});
