import { describe, expect, it } from 'vitest';
import module, { pluginSource } from '../src';

describe('@resto/nuxt', () => {
  it('is a Nuxt module named @resto/nuxt with its options under `resto`', async () => {
    const meta = await module.getMeta?.();
    expect(meta).toMatchObject({ name: '@resto/nuxt', configKey: 'resto' });
  });

  it('the plugin it adds: a server client per render, stored in the payload then destroyed; the browser hydrates from it', () => {
    const src = pluginSource({ payloadKey: 'todos', gc: { graceMS: 5 } });
    expect(src).toContain(`createResto({ ssr: true })`);
    expect(src).toMatch(/app:rendered[\s\S]*nuxtApp\.payload\["todos"\] = serializeState\(dehydrate\(resto\.client\)\);\s*end\(\);/);
    expect(src).toContain(`createResto({ gc: {"graceMS":5}, initialState: typeof state === 'string' ? parseState(state) : undefined })`);
  });
});
