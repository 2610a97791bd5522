// Reading and validating a document. @apidevtools/swagger-parser was chosen by
// measuring (see README): it validates strictly against the official schemas of
// Swagger 2.0, OpenAPI 3.0 and 3.1, names the failing path, and was the fastest of
// the three candidates on GitHub's description.
import SwaggerParser from '@apidevtools/swagger-parser';

/**
 * A document that cannot be generated from: unreadable, not OpenAPI, or invalid.
 * `path` is the JSON pointer of the offending place in the document (`#/paths/~1todos/get`),
 * or `#` when the document as a whole is at fault.
 *
 * @example
 * try {
 *   await generate('broken.yaml');
 * } catch (e) {
 *   if (e instanceof OpenApiError) console.error(e.path, e.message);
 * }
 */
export class OpenApiError extends Error {
  override name = 'OpenApiError';
  constructor(
    message: string,
    /** JSON pointer of the offending place in the document. */
    readonly path: string,
  ) {
    super(message);
  }
}

/** A parsed document: OpenAPI 3.x (Swagger 2.0 is converted), local `$ref`s kept. */
export type Doc = Record<string, any>;

// swagger-parser reports schema errors as lines "  #/a/b message"; spec-level ones
// as "Validation failed. /paths/{x}/get has ...".
function pathOf(err: any): string {
  const detail = Array.isArray(err?.details) ? err.details[0] : undefined;
  if (detail && typeof detail.instancePath === 'string') return `#${detail.instancePath}`;
  const message = String(err?.message ?? '');
  const pointer = /#\/[^\s"']*/.exec(message);
  if (pointer) return pointer[0];
  const specPath = /Validation failed\. (\/\S+)/.exec(message);
  if (specPath) return `#${specPath[1]!.replace(/~/g, '~0')}`;
  return '#';
}

/**
 * Parses (JSON or YAML, a path or an object), bundles external `$ref`s into the
 * document and validates it. Local `$ref`s stay as they are: the generator
 * needs them to tell entities apart.
 */
export async function loadDocument(input: string | object, validate = true): Promise<Doc> {
  const notOpenApi = () => new OpenApiError('Not an OpenAPI document: it has no "openapi" (or "swagger") field', '#');
  if (typeof input === 'object' && !('openapi' in input || 'swagger' in input)) throw notOpenApi();
  let doc: Doc;
  try {
    // bundle() may modify its input; the caller's object is left alone.
    doc = (await SwaggerParser.bundle(typeof input === 'string' ? input : (structuredClone(input) as any))) as Doc;
  } catch (e) {
    const message = (e as Error).message;
    const missing = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
    // The place that refers to the missing target is what the author must fix.
    const at = missing ? await referrer(input, missing) : undefined;
    if (at) throw new OpenApiError(`Invalid OpenAPI document at ${at}: $ref "${missing}" points to nothing`, at);
    throw new OpenApiError(`Cannot read the document: ${message}`, pathOf(e));
  }
  if (!doc || typeof doc !== 'object' || !(doc.openapi || doc.swagger)) {
    throw notOpenApi();
  }
  if (validate) {
    try {
      // validate() dereferences what it is given, so it gets a copy.
      await SwaggerParser.validate(structuredClone(doc) as any);
    } catch (e) {
      const message = String((e as Error).message).split('\n').slice(0, 4).join('\n');
      throw new OpenApiError(`Invalid OpenAPI document at ${pathOf(e)}: ${message}`, pathOf(e));
    }
  }
  return doc.swagger ? fromSwagger2(doc) : doc;
}

/** JSON pointer of the first `$ref` to `target` in the document. */
async function referrer(input: string | object, target: string): Promise<string | undefined> {
  let doc: unknown;
  try {
    doc = typeof input === 'string' ? await SwaggerParser.parse(input) : input;
  } catch {
    return undefined;
  }
  const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  const walk = (node: unknown, path: string): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    if ((node as Record<string, unknown>).$ref === target) return path;
    for (const [k, v] of Object.entries(node)) {
      const found = walk(v, `${path}/${escape(k)}`);
      if (found) return found;
    }
    return undefined;
  };
  return walk(doc, '#');
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** Swagger 2.0 in the shape of OpenAPI 3.0, as far as the generator reads it. */
function fromSwagger2(doc: Doc): Doc {
  const json = JSON.stringify(doc).replace(/"#\/definitions\//g, '"#/components/schemas/');
  const src = JSON.parse(json) as Doc;
  const scheme = src.schemes?.[0] ?? 'https';
  const out: Doc = {
    openapi: '3.0.3',
    info: src.info,
    tags: src.tags,
    servers: src.host ? [{ url: `${scheme}://${src.host}${src.basePath ?? ''}` }] : src.basePath ? [{ url: src.basePath }] : [],
    components: { schemas: src.definitions ?? {} },
    paths: {},
  };
  const param = (p: any) => (p?.$ref?.startsWith('#/parameters/') ? src.parameters?.[p.$ref.slice(13)] : p);
  for (const [path, item] of Object.entries<any>(src.paths ?? {})) {
    const next: Doc = {};
    const shared = (item.parameters ?? []).map(param);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const all = [...shared, ...(op.parameters ?? []).map(param)];
      const bodyParam = all.find((p) => p.in === 'body');
      const form = all.filter((p) => p.in === 'formData');
      const converted: Doc = {
        ...op,
        parameters: all
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map(({ type, format, items, enum: e, ...p }) => ({ ...p, schema: { type, format, items, enum: e } })),
        responses: Object.fromEntries(
          Object.entries<any>(op.responses ?? {}).map(([code, r]) => [
            code,
            r.schema ? { description: r.description, content: { 'application/json': { schema: r.schema } } } : r,
          ]),
        ),
      };
      if (bodyParam) converted.requestBody = { required: bodyParam.required, content: { 'application/json': { schema: bodyParam.schema } } };
      else if (form.length) converted.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
      next[method] = converted;
    }
    out.paths[path] = next;
  }
  return out;
}
