// The body-argument flag of a RestEndpoint, in a file of its own so that the endpoint and
// the extenders it builds (collectionExtenders.ts) both import it without importing each other.
import { DEV } from '#dev';

/**
 * Whether calls take a body argument: decided by the constructor, or handed down
 * in the options by `extend()` (which then infers nothing from the method).
 *
 * @example
 * endpoint.extend({ method: 'PATCH', [HAS_BODY]: true }); // calls are (params, body)
 */
// (described in development only, as schema/symbols.ts's KIND: nothing reads the description)
export const HAS_BODY = Symbol(DEV ? 'resto.hasBody' : '');
