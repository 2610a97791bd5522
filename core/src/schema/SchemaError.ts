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
  // Set in the constructor (`declare`: no class-field definitions ship), in this key order:
  // an error's own keys, as logs and JSON show them.
  declare readonly status: 400;
  /** Name of the schema that rejected the input (an Entity key, `Union(A|B)`, ...). */
  declare readonly schema: string;
  /** Field (key in the parent) where the bad value sat, when known. */
  declare readonly field: string | undefined;

  constructor(schema: string, field: unknown, problem: string, hint?: string | false) {
    const f = field === undefined ? undefined : String(field);
    // Callers pass hints as `DEV && '...'`, so production builds drop their texts.
    super(`${schema}${f ? ` at field "${f}"` : ''}: ${problem}${DEV && hint ? `\n  hint: ${hint}` : ''}`);
    Object.assign(this, { status: 400, schema, field: f, name: 'SchemaError' });
  }
}

export const assertParsed = (DEV &&
  ((value: unknown, schema: string, field: unknown): void => {
    if (typeof value !== 'string') return;
    const c = value.charCodeAt(0);
    // 123 '{', 91 '['; cheap check first, parse only when it might be JSON
    if (c !== 123 && c !== 91) return;
    try {
      JSON.parse(value);
    } catch {
      return;
    }
    throw new SchemaError(schema, field, 'got a string that looks like JSON', 'response not parsed: check the Content-Type header or the `content` option');
  })) as (value: unknown, schema: string, field: unknown) => void;

/**
 * Throws a SchemaError in development only, for a check that only names a mistake (a
 * schema written wrong fails in development before it ships). Call it as
 * `if (DEV && bad) devFail(...)`: esbuild drops a dead `if` whose body is a call, not
 * one whose body is a `throw`.
 *
 * @example
 * if (DEV && !entity) devFail('Invalidate', undefined, 'needs an Entity or a Union');
 */
export const devFail = (DEV &&
  ((...a: ConstructorParameters<typeof SchemaError>): never => {
    throw new SchemaError(...a);
  })) as (...a: ConstructorParameters<typeof SchemaError>) => never;
