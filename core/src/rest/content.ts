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

/**
 * Classify a `Content-Type` header value for auto-detection: JSON types as JSON, binary
 * media (images, audio, video, fonts, octet-stream, PDF, zip archives, office
 * documents) as a blob, the rest (text, HTML, XML, none) as text.
 *
 * @example
 * detectContent('application/problem+json') // 'json'
 * detectContent('image/png')                // 'blob'
 * detectContent('text/html; charset=utf-8') // 'text'
 */
export function detectContent(contentType: string | null): 'json' | 'blob' | 'text' {
  // (null tests as the text 'null': neither)
  return /[/+]json\b/i.test(contentType!) ? 'json' : /^(image|audio|video|font)\/|octet|pdf|zip|office|ms(word|-)/i.test(contentType!) ? 'blob' : 'text';
}
