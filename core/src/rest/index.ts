export { RestEndpoint } from './RestEndpoint';
export { NetworkError } from './NetworkError';
export { detectContent, type Content, type ContentResult } from './content';
export { escapeTemplate, fillPath, matchesPath, pathTemplate, type PathTemplate } from './pathTemplate';
export type { PathArgs, PathKeys, HasNoPathParams } from './pathTypes';
export type {
  BodyOf,
  ExtendGenerics,
  HasBody,
  MethodOf,
  ParamsOf,
  PathOf,
  RestArgs,
  RestEndpointConstructor,
  RestEndpointOptions,
  RestExtended,
  RestFetch,
  RestGenerics,
  RestInstance,
  RestResult,
  RestTypeFor,
  SchemaOf,
  SideEffectOf,
} from './RestEndpointTypes';
