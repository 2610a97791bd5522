export * from './Controller';
export * from './Snapshot';
export type * from './GCInterface';
