// @resto/react/test: render hooks and components against fixtures.
export { renderDataHook, type HookResult, type RenderDataHookOptions, type RenderDataHookResult } from './renderDataHook';
export { makeRenderDataClient } from './makeRenderDataClient';
export { DataProviderWithFixtures, createFixtureClient, type FixtureOptions } from './DataProviderWithFixtures';
