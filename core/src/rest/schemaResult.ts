/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * The result type of an endpoint with schema `S`. Until the schema layer's
 * `Denormalize` type is wired in, the `process` result type stands in.
 */
export type SchemaResult<S, Fallback> = S extends never ? never : Fallback;
