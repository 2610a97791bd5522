// The body-argument flag of a RestEndpoint, in a file of its own so that the endpoint and
// the extenders it builds (collectionExtenders.ts) both import it without importing each other.

/**
 * Whether calls take a body argument: decided by the constructor, or handed down
 * in the options by `extend()` (which then infers nothing from the method).
 *
 * @example
 * endpoint.extend({ method: 'PATCH', [HAS_BODY]: true }); // calls are (params, body)
 */
export const HAS_BODY = Symbol('resto.hasBody');
