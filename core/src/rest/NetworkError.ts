/**
 * Thrown by a RestEndpoint when a response is not ok, when the request could not
 * be sent, when the body broke off while being read (then `status` is 500, so the
 * default errorPolicy treats it as soft), or when a 200 carried no data for a
 * schema that expects some. `url` and `endpoint` say which call failed.
 *
 * @example
 * try {
 *   await getUser({ id: 5 });
 * } catch (error) {
 *   if (error instanceof NetworkError && error.status === 404) showNotFound();
 *   if (error instanceof NetworkError) console.warn(error.endpoint, error.url);
 * }
 * // What the server said, for a person to read (with `fetchWithErrorBody`):
 * errorLine.textContent = error.serverMessage ?? error.message;
 */
export class NetworkError extends Error {
  // Set in the constructor (`declare`: no class-field definitions ship), in this key order.
  /** HTTP status; 500 when the network itself failed. */
  declare status: number;
  /** The response, when there was one. */
  declare response?: Response;
  /** The URL requested, when known. */
  declare url?: string;
  /** The name of the endpoint that made the request, when known. */
  declare endpoint?: string;
  declare name: string;
  // Set only by fetchWithErrorBody, after construction.
  /** The body of a failed response, parsed (JSON, else text), when read by `fetchWithErrorBody`. */
  declare body?: unknown;
  /**
   * The server's own explanation, when `fetchWithErrorBody` read a body that has one.
   *
   * @example
   * // 401 {"message":"Invalid username or password"}
   * error.serverMessage // 'Invalid username or password'
   */
  declare serverMessage?: string;

  constructor(
    response?: Response,
    options: { status?: number; message?: string; cause?: unknown; url?: string; endpoint?: string } = {},
  ) {
    super(
      options.message ??
        (response ? `${response.url}: ${response.statusText || response.status}` : 'Network request failed'),
      // (Error reads only its `cause`, when present)
      options,
    );
    // Own members even when undefined; a subclass's `name` field replaces the value.
    Object.assign(this, {
      status: options.status ?? response?.status ?? 500,
      response,
      url: options.url ?? (response?.url || undefined),
      endpoint: options.endpoint,
      name: 'NetworkError',
    });
  }
}
