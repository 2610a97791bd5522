/**
 * From an OpenAPI document to typed Resto code: Entity classes for the component
 * schemas with an id-like field, `resource()` for the operations that form one,
 * and a RestEndpoint for every other operation. The generated code needs
 * `@resto/core`; the generator does not.
 */
export { generate, type GenerateOptions, type GenerateResult, type GeneratedFile } from './generate';
export { writeFiles } from './write';
export { OpenApiError } from './load';
