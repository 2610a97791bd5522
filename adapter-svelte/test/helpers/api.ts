// The shared Todo fixture (entity, endpoints, real server) lives in @resto/testing.
export * from '@resto/testing/todos';
