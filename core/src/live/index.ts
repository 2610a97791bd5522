/**
 * `@resto/core/live`: server push (SSE or WebSocket) into the normalized store, with the
 * connection's state observable. A separate entry so that apps without it carry none of it.
 *
 * @example
 * import { liveStream, invalidateKey } from '@resto/core/live';
 */
export { liveStream, LiveManager, parseMessage, type LiveClock, type LiveOptions } from './LiveManager';
export { applyMessage, invalidateKey, LiveMessageError, type KeyInvalidation, type LiveMessage, type LiveMessages } from './LiveMessages';
export { LiveStatusStore, type LiveStatus, type LiveStatusSource } from './LiveStatus';
export { backoffDelay, type BackoffOptions } from './backoff';
export type { EventSourceConstructor, EventSourceLike, WebSocketConstructor, WebSocketLike } from './transports';
