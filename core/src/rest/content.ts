/**
 * How a response body is parsed. Unset means: decide from the
 * response's `Content-Type`.
 */
export type Content = 'json' | 'blob' | 'text' | 'arrayBuffer' | 'stream';

/** What a parsed body is, per `content` value. */
export interface ContentResult {
  json: unknown;
  blob: Blob;
  text: string;
  arrayBuffer: ArrayBuffer;
  stream: ReadableStream<Uint8Array> | null;
}

const JSON_TYPE = /[/+]json\b|^application\/json/i;
// Binary media: images, audio, video, fonts, archives, PDFs, office files.
const BINARY_TYPE =
  /^(image|audio|video|font)\/|octet-stream|\/(pdf|zip)|gzip|x-(tar|7z|rar)|ms(word|-excel|-powerpoint)|officedocument|wasm/i;

/**
 * Classify a `Content-Type` header value for auto-detection.
 *
 * @example
 * detectContent('application/problem+json') // 'json'
 * detectContent('image/png')                // 'blob'
 * detectContent('text/html; charset=utf-8') // 'text'
 */
export function detectContent(contentType: string | null): 'json' | 'blob' | 'text' {
  if (!contentType) return 'text';
  if (JSON_TYPE.test(contentType)) return 'json';
  if (BINARY_TYPE.test(contentType)) return 'blob';
  return 'text';
}
