// The declarative map from a message's type to what it does to the store, and the one
// function that applies a message through the Controller (setResponse's path, or an
// invalidation), never a callback per message.
import { DEV } from '#dev';
import type { Controller } from '../controller';
import { errorCode } from '../dev/errorCode';
import { normalize } from '../normalize';
import { schemaName } from '../schema/schemaName';
import { uniqueNow, type EndpointLike } from '../state';

/**
 * A message's type says which stored result to invalidate; its payload is the endpoint's
 * arguments (one argument, an array of them, or none). Made by {@link invalidateKey}.
 *
 * @example
 * const entry: KeyInvalidation = invalidateKey(TodoResource.get);
 */
export interface KeyInvalidation {
  readonly invalidates: EndpointLike;
}

/**
 * A message type that invalidates an endpoint's stored result (readers refetch it); the
 * payload carries the endpoint's arguments.
 *
 * @example
 * messages: { 'todo.stale': invalidateKey(TodoResource.get) } // payload { id: 5 }
 */
export function invalidateKey(endpoint: EndpointLike): KeyInvalidation {
  return { invalidates: endpoint };
}

/**
 * What one message type does: a schema to store its payload with (an Entity or list to
 * upsert, `new Invalidate(Todo)` for a delete, a Collection's `push`/`unshift`/`remove`),
 * {@link invalidateKey} of an endpoint, or `null` to ignore it (heartbeats).
 *
 * @example
 * const messages: LiveMessages = {
 *   'todo.updated': Todo,
 *   'todo.deleted': new Invalidate(Todo),
 *   'todo.created': TodoResource.getList.schema.push,
 *   ping: null,
 * };
 */
export type LiveMessages = Readonly<Record<string, unknown>>;

/**
 * A message as the parser hands it over: its type, its payload, and optionally its id and time.
 *
 * @example
 * const message: LiveMessage = { type: 'todo.updated', data: { id: 1, title: 'x' }, id: '42', at: Date.parse(sentAt) };
 */
export interface LiveMessage {
  readonly type: string;
  readonly data: unknown;
  /** Its event id (SSE `id:`; a WebSocket envelope's `id`): what a reconnect resumes from. */
  readonly id?: string;
  /**
   * When the server produced it (ms since the epoch). Stored data fetched later is not
   * overwritten by it; without it, it counts from when it arrived.
   */
  readonly at?: number;
}

/**
 * A message that could not be stored: it did not parse, has no entry in `messages`, or does
 * not fit its schema. `messageType` and `schema` name what failed; the store is unchanged.
 *
 * @example
 * onError(error) { if (error instanceof LiveMessageError) log(error.messageType, error.schema); }
 */
export class LiveMessageError extends Error {
  declare readonly messageType: string;
  declare readonly schema: string | undefined;

  constructor(message: string, messageType: string, schema: string | undefined, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'LiveMessageError';
    this.messageType = messageType;
    this.schema = schema;
  }
}

const endpoints = new WeakMap<object, Map<string, EndpointLike>>();

/**
 * The endpoint a message type is stored through: the same SET_RESPONSE as a response, so
 * ordering (entity meta), optimistic updates on top, the reader index and tab sync all
 * apply. Its result is kept under `live <type>` and expires at once, so the GC collects it.
 */
function endpointFor(messages: LiveMessages, type: string, schema: unknown): EndpointLike {
  let byType = endpoints.get(messages);
  if (!byType) endpoints.set(messages, (byType = new Map()));
  let endpoint = byType.get(type);
  if (!endpoint) {
    const key = `live ${type}`;
    endpoint = { key: () => key, name: key, schema, sideEffect: true, dataExpiryLength: 0 } as unknown as EndpointLike;
    byType.set(type, endpoint);
  }
  return endpoint;
}

/**
 * Stores one message through the Controller by its entry in `messages`. Returns the error
 * when it cannot be stored (nothing changed), undefined when it was stored or ignored.
 *
 * @example
 * const error = applyMessage(controller, messages, { type: 'todo.updated', data: { id: 1, title: 'x' } });
 */
export function applyMessage(controller: Controller, messages: LiveMessages, message: LiveMessage): LiveMessageError | undefined {
  const { type, data } = message;
  if (!Object.hasOwn(messages, type)) {
    return new LiveMessageError(
      `live message "${type}": no entry in messages` + (DEV ? ' (map it to a schema, invalidateKey(endpoint), or null to ignore it)' : errorCode(24)),
      type,
      undefined,
    );
  }
  const entry = messages[type];
  if (entry === null || entry === undefined) return undefined;
  if (typeof entry === 'object' && 'invalidates' in entry) {
    const { invalidates } = entry as KeyInvalidation;
    const args = data == null ? [] : Array.isArray(data) ? data : [data];
    try {
      invalidates.key(...args);
    } catch (cause) {
      return new LiveMessageError(`live message "${type}": its payload is not arguments of ${invalidates.name}` + (DEV ? '' : errorCode(25)), type, invalidates.name, cause);
    }
    void controller.invalidate(invalidates, ...(args as []));
    return undefined;
  }
  const name = schemaName(entry);
  // Checked before it is dispatched: a payload that does not fit would otherwise be stored
  // as the synthetic key's error. normalize is copy-on-write, so the check writes nothing.
  try {
    if (data == null) throw new Error('the payload is empty');
    normalize(entry, data, [], controller.getState() as never);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new LiveMessageError(
      `live message "${type}" does not fit its schema ${name}: ${reason}` + (DEV ? '' : errorCode(25)),
      type,
      name,
      cause,
    );
  }
  void controller.resolve(endpointFor(messages, type, entry), { args: [], response: data, fetchedAt: message.at ?? uniqueNow() });
  return undefined;
}
