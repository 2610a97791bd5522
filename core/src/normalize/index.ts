// Entry of core's normalize layer: normalize, denormalize, MemoCache, queryKey, deepEqual, the layered tables.
export { normalize, type NormalizedResult } from './normalize';
export { denormalize } from './denormalize';
export { MemoCache, type DenormalizeResult, type EntityPath } from './MemoCache';
export { queryKey, type QueryReads } from './queryKey';
export { deepEqual } from './equal';
export type { NormalizeInputStore } from './NormalizeStore';
export { flatTable, tableKeys, writeLayer } from './layeredTable';
