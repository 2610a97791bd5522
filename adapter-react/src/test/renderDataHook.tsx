import { DataProvider } from '../DataProvider';
import { makeRenderDataClient } from './makeRenderDataClient';

export type { RenderDataHookOptions, RenderDataHookResult, HookResult } from './makeRenderDataClient';

/**
 * Renders a hook inside a `DataProvider` whose fetches are answered by fixtures,
 * under a Suspense boundary: `result.current` is undefined while the hook suspends;
 * `waitForNextUpdate()` waits for its next render. Options and result follow
 * `@data-client/test`, so its tests run after their imports change.
 *
 * @example
 * const { result, waitForNextUpdate } = renderDataHook(() => useSuspense(TodoResource.get, { id: 1 }), {
 *   resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } }],
 * });
 * await waitForNextUpdate();
 * expect(result.current.title).toBe('a');
 */
export const renderDataHook = makeRenderDataClient(DataProvider);
