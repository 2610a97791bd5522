// The one API description every demo app imports: entities, resources and
// endpoints of the e2e server. Apps differ only in how they bind to it.
import { Entity, fetchWithErrorBody, RestEndpoint, resource, type RestGenerics } from '@resto/core';
import { session } from './session';

/**
 * Same origin as the apps (the e2e server serves both), so '' works. Set
 * VITE_API_URL when the apps run from `vite dev` on another port.
 */
export const urlPrefix: string = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_API_URL ?? '';

/** Posts per page on the server (GET /posts?page=N). */
export const POSTS_PAGE_SIZE = 5;

/**
 * Base class of every endpoint: adds `Access-Token` from the session when
 * someone is logged in. An expired token then meets a 401 on the server, and
 * the LogoutManager (see client.ts) logs the app out.
 */
export class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: HeadersInit): HeadersInit {
    const token = session.getSnapshot().token;
    return token ? { ...(headers as Record<string, string>), 'Access-Token': token } : headers;
  }
}

// The apps show what the server said (errorText reads `serverMessage`).
AuthEndpoint.prototype.fetchResponse = fetchWithErrorBody;

export class User extends Entity {
  id = 0;
  username = '';
  name = '';
  email = '';
  updatedAt = '';
  static override key = 'User';
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  updatedAt = '';
  static override key = 'Todo';
}

export class Comment extends Entity {
  id = 0;
  postId = 0;
  body = '';
  author = undefined as unknown as User;
  updatedAt = '';
  static override key = 'Comment';
  static override schema = { author: User };
}

export class Post extends Entity {
  id = 0;
  title = '';
  body = '';
  author = undefined as unknown as User;
  comments: Comment[] = [];
  updatedAt = '';
  static override key = 'Post';
  static override schema = { author: User, comments: [Comment] };
}

/** Todos: getList({ completed }) filters, push adds, move toggles between filtered lists. */
export const TodoResource = resource({
  path: '/todos/:id',
  schema: Todo,
  optimistic: true,
  urlPrefix,
  Endpoint: AuthEndpoint,
  searchParams: {} as { completed?: boolean; userId?: number },
  body: {} as Partial<Pick<Todo, 'title' | 'completed' | 'userId'>>,
});

/**
 * Posts arrive with nested author and comments; getList.getPage({ page }) appends.
 * Pages are full except the last, so a short page ends the list (no request for an empty one).
 */
export const PostResource = resource({
  path: '/posts/:id',
  schema: Post,
  paginationField: 'page',
  nextPage: (page, params) => (page.length < POSTS_PAGE_SIZE ? undefined : Number(params.page ?? 1) + 1),
  urlPrefix,
  Endpoint: AuthEndpoint,
});

export const UserResource = resource({
  path: '/users/:id',
  schema: User,
  urlPrefix,
  Endpoint: AuthEndpoint,
});

/** The polled widget: one GET /time per second while something shows it. */
export const ServerTime = new RestEndpoint({
  path: '/time',
  urlPrefix,
  name: 'ServerTime',
  pollFrequency: 1000,
  process(value: { time: string; epochMs: number }) {
    return value;
  },
});

/**
 * GET /flaky fails every second call (500): the widget that shows retries. A
 * refetch meets a failure, which the store retries after a short backoff.
 */
export const Flaky = new RestEndpoint({
  path: '/flaky',
  urlPrefix,
  name: 'Flaky',
  process(value: { ok: boolean; call: number }) {
    return value;
  },
});

/** What the flaky widget says, the same in every app. */
export function flakyText({ data, error, retryCount }: { data?: { call: number }; error?: { message: string }; retryCount: number }): string {
  if (retryCount > 0) return `retrying (${retryCount})…`;
  if (data) return `ok (call ${data.call})`;
  return error ? error.message : '…';
}

/** Who the token belongs to; 401 when it is missing, unknown or expired. */
export const Me = new AuthEndpoint({ path: '/me', urlPrefix, schema: User, name: 'Me' });

export interface LoginResult {
  accessToken: string;
  expiresAt: string;
  user: User;
}

/**
 * Called directly (not through the store): a wrong password answers 401 too,
 * and that must not look like an expired session to the LogoutManager.
 */
export const Login = new RestEndpoint({
  path: '/login',
  urlPrefix,
  method: 'POST',
  name: 'Login',
  body: {} as { username: string; password: string },
  fetchResponse: fetchWithErrorBody,
  process(value: LoginResult) {
    return value;
  },
});

export const Logout = new AuthEndpoint({ path: '/logout', urlPrefix, method: 'POST', body: undefined, name: 'Logout' });

/** Todo filters shown as buttons; the args are what getList is called with. */
export const FILTERS = {
  all: {},
  open: { completed: false },
  done: { completed: true },
} as const;
export type FilterName = keyof typeof FILTERS;
