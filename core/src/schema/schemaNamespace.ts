// Members of the `schema` namespace (re-exported as `schema` from index.ts), so
// `new schema.Array(Todo)` and the type `schema.Array<typeof Todo>` both work.
export { All } from './All';
export { ArraySchema as Array } from './ArraySchema';
export { Collection } from './Collection';
export { Entity } from './Entity';
export { EntityMixin } from './EntityMixin';
export { Invalidate } from './Invalidate';
export { ObjectSchema as Object } from './Object';
export { Query } from './Query';
export { Union } from './Union';
export { Values } from './Values';
