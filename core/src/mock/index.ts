export * from './fixtures';
export * from './MockManager';
export * from './mockInitialState';
export * from './createMockClient';
