import { NetworkError } from './NetworkError';
import { RestEndpoint } from './RestEndpoint';

/**
 * A `fetchResponse` that also reads a failed response's body, so an app can show what
 * the server said: `error.body` is the body parsed (JSON, else text; none when empty) and
 * `error.serverMessage` is a text body, or the `message` (else `error`, `detail`, `title`)
 * string of a JSON one. Opt-in: by default a NetworkError leaves `response` unread.
 * Read from a clone, so `error.response` stays readable. It wraps RestEndpoint's own
 * `fetchResponse`: an Endpoint class that overrides `fetchResponse` reads `error.response`
 * in its override instead.
 *
 * @example
 * const TodoResource = resource({ path: '/todos/:id', schema: Todo, fetchResponse: fetchWithErrorBody });
 * // a class of endpoints: AuthEndpoint.prototype.fetchResponse = fetchWithErrorBody;
 * // 422 {"errors":{"title":"is too short"}} -> error.body.errors.title
 * // 401 {"message":"Invalid username or password"} -> error.serverMessage
 */
export async function fetchWithErrorBody(this: RestEndpoint, input: string, init: RequestInit): Promise<Response> {
  try {
    return await RestEndpoint.prototype.fetchResponse.call(this, input, init);
  } catch (error) {
    if (error instanceof NetworkError && error.response) {
      const text = await error.response.clone().text().catch(() => '');
      let body: any = text || undefined;
      try {
        body = JSON.parse(text);
      } catch {
        // (not JSON: the text)
      }
      let message = typeof body === 'string' ? body.trim() : undefined;
      // (a number or boolean body has none of these fields)
      for (const field of ['message', 'error', 'detail', 'title']) message ||= typeof body?.[field] === 'string' ? body[field] : undefined;
      Object.assign(error, { body, serverMessage: message || undefined });
    }
    throw error;
  }
}
