// @vitest-environment node
import { createClient, getDefaultManagers } from '@resto/core';
import { describe, expect, it } from 'vitest';

describe('@resto/devtools without a DOM (server rendering, Node)', () => {
  it('imports without touching HTMLElement, and the manager records', async () => {
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe('undefined');
    const { DevtoolsManager } = await import('../src');
    const devtools = new DevtoolsManager();
    const client = createClient({ managers: [devtools, ...getDefaultManagers()] });
    await client.controller.resetEntireStore();
    expect(devtools.timeline.map((e) => e.kind)).toEqual(['reset']);
    client.destroy();
  });
});
