// Entry of core's rest layer: RestEndpoint and its errors, resource(), hookifyResource, path templates, their types.
export { RestEndpoint } from './RestEndpoint';
export { NetworkError } from './NetworkError';
export { fetchWithErrorBody } from './errorBody';
export { AbortError } from './AbortError';
export { TimeoutError } from './TimeoutError';
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
export { createResource, resource } from './resource';
export { createApi, type Api, type ApiOptions } from './createApi';
export { listPath, type ListPath } from './listPath';
export type {
  Resource,
  ResourceExtend,
  ResourceGenerics,
  ResourceMembers,
  ResourceOf,
  ResourceOptions,
  ResourceNextPage,
} from './resourceTypes';
export type { NextPage } from './nextPage';
export type {
  CollectionMutation,
  ContainsCollection,
  GetPageOf,
  MutationGenerics,
  NextPageOption,
  PageParamsOf,
  PaginatedGenerics,
  ReplaceCollection,
  SchemalessMutation,
} from './RestEndpointTypes';
export { hookifyResource, type HookifiedResource, type HookInit } from './hookifyResource';
