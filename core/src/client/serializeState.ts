// The text form of a dehydrated store: HTML-safe, keeping errors, dates, Maps and class
// instances (devalue underneath). Which parts of the store go in is state/dehydrate.ts's.
import { parse, stringify, unflatten } from 'devalue';
import { NetworkError } from '../rest/NetworkError';
import { INVALID } from '../schema/symbols';
import type { DehydratedState } from '../state';

/** Fields of an error worth sending; `response` (a live Response) and `stack` (server paths) are not. */
function reduceError(value: unknown) {
  if (!(value instanceof Error)) return undefined;
  const extra: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    if (k === 'response' || k === 'stack' || k === 'name' || k === 'message') continue;
    const v = (value as unknown as Record<string, unknown>)[k];
    if (typeof v !== 'function') extra[k] = v;
  }
  return { name: value.name, message: value.message, extra };
}

function reviveError({ name, message, extra }: { name: string; message: string; extra: Record<string, unknown> }): Error {
  const error: Error =
    name === 'NetworkError'
      ? new NetworkError(undefined, { message, status: extra.status as number | undefined })
      : new Error(message);
  if (error.name !== name) error.name = name;
  Object.assign(error, extra);
  return error;
}

const KNOWN = [Object.prototype, Array.prototype, null];

/**
 * A class instance (an Entity kept by a schema-less endpoint, a custom value) goes as
 * its own fields: the schema makes the instance again when the browser reads it.
 */
function reduceInstance(value: unknown) {
  if (typeof value !== 'object' || value === null || value instanceof Error) return undefined;
  if (KNOWN.includes(Object.getPrototypeOf(value))) return undefined;
  if (value instanceof Date || value instanceof Map || value instanceof Set || value instanceof RegExp) return undefined;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON(): unknown }).toJSON();
  return { ...value };
}

// A deleted entity's tombstone is a symbol, which text cannot hold: it goes as a tag, so
// a delete reaches a reload (PersistManager), other tabs (tabSync) and a server-rendered page.
const reducers = { Error: reduceError, Instance: reduceInstance, Invalid: (value: unknown) => value === INVALID && 1 };
const revivers = { Error: reviveError, Instance: (plain: unknown) => plain, Invalid: () => INVALID };

/**
 * Turns a snapshot from `dehydrate(client)` into text that is safe to put inside an
 * HTML `<script>` (`<`, U+2028 and U+2029 are escaped, so `</script>` or `<!--` in the
 * data cannot end the tag) and that keeps what JSON loses: errors (name, message,
 * status), dates, `undefined`, `Infinity` expiry times, Maps and Sets, deleted entities. The text is a
 * JSON array, so it is also a valid JavaScript expression. Read it back with
 * {@link parseState}. Built on `devalue`.
 *
 * @example
 * const html = `<script type="application/json" id="resto-state">${serializeState(dehydrate(client))}</script>`;
 */
export function serializeState(snapshot: DehydratedState): string {
  return stringify(snapshot, reducers);
}

/**
 * Reads what {@link serializeState} wrote: the text, or the array a page already
 * evaluated (`window.__RESTO__ = <serialized>`). Errors come back as Error
 * (`NetworkError` with its `status`), dates as Date.
 *
 * @example
 * const text = document.getElementById('resto-state')!.textContent!;
 * const client = createClient({ initialState: parseState(text) });
 */
export function parseState(serialized: string | readonly unknown[]): DehydratedState {
  let value: unknown;
  try {
    value = typeof serialized === 'string' ? parse(serialized, revivers) : unflatten(serialized as never, revivers);
  } catch (error) {
    throw new TypeError(`Resto parseState: not text written by serializeState() (${(error as Error).message})`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1) {
    throw new TypeError('Resto parseState: the text holds no snapshot from dehydrate(client) (version 1)');
  }
  return value as DehydratedState;
}
