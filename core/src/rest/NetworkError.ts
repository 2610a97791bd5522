/**
 * Thrown by `fetchResponse` when a response is not ok, or when the request
 * could not be sent at all (then `status` is 500 and `response` is absent).
 *
 * @example
 * try {
 *   await getUser({ id: 5 });
 * } catch (error) {
 *   if (error instanceof NetworkError && error.status === 404) showNotFound();
 * }
 */
export class NetworkError extends Error {
  /** HTTP status; 500 when the network itself failed. */
  status: number;
  /** The response, when there was one. */
  response?: Response;
  override name = 'NetworkError';

  constructor(response?: Response, options: { status?: number; message?: string; cause?: unknown } = {}) {
    super(
      options.message ??
        (response ? `${response.url}: ${response.statusText || String(response.status)}` : 'Network request failed'),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = options.status ?? response?.status ?? 500;
    if (response) this.response = response;
  }

  /**
   * What logging and `JSON.stringify` show (an Error's own fields are not enumerable).
   *
   * @example
   * JSON.stringify(error) // '{"name":"NetworkError","status":404,"message":"...","url":"https://api/x"}'
   */
  toJSON(): { name: string; status: number; message: string; url: string | undefined } {
    return { name: this.name, status: this.status, message: this.message, url: this.response?.url };
  }
}
