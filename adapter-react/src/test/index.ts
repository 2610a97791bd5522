// @resto/react/test: render hooks and components against fixtures.
import type { renderDataHook } from './renderDataHook';
export { renderDataHook, type HookResult, type RenderDataHookOptions, type RenderDataHookResult } from './renderDataHook';
export { makeRenderDataClient } from './makeRenderDataClient';
export { DataProviderWithFixtures, createFixtureClient, type FixtureOptions } from './DataProviderWithFixtures';
// Also what `@data-client/test` offers next to the render helpers, under its names.
export { makeRenderDataClient as makeRenderDataHook } from './makeRenderDataClient';
export type { DataProviderProps } from '../DataProvider';
/** data-client's name of `renderDataHook`'s type. */
export type RenderDataHook = typeof renderDataHook;
export { act } from './act';
export { renderHook, type RenderHookOptions } from '@testing-library/react';
export {
  mockInitialState,
  type ErrorFixture,
  type ErrorFixtureEndpoint,
  type Fixture,
  type FixtureEndpoint,
  type FetchInterceptor,
  type FixtureOrInterceptor,
  type Interceptor,
  type SuccessFixture,
  type SuccessFixtureEndpoint,
} from '@resto/core/mock';
