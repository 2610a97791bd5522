// @resto/react/test: render hooks and components against fixtures.
export { renderDataHook, type HookResult, type RenderDataHookOptions, type RenderDataHookResult } from './renderDataHook';
export { makeRenderDataClient } from './makeRenderDataClient';
export { DataProviderWithFixtures, createFixtureClient, type FixtureOptions } from './DataProviderWithFixtures';
// Also what `@data-client/test` offers next to the render helpers.
export { act } from '@testing-library/react';
export { mockInitialState, type Fixture, type FixtureOrInterceptor, type Interceptor } from '@resto/core/mock';
