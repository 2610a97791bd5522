// Public entry of @resto/core/mock: fixtures, MockManager, createMockClient, mockInitialState, flushNotifications, nextMacrotask.
export * from './fixtures';
export * from './MockManager';
export * from './mockInitialState';
export * from './createMockClient';
export { flushNotifications } from '../client/notifyQueue';
export { nextMacrotask } from './nextMacrotask';
