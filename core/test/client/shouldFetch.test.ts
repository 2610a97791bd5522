import { describe, expect, it } from 'vitest';
import {
  shouldFetchOnChange,
  shouldFetchOnTrigger,
  type ReadFacts,
} from '../../src/client/shouldFetch';
import { shouldFetchOnExpiry } from '../../src/client/expiryTimer';

// The fetch decisions are pure: each case is a table row.
const fresh: ReadFacts = { invalid: false, unusable: false, stale: false, online: true, handled: false, hasMeta: true, recentError: false };
const stale: ReadFacts = { ...fresh, stale: true };
const missing: ReadFacts = { ...fresh, invalid: true, unusable: true, hasMeta: false };
// The three triggers, as the observer asks about each.
type Option = Parameters<typeof shouldFetchOnTrigger>[1];
const shouldFetchOnMount = (f: ReadFacts, option: Option) => shouldFetchOnTrigger(f, option, true);
const shouldRefetchOnFocus = (f: ReadFacts, option: Option) => shouldFetchOnTrigger(f, option, false);
const shouldRefetchOnReconnect = shouldRefetchOnFocus;

describe('mount, focus and reconnect', () => {
  it.each([
    ['fresh, true', fresh, true, 'handled'],
    ['fresh, always', fresh, 'always', 'fetch'],
    ['stale, true', stale, true, 'fetch'],
    ['stale, false', stale, false, 'handled'],
    ['stale, default', stale, undefined, 'fetch'],
    ['stale, offline', { ...stale, online: false }, 'always', 'handled'],
    ['missing, offline', { ...missing, online: false }, true, 'fetch'],
  ] as const)('%s', (_name, facts, option, decision) => {
    expect(shouldFetchOnMount(facts, option)).toBe(decision);
    expect(shouldRefetchOnFocus(facts, option)).toBe(decision);
    expect(shouldRefetchOnReconnect(facts, option)).toBe(decision);
  });

  it('nothing to show: a mount fetches even with false, a focus or reconnect does not', () => {
    expect(shouldFetchOnMount(missing, false)).toBe('fetch');
    expect(shouldRefetchOnFocus(missing, false)).toBe('skip');
    expect(shouldRefetchOnReconnect(missing, false)).toBe('skip');
  });

  it('a recent error waits out its expiry on mount, not on focus', () => {
    const failed = { ...missing, hasMeta: true, recentError: true };
    expect(shouldFetchOnMount(failed, true)).toBe('skip');
    expect(shouldRefetchOnFocus(failed, true)).toBe('fetch');
  });
});

describe('store change', () => {
  it('fresh data is left alone; invalidated data is fetched once', () => {
    expect(shouldFetchOnChange(fresh)).toBe('skip');
    const invalidated = { ...fresh, invalid: true, unusable: true };
    expect(shouldFetchOnChange(invalidated)).toBe('fetch');
    // Our own fetch answered this meta (it failed, or expired at once): no loop.
    expect(shouldFetchOnChange({ ...invalidated, handled: true })).toBe('skip');
  });

  it('data found through an entity (no meta) is handled only while it can be shown', () => {
    expect(shouldFetchOnChange({ ...stale, hasMeta: false, handled: true })).toBe('skip');
    expect(shouldFetchOnChange({ ...missing, handled: true })).toBe('fetch');
  });

  it('offline, usable stale data waits for the reconnect', () => {
    expect(shouldFetchOnChange({ ...stale, online: false })).toBe('handled');
  });
});

describe('expiry timer', () => {
  it('stale data stays shown; invalidIfStale data that became unusable is fetched', () => {
    expect(shouldFetchOnExpiry(fresh)).toBe('skip');
    expect(shouldFetchOnExpiry(stale)).toBe('skip');
    expect(shouldFetchOnExpiry({ ...stale, unusable: true })).toBe('fetch');
  });
});
