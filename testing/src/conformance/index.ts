// The adapter conformance suite: one scenario file per hook, the same assertions
// for every framework. Each adapter's test suite calls runConformance() with a
// harness that mounts components its own way; a difference between adapters is
// then a failing test.
import { afterEach, beforeEach, describe } from 'vitest';
import { startTodoServer, type TodoServer } from '../todos';
import { argsScenarios } from './args';
import type { Harness } from './harness';
import { useCacheScenarios } from './useCache';
import { useControllerScenarios } from './useController';
import { useDLEScenarios } from './useDLE';
import { useLoadingScenarios } from './useLoading';
import { useMutationScenarios } from './useMutation';
import { usePaginationScenarios } from './usePagination';
import { useSubscriptionScenarios } from './useSubscription';
import { useSuspenseScenarios } from './useSuspense';

export type { Harness, Hooks, Kind, Mounted, SuspenseState } from './harness';

/** What every scenario file gets: the harness and the todo server of the running test. */
export interface ConformanceContext {
  readonly harness: Harness;
  readonly server: () => TodoServer;
}

/**
 * Runs every shared scenario against one adapter.
 *
 * @example
 * runConformance({ name: 'react', hooks: { useDLE, ... }, mount, withoutClient, waitFor });
 */
export function runConformance(harness: Harness) {
  let server: TodoServer | undefined;
  describe(`adapter conformance (${harness.name})`, () => {
    beforeEach(async () => {
      server = await startTodoServer();
    });
    afterEach(async () => {
      await server?.close();
    });
    const ctx: ConformanceContext = { harness, server: () => server! };
    argsScenarios(ctx);
    useDLEScenarios(ctx);
    useSuspenseScenarios(ctx);
    useCacheScenarios(ctx);
    useLoadingScenarios(ctx);
    useMutationScenarios(ctx);
    usePaginationScenarios(ctx);
    useControllerScenarios(ctx);
    useSubscriptionScenarios(ctx);
  });
}
