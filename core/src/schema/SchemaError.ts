// SchemaError (status 400) for input that does not fit its schema, and the check for a
// JSON string that was never parsed.
import { DEV } from '#dev';

/**
 * Thrown by `normalize` for input that does not fit the declared schema.
 * `status` is 400 so it flows through the same error paths as an HTTP error.
 *
 * @example
 * try { normalize(Todo, {}) } catch (e) { if (e instanceof SchemaError) e.schema === 'Todo' }
 */
export class SchemaError extends Error {
  // Real fields (not `declare`d): an error's own keys, as logs and JSON show them, keep their order.
  readonly status = 400;
  /** Name of the schema that rejected the input (an Entity key, `Union(A|B)`, ...). */
  readonly schema: string;
  /** Field (key in the parent) where the bad value sat, when known. */
  readonly field: string | undefined;

  constructor(schema: string, field: unknown, problem: string, hint?: string | false) {
    const f = field === undefined ? undefined : String(field);
    // Callers pass hints as `DEV && '...'`, so production builds drop their texts.
    super(`${schema}${f ? ` at field "${f}"` : ''}: ${problem}${DEV && hint ? `\n  hint: ${hint}` : ''}`);
    this.name = 'SchemaError';
    this.schema = schema;
    this.field = f;
  }
}

/**
 * Throws for a string that is a JSON object or array where structured data was
 * declared: the response was never parsed.
 */
export function assertParsed(value: unknown, schema: string, field: unknown): void {
  if (typeof value !== 'string') return;
  const c = value.charCodeAt(0);
  // 123 '{', 91 '['; cheap check first, parse only when it might be JSON
  if (c !== 123 && c !== 91) return;
  try {
    JSON.parse(value);
  } catch {
    return;
  }
  throw new SchemaError(
    schema,
    field,
    'got a string that looks like JSON',
    DEV && 'response not parsed: check the Content-Type header or the `content` option',
  );
}
