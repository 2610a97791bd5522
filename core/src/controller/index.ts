// Entry of core's controller layer: the Controller, the optimistic Snapshot and the GC contract.
export * from './Controller';
export * from './Snapshot';
export type * from './GCInterface';
