// The by-key reads: what an endpoint's stored result and error look like in one state,
// denormalized and memoized, and what an entity or query lookup finds, each filling
// what the read depended on. Controller's getResponse/getError/get and the observers
// read through them, so a read and the hooks' answers cannot drift apart. Internal:
// functions of this module, not methods, so they stay off the public class.
import type { StatusError } from '../endpoint/types';
import { queryKey, type QueryReads } from '../normalize';
import { INVALID } from '../schema';
import { isPast, STATUS_INVALID, STATUS_INVALID_IF_STALE, STATUS_VALID, type EndpointLike, type State } from '../state';
import type { Controller, ReadDeps, ResolveType, ResponseInfo } from './Controller';

const NO_DEPS: readonly unknown[] = Object.freeze([]);

/** What tells an entity instance among read data: its class's key and its pk(). */
type EntityLike = { constructor?: { key?: string }; pk?: () => unknown };

/**
 * The input a read of `schema` with `args` denormalizes, given what is `stored` under its
 * key: the stored result, unless nothing is stored (an entity already stored, from a list
 * say, can answer: found by its args) or the schema reads the tables (`All` lists every
 * stored entity of its kinds, not only those this fetch returned, as data-client; its
 * stored list is the fallback when no table exists). Undefined when nothing answers. The
 * one choice of the reads (responseByKey) and of the GC, which keeps what they read.
 * `reads`, when given, collects the lookups of a query.
 * @internal
 *
 * @example
 * const input = readInput(Todo, [{ id: 1 }], state.endpoints['GET /todos/1'], state.entities);
 */
export function readInput(schema: unknown, args: readonly unknown[], stored: unknown, entities: State['entities'], reads?: QueryReads): unknown {
  const found = stored === undefined || (schema as { readsTables?: boolean } | undefined)?.readsTables ? queryKey(schema, args, entities, reads) : undefined;
  return found === undefined ? stored : found;
}

/**
 * `controller.getResponse` for a caller that already knows the key (an observer),
 * filling `track` with what the result depends on.
 * @internal
 */
export function responseByKey<E extends EndpointLike>(
  controller: Controller,
  endpoint: E,
  args: readonly unknown[],
  key: string,
  state: State,
  track?: ReadDeps,
): ResponseInfo<ResolveType<E>> {
  const meta = state.meta[key];
  const stored = state.endpoints[key];
  const schema = endpoint.schema;
  let data: unknown = stored;
  let expiresAt = meta?.expiresAt ?? 0;
  if (schema !== undefined && schema !== null) {
    const input = readInput(schema, args, stored, state.entities, track);
    const found = input === undefined ? undefined : controller.memo.denormalize(schema, input, state.entities, args);
    if (track) track.deps = found?.deps ?? NO_DEPS;
    data = found?.data;
    // The entity's own expiry, when no result of this key is stored to carry one (a list is no
    // entity); its pk as a property key, which a number pk is as its string.
    const entityKey = (data as EntityLike | undefined)?.constructor?.key;
    if (!meta && stored === undefined && entityKey && typeof (data as EntityLike).pk === 'function') expiresAt = state.entitiesMeta[entityKey]?.[(data as EntityLike).pk!() as string]?.expiresAt ?? 0;
  }
  // A deleted entity reads as nothing: invalid, as missing data is.
  if (data === INVALID) data = undefined;
  const expiryStatus = data === undefined || meta?.invalidated ? STATUS_INVALID : endpoint.invalidIfStale ? STATUS_INVALID_IF_STALE : STATUS_VALID;
  return { data: data as ResolveType<E>, expiryStatus, expiresAt };
}

/**
 * `controller.getError` for a caller that already knows the key; `response` is its
 * `responseByKey` result when it has one.
 * @internal
 */
export function errorByKey(
  controller: Controller,
  endpoint: EndpointLike,
  args: readonly unknown[],
  key: string,
  state: State,
  response?: ResponseInfo,
): StatusError | undefined {
  const meta = state.meta[key];
  if (!meta?.error) return undefined;
  if (meta.errorPolicy === 'soft') {
    // Soft errors hide only behind data that can still be shown (no data reads as Invalid).
    if (usable(response ?? responseByKey(controller, endpoint, args, key, state))) return undefined;
  }
  return meta.error as StatusError;
}

/**
 * Whether a read's data can be shown: not invalid (nor missing, which reads as invalid),
 * nor `invalidIfStale` data past its expiry. The one rule of the observers and of soft errors.
 * @internal
 */
export function usable({ expiryStatus, expiresAt }: ResponseInfo): boolean {
  return expiryStatus !== STATUS_INVALID && !(expiryStatus === STATUS_INVALID_IF_STALE && isPast(expiresAt));
}

/**
 * `controller.get` filling `track` with what the result depends on (for QueryObserver).
 * @internal
 */
export function getTracked(controller: Controller, schema: unknown, args: readonly unknown[], state: State, track?: ReadDeps): any {
  const found = controller.memo.queryResult(schema, args, state, track);
  if (track) track.deps = found?.deps ?? NO_DEPS;
  const data = found?.data;
  return data === INVALID ? undefined : data;
}

