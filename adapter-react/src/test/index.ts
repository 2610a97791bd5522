// @resto/react/test: render hooks and components against fixtures.
export { renderDataHook, type RenderDataHookOptions, type RenderDataHookResult } from './renderDataHook';
export { DataProviderWithFixtures, createFixtureClient, type FixtureOptions } from './DataProviderWithFixtures';
