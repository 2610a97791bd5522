// Live data for the demo: with `?live` in the address, the app holds a Server-Sent
// Events connection to the server's GET /live and every todo change made through the
// API (by anyone: another tab, another browser, curl) enters the store as it happens,
// with no request. With `?tabs` too, only the leading tab connects and the others get
// the changes through the shared store.
import { Invalidate } from '@resto/core';
import { liveStream, type LiveManager, type LiveStatus } from '@resto/core/live';
import { Todo, TodoResource, urlPrefix } from './api';

/** The demo's live connection, when the page was opened with `?live`. */
export const live: LiveManager | undefined =
  typeof location !== 'undefined' && new URLSearchParams(location.search).has('live')
    ? liveStream({
        urlPrefix,
        url: '/live',
        messages: {
          'todo.created': TodoResource.getList.schema.push,
          'todo.updated': Todo,
          'todo.deleted': new Invalidate(Todo),
        },
        // After a gap (a drop, offline, a new leader tab) the todo reads are fetched again.
        covers: [TodoResource.getList, TodoResource.get],
        // The browser's EventSource sends no headers of ours: the server reads the id from the query.
        lastEventIdParam: 'lastEventId',
      })
    : undefined;

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The connection's state in words, for the status line. */
export function liveText(s: LiveStatus): string {
  switch (s.status) {
    case 'open':
      return s.lastEventAt === undefined ? 'Live: open' : `Live: open, last change ${clock(s.lastEventAt)}`;
    case 'reconnecting':
      return `Live: reconnecting (try ${s.attempt}${s.nextTryAt === undefined ? '' : ` at ${clock(s.nextTryAt)}`})`;
    case 'closed':
      return s.reason === 'follower' ? 'Live: through the leading tab' : `Live: closed${s.reason ? ` (${s.reason})` : ''}`;
    default:
      return `Live: ${s.status}…`;
  }
}
