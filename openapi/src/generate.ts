import { OpenApiError, loadDocument, type Doc } from './load';
import { NameScope, camel, isIdentifier, kebab, pascal, propertyKey } from './names';

/**
 * What to generate and how.
 *
 * @example
 * await generate('openapi.yaml', {
 *   urlPrefix: 'https://api.example.com/v2',
 *   tags: ['todos', 'users'],
 *   pk: { Repository: 'full_name', AuditEvent: false },
 *   fileNames: { index: 'index.ts', models: 'models.ts', tag: (tag) => `${tag}.api.ts` },
 * });
 */
export interface GenerateOptions {
  /** Prefix of every URL. Default: the document's first server URL (`servers[0].url`), else `''`. */
  urlPrefix?: string;
  /** Only operations with one of these tags (as written in the document). Default: all. */
  tags?: readonly string[];
  /**
   * Primary key per component schema name: a field name, or `false` for "not an entity".
   * Default: inferred from the fields (`id`, `uuid`, `slug`, `login`...).
   */
  pk?: Readonly<Record<string, string | false>>;
  /** Names of the generated files. */
  fileNames?: {
    /** Default `index.ts`. */
    index?: string;
    /** The entities, types and `urlPrefix`. Default `models.ts`. */
    models?: string;
    /** The module of one tag. Default: the tag in kebab-case plus `.ts`. */
    tag?: (tag: string) => string;
  };
  /** Extension of relative imports: `''` (bundlers, default) or `'.js'` (Node's ESM resolution). */
  importExtension?: '' | '.js';
  /** Validate the document against the OpenAPI schema first (default true). */
  validate?: boolean;
}

/**
 * One generated module.
 *
 * @example
 * for (const file of (await generate('openapi.yaml')).files) console.log(file.path, file.contents.length);
 */
export interface GeneratedFile {
  /** Path relative to the output directory. */
  path: string;
  contents: string;
}

/**
 * What {@link generate} produced.
 *
 * @example
 * const { files, operations, entities } = await generate(spec);
 * console.log(`${operations} operations, ${entities.length} entities, ${files.length} files`);
 */
export interface GenerateResult {
  files: GeneratedFile[];
  /** Operations generated (after the tag filter). */
  operations: number;
  /** Names of the Entity classes. */
  entities: string[];
  /** Names of the resources. */
  resources: string[];
  /** Names of the standalone RestEndpoints. */
  endpoints: string[];
}

type Schema = Record<string, any> | boolean | null | undefined;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

const PK_FIELDS = ['id', 'uuid', 'guid', '_id', 'slug', 'login', 'key'];
const PAGE_FIELDS = ['page', 'cursor', 'after', 'page_token', 'pageToken', 'next_token', 'nextToken', 'starting_after', 'offset'];
const DATE_FORMATS = new Set(['date-time', 'date']);

interface Param {
  name: string;
  required: boolean;
  schema: Schema;
  description?: string;
}

interface Operation {
  method: Method;
  path: string;
  operationId: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tag: string;
  query: Param[];
  /** JSON body schema; `'form'` for multipart and urlencoded bodies. */
  body?: Schema | 'form';
  bodyRequired: boolean;
  /** Success response: its JSON schema, or another kind of content. */
  response: { kind: 'json'; schema: Schema } | { kind: 'text' | 'blob' | 'none' };
  /** Set once the operation is a member of a resource. */
  member?: { resource: ResourcePlan; name: string };
  name?: string;
}

interface ResourcePlan {
  name: string;
  entity: string;
  itemPath: string;
  tag: string;
  list: Operation;
  item: Operation;
  members: Operation[];
  body?: Operation;
}

/**
 * Generates Resto entities, resources and endpoints from an OpenAPI document (a path
 * to a JSON or YAML file, or the parsed object). Nothing is written: the files are
 * returned. Throws {@link OpenApiError} naming the path of the problem when the
 * document is invalid.
 *
 * @example
 * import { generate } from '@resto/openapi';
 * const { files } = await generate('openapi.yaml', { urlPrefix: 'https://api.example.com' });
 * // files: models.ts (entities and types), one module per tag, index.ts
 */
export async function generate(spec: string | object, options: GenerateOptions = {}): Promise<GenerateResult> {
  const doc = await loadDocument(spec, options.validate ?? true);
  return new Generator(doc, options).run();
}

function unescapePointer(segment: string): string {
  return decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One line of a JSDoc comment, or lines, indented. */
function jsdoc(lines: (string | undefined)[], indent = ''): string {
  const text = lines
    .filter((l): l is string => typeof l === 'string')
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (!text) return '';
  const body = text.split('\n').map((l) => (l.trim() ? `${indent} * ${l.trimEnd()}` : `${indent} *`));
  if (body.length === 1) return `${indent}/** ${text} */\n`;
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

// First paragraph of a long description: a JSDoc reads best short.
function brief(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const first = text.trim().split(/\n\s*\n/)[0]!;
  return first.length > 400 ? `${first.slice(0, 397)}...` : first;
}

class Generator {
  private readonly schemas: Record<string, Schema>;
  /** component name -> TS name */
  private readonly typeNames = new Map<string, string>();
  /** component name -> pk field, for entities */
  private readonly entities = new Map<string, string>();
  /** components the output refers to */
  private readonly used = new Set<string>();
  /** Components the module being emitted names (for its import line). */
  private moduleUse: Set<string> | undefined;
  private readonly scope = new NameScope(['urlPrefix']);
  /** `nullable-x` -> `x`: a nullable copy of another component is that component or null. */
  private readonly nullableCopies = new Map<string, string>();
  private readonly ext: string;

  constructor(
    private readonly doc: Doc,
    private readonly options: GenerateOptions,
  ) {
    this.schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
    this.ext = options.importExtension ?? '';
  }

  run(): GenerateResult {
    this.checkPkOptions();
    this.findNullableCopies();
    for (const name of Object.keys(this.schemas)) {
      if (this.nullableCopies.has(name)) continue;
      const pk = this.pkOf(name);
      if (pk !== undefined) this.entities.set(name, pk);
    }
    const ops = this.operations();
    const resources = this.resources(ops);
    // Names: models first (in document order), then resources and operations.
    const reached = this.reachable(ops);
    for (const name of Object.keys(this.schemas)) if (reached.has(name)) this.typeNames.set(name, this.scope.claim(pascal(name), 'type'));
    for (const r of resources) r.name = this.scope.claim(r.name, 'value');
    for (const op of ops) op.name = this.scope.claim(camel(op.operationId), 'value');

    const fileNames = this.options.fileNames ?? {};
    const modelsFile = fileNames.models ?? 'models.ts';
    const tagFile = fileNames.tag ?? ((tag: string) => `${kebab(tag)}.ts`);
    const byTag = new Map<string, { ops: Operation[]; resources: ResourcePlan[] }>();
    const group = (tag: string) => {
      let g = byTag.get(tag);
      if (!g) byTag.set(tag, (g = { ops: [], resources: [] }));
      return g;
    };
    for (const r of resources) group(r.tag).resources.push(r);
    for (const op of ops) group(op.tag).ops.push(op);

    const files: GeneratedFile[] = [];
    const taken = new Set([modelsFile, fileNames.index ?? 'index.ts']);
    const tagFiles: string[] = [];
    for (const [tag, g] of byTag) {
      let file = tagFile(tag);
      for (let i = 2; taken.has(file); i++) file = tagFile(`${tag} ${i}`);
      taken.add(file);
      tagFiles.push(file);
      files.push({ path: file, contents: this.tagModule(g.ops, g.resources, modelsFile) });
    }
    // The models module last: emitting the others marks which components are used.
    files.unshift({ path: modelsFile, contents: this.modelsModule() });
    const index =
      this.header() +
      [modelsFile, ...tagFiles].map((f) => `export * from './${this.importPath(f)}';\n`).join('');
    files.push({ path: fileNames.index ?? 'index.ts', contents: index });

    return {
      files,
      operations: ops.length,
      entities: [...this.entities.keys()].filter((n) => this.used.has(n)).map((n) => this.typeNames.get(n)!),
      resources: resources.map((r) => r.name),
      endpoints: ops.filter((o) => !o.member).map((o) => o.name!),
    };
  }

  private importPath(file: string): string {
    return file.replace(/\.ts$/, '') + this.ext;
  }

  private header(): string {
    const info = this.doc.info ?? {};
    const title = [info.title, info.version].filter(Boolean).join(' ');
    return `// Generated by resto-openapi${title ? ` from ${title}` : ''}. Do not edit: generate again.\n`;
  }

  private mark(name: string): void {
    this.used.add(name);
    this.moduleUse?.add(name);
  }

  // ---- schemas -------------------------------------------------------------

  /** The component a `$ref` names (a nullable copy resolves to its original). */
  private refName(s: Schema): string | undefined {
    const name = this.rawRefName(s);
    return name === undefined ? undefined : (this.nullableCopies.get(name) ?? name);
  }

  private rawRefName(s: Schema): string | undefined {
    if (!s || typeof s !== 'object' || typeof s.$ref !== 'string') return undefined;
    const m = /^#\/components\/schemas\/([^/]+)$/.exec(s.$ref);
    return m ? unescapePointer(m[1]!) : undefined;
  }

  /** Whether a `$ref` names a nullable copy of another component. */
  private refsNullableCopy(s: Schema): boolean {
    const name = this.rawRefName(s);
    return name !== undefined && this.nullableCopies.has(name);
  }

  // Some descriptions (GitHub's) repeat a schema as `nullable-x` with `nullable: true`:
  // one entity kind, not two tables holding the same records.
  private findNullableCopies(): void {
    const shape = (v: Schema) => {
      if (!v || typeof v !== 'object') return undefined;
      const { nullable: _n, title: _t, description: _d, ...rest } = v;
      return JSON.stringify(rest);
    };
    const originals = new Map<string, string>();
    for (const [name, v] of Object.entries(this.schemas)) {
      const key = shape(v);
      if (key !== undefined && !(v as any).nullable && !originals.has(key)) originals.set(key, name);
    }
    for (const [name, v] of Object.entries(this.schemas)) {
      if (!v || typeof v !== 'object' || v.nullable !== true) continue;
      const original = originals.get(shape(v)!);
      if (original !== undefined) this.nullableCopies.set(name, original);
    }
  }

  /** Follows local `$ref`s to the schema they name. */
  private deref(s: Schema, depth = 0): Schema {
    if (!s || typeof s !== 'object' || typeof s.$ref !== 'string' || depth > 32) return s;
    if (!s.$ref.startsWith('#/')) return {};
    let target: any = this.doc;
    for (const seg of s.$ref.slice(2).split('/')) target = target?.[unescapePointer(seg)];
    return this.deref(target as Schema, depth + 1);
  }

  /** Properties and required names, merged across `allOf`. */
  private objectShape(s: Schema, depth = 0): { properties: Record<string, Schema>; required: Set<string> } {
    const out = { properties: {} as Record<string, Schema>, required: new Set<string>() };
    const d = this.deref(s);
    if (!d || typeof d !== 'object' || depth > 16) return out;
    for (const part of d.allOf ?? []) {
      const sub = this.objectShape(part, depth + 1);
      Object.assign(out.properties, sub.properties);
      for (const r of sub.required) out.required.add(r);
    }
    Object.assign(out.properties, d.properties ?? {});
    for (const r of d.required ?? []) out.required.add(r);
    return out;
  }

  private typeOf(s: Schema): string | undefined {
    const d = this.deref(s);
    if (!d || typeof d !== 'object') return undefined;
    if (typeof d.type === 'string') return d.type;
    if (Array.isArray(d.type)) return d.type.find((t: string) => t !== 'null');
    if (d.properties || d.allOf) return 'object';
    return undefined;
  }

  // A misspelt override would silently leave the inferred key (or none) in place.
  private checkPkOptions(): void {
    for (const [name, field] of Object.entries(this.options.pk ?? {})) {
      const at = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!(name in this.schemas)) throw new OpenApiError(`pk option: the document has no component schema "${name}"`, at);
      if (field !== false && !(field in this.objectShape(this.schemas[name]).properties)) {
        throw new OpenApiError(`pk option: schema "${name}" has no field "${field}"`, at);
      }
    }
  }

  private pkOf(name: string): string | undefined {
    // A field named `pk` would replace Entity's pk() method on the instances.
    if ('pk' in this.objectShape(this.schemas[name]).properties) return undefined;
    const override = this.options.pk?.[name];
    if (override === false) return undefined;
    if (typeof override === 'string') return override;
    if (this.typeOf(this.schemas[name]) !== 'object') return undefined;
    const { properties, required } = this.objectShape(this.schemas[name]);
    const candidates = [...PK_FIELDS, `${camel(name)}Id`, `${kebab(name).replace(/-/g, '_')}_id`];
    const usable = (f: string) => f in properties && ['string', 'integer', 'number'].includes(this.typeOf(properties[f]) ?? '');
    const nullable = (f: string) => this.isNullable(properties[f]);
    // A required, non-null key is the strongest sign; an optional `id` still counts.
    return (
      candidates.find((f) => usable(f) && required.has(f) && !nullable(f)) ??
      candidates.find((f) => usable(f) && !nullable(f)) ??
      candidates.find(usable)
    );
  }

  /** Whether a schema admits null, through `$ref`s, 3.0's `nullable`, 3.1's type arrays and unions. */
  private isNullable(s: Schema, depth = 0): boolean {
    const d = this.deref(s);
    if (!d || typeof d !== 'object' || depth > 8) return false;
    if (d.nullable === true || d.type === 'null' || (Array.isArray(d.type) && d.type.includes('null'))) return true;
    if (Array.isArray(d.enum) && d.enum.includes(null)) return true;
    return [...(d.oneOf ?? []), ...(d.anyOf ?? [])].some((p: Schema) => this.isNullable(p, depth + 1));
  }

  /** The entity a schema stands for: a `$ref` to one, alone or with `null`. */
  private entityOf(s: Schema): { name: string; nullable: boolean } | undefined {
    if (!s || typeof s !== 'object') return undefined;
    const direct = this.refName(s);
    if (direct) return this.entities.has(direct) ? { name: direct, nullable: !!s.nullable || this.refsNullableCopy(s) } : undefined;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts: Schema[] = s[key] ?? [];
      if (!parts.length || Object.keys(s).some((k) => k === 'properties' || k === 'type')) continue;
      const isNull = (p: Schema) => !!p && typeof p === 'object' && (p.type === 'null' || (p.enum?.length === 1 && p.enum[0] === null));
      const rest = parts.filter((p) => !isNull(p));
      if (rest.length !== 1) continue;
      const inner = this.refName(rest[0]);
      if (inner && this.entities.has(inner)) {
        return { name: inner, nullable: !!s.nullable || rest.length < parts.length || this.refsNullableCopy(rest[0]) };
      }
    }
    return undefined;
  }

  /** The entity a list schema holds. */
  private listOf(s: Schema): string | undefined {
    const d = this.deref(s);
    if (!d || typeof d !== 'object' || this.typeOf(d) !== 'array') return undefined;
    const item = this.entityOf(d.items);
    return item && !item.nullable ? item.name : undefined;
  }

  /** Components reachable from the operations, so a tag filter leaves out the rest. */
  private reachable(ops: Operation[]): Set<string> {
    const seen = new Set<string>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const n of node) walk(n);
        return;
      }
      const rec = node as Record<string, unknown>;
      const name = this.refName(rec);
      if (name !== undefined) {
        if (seen.has(name)) return;
        seen.add(name);
        walk(this.schemas[name]);
        return;
      }
      if (typeof rec.$ref === 'string') return walk(this.deref(rec));
      for (const v of Object.values(rec)) walk(v);
    };
    for (const op of ops) {
      walk(op.query.map((p) => p.schema));
      if (op.body !== 'form') walk(op.body);
      if (op.response.kind === 'json') walk(op.response.schema);
    }
    return seen;
  }

  /** A TypeScript type for a schema, formatted at `indent`. */
  private tsType(s: Schema, indent = '', depth = 0): string {
    if (s === true || s === undefined || s === null) return 'unknown';
    if (s === false) return 'never';
    if (depth > 24) return 'unknown';
    const name = this.refName(s);
    if (name !== undefined) {
      if (!(name in this.schemas)) return 'unknown';
      this.mark(name);
      const type = this.typeNames.get(name) ?? pascal(name);
      return this.refsNullableCopy(s) ? `${type} | null` : type;
    }
    if (typeof s.$ref === 'string') return this.tsType(this.deref(s), indent, depth + 1);
    const nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
    const withNull = (t: string) => (nullable && t !== 'null' && t !== 'unknown' && !/\bnull$/.test(t) ? `${t} | null` : t);

    if ('const' in s) return this.literal(s.const);
    if (Array.isArray(s.enum) && s.enum.length) {
      return withNull([...new Set(s.enum.map((v: unknown) => this.literal(v)))].join(' | '));
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(s[key]) && s[key].length) {
        const parts = [...new Set(s[key].map((p: Schema) => this.tsType(p, indent, depth + 1)))] as string[];
        return withNull(parts.map((p) => (p.includes('=>') ? `(${p})` : p)).join(' | '));
      }
    }
    if (Array.isArray(s.allOf) && s.allOf.length) {
      const own = s.properties || s.additionalProperties ? [this.objectType({ ...s, allOf: undefined }, indent, depth)] : [];
      const parts = [...new Set([...s.allOf.map((p: Schema) => this.tsType(p, indent, depth + 1)), ...own])] as string[];
      const wrapped = parts.map((p) => (p.includes(' | ') ? `(${p})` : p));
      return withNull(wrapped.length === 1 ? wrapped[0]! : wrapped.join(' & '));
    }
    const types: string[] = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
    if (types.length > 1) {
      return [...new Set(types.map((t) => this.tsType({ ...s, type: t, nullable: false }, indent, depth + 1)))].join(' | ');
    }
    const type = types[0] ?? (s.properties || s.additionalProperties ? 'object' : s.items ? 'array' : undefined);
    switch (type) {
      case 'string':
        return withNull(s.format === 'binary' ? 'Blob' : 'string');
      case 'integer':
      case 'number':
        return withNull('number');
      case 'boolean':
        return withNull('boolean');
      case 'null':
        return 'null';
      case 'array': {
        const item = this.tsType(s.items, indent, depth + 1);
        return withNull(/^[A-Za-z0-9_$.]+$/.test(item) ? `${item}[]` : `Array<${item}>`);
      }
      case 'object':
        return withNull(this.objectType(s, indent, depth));
      default:
        return 'unknown';
    }
  }

  /** A literal type: strings quoted as the rest of the output is; objects are no literal type. */
  private literal(v: unknown): string {
    if (typeof v === 'string') return this.str(v);
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
    return 'unknown';
  }

  private objectType(s: Record<string, any>, indent: string, depth: number): string {
    const props = Object.entries<Schema>(s.properties ?? {});
    const required = new Set<string>(s.required ?? []);
    const inner = `${indent}  `;
    const extra = s.additionalProperties;
    const index =
      extra === false
        ? undefined
        : extra === undefined || extra === true || (typeof extra === 'object' && !Object.keys(extra).length)
          ? props.length
            ? undefined
            : 'unknown'
          : this.tsType(extra, indent, depth + 1);
    if (!props.length) return index === undefined ? 'Record<string, never>' : `Record<string, ${index}>`;
    const lines = props.map(([key, p]) => {
      const doc = p && typeof p === 'object' ? jsdoc([brief(p.description)], inner) : '';
      return `${doc}${inner}${propertyKey(key)}${required.has(key) ? '' : '?'}: ${this.tsType(p, inner, depth + 1)};`;
    });
    const body = `{\n${lines.join('\n')}\n${indent}}`;
    return index === undefined ? body : `${body} & Record<string, ${index}>`;
  }

  // ---- operations ----------------------------------------------------------

  private operations(): Operation[] {
    const ops: Operation[] = [];
    const include = this.options.tags ? new Set(this.options.tags) : undefined;
    for (const [path, rawItem] of Object.entries<any>(this.doc.paths ?? {})) {
      const item = this.deref(rawItem) as Record<string, any>;
      if (!item || typeof item !== 'object') continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!op || typeof op !== 'object') continue;
        const tags: string[] = Array.isArray(op.tags) && op.tags.length ? op.tags : ['default'];
        const tag = include ? tags.find((t) => include.has(t)) : tags[0];
        if (tag === undefined) continue;
        const params = new Map<string, any>();
        for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
          const d = this.deref(p) as any;
          if (d && typeof d === 'object') params.set(`${d.in}:${d.name}`, d);
        }
        const query = [...params.values()]
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: String(p.name), required: !!p.required, schema: p.schema ?? this.paramSchema(p), description: brief(p.description) }));
        const body = this.requestBody(op.requestBody);
        ops.push({
          method,
          path,
          operationId: typeof op.operationId === 'string' && op.operationId ? op.operationId : `${method} ${path.replace(/[{}]/g, '')}`,
          summary: typeof op.summary === 'string' ? op.summary.trim() : undefined,
          description: brief(op.description),
          deprecated: op.deprecated === true,
          tag,
          query,
          body: body?.schema,
          bodyRequired: !!body?.required,
          response: this.response(op.responses),
        });
      }
    }
    return ops;
  }

  // OpenAPI 3 puts a parameter's type under `schema`; `content` is the rare alternative.
  private paramSchema(p: any): Schema {
    const content = p.content && Object.values<any>(p.content)[0];
    return content?.schema;
  }

  private jsonContent(content: Record<string, any> | undefined): { schema: Schema } | undefined {
    if (!content || typeof content !== 'object') return undefined;
    const key = Object.keys(content).find((k) => /[/+]json\b/i.test(k) || k === '*/*');
    return key ? { schema: content[key]?.schema } : undefined;
  }

  private requestBody(raw: unknown): { schema: Schema | 'form'; required: boolean } | undefined {
    const b = this.deref(raw as Schema) as any;
    if (!b || typeof b !== 'object' || !b.content) return undefined;
    const json = this.jsonContent(b.content);
    if (json) return { schema: json.schema, required: !!b.required };
    return { schema: 'form', required: !!b.required };
  }

  private response(responses: Record<string, any> | undefined): Operation['response'] {
    const codes = Object.keys(responses ?? {})
      .filter((c) => /^2/.test(c))
      .sort();
    for (const code of codes) {
      const r = this.deref(responses![code]) as any;
      if (!r?.content || !Object.keys(r.content).length) continue;
      const json = this.jsonContent(r.content);
      if (json) return { kind: 'json', schema: json.schema };
      const type = Object.keys(r.content)[0]!;
      return { kind: /^text\//.test(type) ? 'text' : 'blob' };
    }
    return { kind: 'none' };
  }

  // ---- resources -----------------------------------------------------------

  private resources(ops: Operation[]): ResourcePlan[] {
    const at = new Map<string, Operation>();
    for (const op of ops) at.set(`${op.method} ${op.path}`, op);
    const plans: ResourcePlan[] = [];
    const entityResult = (op: Operation | undefined) =>
      op && op.response.kind === 'json' ? this.entityOf(op.response.schema) : undefined;
    for (const item of ops) {
      if (item.method !== 'get') continue;
      const m = /^(.+)\/\{[^}/]+\}$/.exec(item.path);
      const entity = entityResult(item);
      if (!m || !entity || entity.nullable) continue;
      const list = at.get(`get ${m[1]}`);
      if (!list || list.response.kind !== 'json' || this.listOf(list.response.schema) !== entity.name) continue;
      const plan: ResourcePlan = {
        name: `${pascal(entity.name)}Resource`,
        entity: entity.name,
        itemPath: item.path,
        tag: item.tag,
        list,
        item,
        members: [],
      };
      const join = (op: Operation | undefined, name: string) => {
        if (!op || op.member) return;
        op.member = { resource: plan, name };
        plan.members.push(op);
      };
      join(item, 'get');
      join(list, 'getList');
      const returnsEntity = (op: Operation | undefined) => (entityResult(op)?.name === entity.name ? op : undefined);
      const post = returnsEntity(at.get(`post ${m[1]}`));
      const put = returnsEntity(at.get(`put ${item.path}`));
      const patch = returnsEntity(at.get(`patch ${item.path}`));
      join(post, 'getList.push');
      join(put, 'update');
      join(patch, 'partialUpdate');
      join(at.get(`delete ${item.path}`), 'delete');
      // One body type serves update, partialUpdate (as Partial) and push.
      plan.body = [put, post, patch].find((o) => o?.member?.resource === plan && o.body && o.body !== 'form');
      plans.push(plan);
    }
    return plans;
  }

  // ---- emitting --------------------------------------------------------------

  /** `/todos/{id}` -> `/todos/:id`, escaping what path-to-regexp would read as syntax. */
  private restPath(path: string): string {
    return path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const param = /^\{([^}]+)\}$/.exec(part);
        if (param) return isIdentifier(param[1]!) ? `:${param[1]}` : `:${JSON.stringify(param[1])}`;
        return part.replace(/[(){}[\]*:!\\]/g, (c) => `\\${c}`);
      })
      .join('');
  }

  private str(text: string): string {
    return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  }

  private searchParamsType(query: Param[], indent: string): string | undefined {
    if (!query.length) return undefined;
    const inner = `${indent}  `;
    const lines = query.map((p) => `${jsdoc([p.description], inner)}${inner}${propertyKey(p.name)}${p.required ? '' : '?'}: ${this.tsType(p.schema, inner)};`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  private paginationField(op: Operation): string | undefined {
    const names = new Set(op.query.map((p) => p.name));
    return PAGE_FIELDS.find((f) => names.has(f));
  }

  /** A value schema for a response, with the model names it uses as values. */
  private responseSchema(op: Operation, values: Set<string>, indent: string): { schema?: string; list: boolean } {
    if (op.response.kind !== 'json') return { list: false };
    const s = op.response.schema;
    const entity = this.entityOf(s);
    if (entity) {
      this.mark(entity.name);
      values.add(entity.name);
      // A nullable answer is stored as null instead of failing the read.
      return { schema: this.typeNames.get(entity.name)!, list: false };
    }
    const listed = this.listOf(s);
    if (listed) {
      this.mark(listed);
      values.add(listed);
      const name = this.typeNames.get(listed)!;
      return op.method === 'get' ? { schema: `new Collection([${name}])`, list: true } : { schema: `[${name}]`, list: false };
    }
    // An envelope such as { total_count, items: [Issue] }: the entities inside are normalized.
    const d = this.deref(s);
    if (this.typeOf(d) !== 'object' || (d as any)?.nullable) return { list: false };
    const { properties, required } = this.objectShape(d);
    const entries = Object.entries(properties);
    const nested = entries.filter(([, p]) => this.entityOf(p) || this.listOf(p));
    if (!nested.length) return { list: false };
    let list = false;
    const inner = `${indent}  `;
    const lines = entries.map(([key, p]) => {
      const e = this.entityOf(p);
      const l = this.listOf(p);
      if (e || l) {
        const n = (e?.name ?? l)!;
        this.mark(n);
        values.add(n);
        const name = this.typeNames.get(n)!;
        if (l && op.method === 'get' && !list) {
          list = true;
          return `${inner}${propertyKey(key)}: new Collection([${name}]),`;
        }
        return `${inner}${propertyKey(key)}: ${l ? `[${name}]` : name},`;
      }
      const t = this.tsType(p, inner);
      const full = required.has(key) ? t : `${t} | undefined`;
      // A plain value in a schema object is no schema: it only gives the field its type.
      const start = /^(string|number|boolean)\b(?!\[)/.exec(full)?.[1];
      const placeholder = start === 'string' ? "''" : start === 'number' ? '0' : start === 'boolean' ? 'false' : 'null as unknown';
      return `${inner}${propertyKey(key)}: ${placeholder} as ${full},`;
    });
    return { schema: `{\n${lines.join('\n')}\n${indent}}`, list };
  }

  private opDoc(op: Operation, indent = ''): string {
    const route = `${op.method.toUpperCase()} ${op.path}`;
    return jsdoc([op.summary || undefined, op.description !== op.summary ? op.description : undefined, route, op.deprecated ? '@deprecated' : undefined], indent);
  }

  /** `resource()` and its members, exported under their operationIds. */
  private resourceBlocks(r: ResourcePlan, values: Set<string>, core: Set<string>): string[] {
    core.add('resource');
    this.mark(r.entity);
    values.add(r.entity);
    const lines = [`  urlPrefix,`, `  path: ${this.str(this.restPath(r.itemPath))},`, `  schema: ${this.typeNames.get(r.entity)},`];
    const search = this.searchParamsType(r.list.query, '  ');
    if (search) lines.push(`  searchParams: {} as ${search},`);
    if (r.body) lines.push(`  body: {} as ${this.tsType(r.body.body as Schema, '  ')},`);
    const page = this.paginationField(r.list);
    if (page) lines.push(`  paginationField: ${this.str(page)},`);
    const routes = r.members.map((m) => `- \`${m.member!.name}\`: ${m.method.toUpperCase()} ${m.path}`);
    const docs = jsdoc([`${this.typeNames.get(r.entity)} records.`, routes.join('\n')]);
    return [
      `${docs}export const ${r.name} = resource({\n${lines.join('\n')}\n});\n`,
      ...r.members.map((m) => `${this.opDoc(m)}export const ${m.name} = ${r.name}.${m.member!.name};\n`),
    ];
  }

  /** A standalone `new RestEndpoint(...)`. */
  private endpointBlock(op: Operation, values: Set<string>, core: Set<string>): string {
    core.add('RestEndpoint');
    const lines = [`  urlPrefix,`, `  path: ${this.str(this.restPath(op.path))},`];
    if (op.method !== 'get') lines.push(`  method: ${this.str(op.method.toUpperCase())},`);
    const search = this.searchParamsType(op.query, '  ');
    if (search) lines.push(`  searchParams: {} as ${search},`);
    // Only these methods send a body in Resto.
    if (op.body !== undefined && ['post', 'put', 'patch'].includes(op.method)) {
      lines.push(`  body: {} as ${op.body === 'form' ? 'FormData' : this.tsType(op.body, '  ')},`);
    }
    const { schema, list } = this.responseSchema(op, values, '  ');
    if (schema) {
      if (schema.includes('Collection(')) core.add('Collection');
      lines.push(`  schema: ${schema},`);
      if (op.response.kind === 'json' && this.entityOf(op.response.schema)?.nullable) lines.push(`  nullable: true,`);
    } else if (op.response.kind === 'json') {
      lines.push(`  process: (value: ${this.tsType(op.response.schema, '  ')}) => value,`);
    } else if (op.response.kind !== 'none') {
      lines.push(`  content: ${this.str(op.response.kind)},`);
    }
    const page = list ? this.paginationField(op) : undefined;
    if (page) lines.push(`  paginationField: ${this.str(page)},`);
    return `${this.opDoc(op)}export const ${op.name} = new RestEndpoint({\n${lines.join('\n')}\n});\n`;
  }

  private tagModule(ops: Operation[], resources: ResourcePlan[], modelsFile: string): string {
    const values = new Set<string>();
    const moduleTypes = new Set<string>();
    const core = new Set<string>();
    // Every component the module's code names is recorded for its import line.
    this.moduleUse = moduleTypes;
    const blocks = [
      ...resources.flatMap((r) => this.resourceBlocks(r, values, core)),
      ...ops.filter((op) => !op.member).map((op) => this.endpointBlock(op, values, core)),
    ];
    this.moduleUse = undefined;

    // Sorted by code unit, not locale: the same bytes on every machine.
    const models = [...moduleTypes]
      .filter((n) => this.typeNames.has(n))
      .map((n) => this.typeNames.get(n)!)
      .sort();
    const valueNames = new Set([...values].map((n) => this.typeNames.get(n)));
    const specifiers = [
      ...models.map((n) => (valueNames.has(n) ? n : `type ${n}`)),
      'urlPrefix',
    ];
    const coreNames = [...core].sort();
    return (
      this.header() +
      `import { ${coreNames.join(', ')} } from '@resto/core';\n` +
      this.importLine(specifiers, `./${this.importPath(modelsFile)}`) +
      '\n' +
      blocks.join('\n')
    );
  }

  private importLine(specifiers: string[], from: string): string {
    const one = `import { ${specifiers.join(', ')} } from '${from}';\n`;
    if (one.length <= 110) return one;
    return `import {\n${specifiers.map((s) => `  ${s},\n`).join('')}} from '${from}';\n`;
  }

  private modelsModule(): string {
    // Types used by other types are reached only while printing, so print until none is new.
    const printed = new Map<string, string>();
    for (let pending = [...this.used]; pending.length; pending = [...this.used].filter((n) => !printed.has(n))) {
      for (const name of pending) {
        if (this.entities.has(name)) {
          printed.set(name, '');
          this.entityFieldsUse(name);
        } else printed.set(name, this.typeAlias(name));
      }
    }
    const order = Object.keys(this.schemas).filter((n) => this.used.has(n));
    const entityOrder = this.entityOrder(order.filter((n) => this.entities.has(n)));
    const defined = new Set<string>();
    const blocks: string[] = [];
    const late: string[] = [];
    for (const name of entityOrder) {
      const { block, lateSchema } = this.entityClass(name, defined);
      defined.add(name);
      blocks.push(block);
      if (lateSchema) late.push(lateSchema);
    }
    for (const name of order) if (!this.entities.has(name)) blocks.push(printed.get(name)!);
    const prefix = this.options.urlPrefix ?? this.serverUrl();
    const hasEntities = entityOrder.length > 0;
    return (
      this.header() +
      (hasEntities ? `import { Entity } from '@resto/core';\n\n` : '\n') +
      `/** Prefix of every URL of this API. */\nexport const urlPrefix = ${this.str(prefix)};\n\n` +
      blocks.join('\n') +
      (late.length ? `\n// Entities that refer to each other get their schema once both classes exist.\n${late.join('')}` : '')
    );
  }

  private serverUrl(): string {
    const url = this.doc.servers?.[0]?.url;
    if (typeof url !== 'string') return '';
    const vars = this.doc.servers[0].variables ?? {};
    return url.replace(/\{([^}]+)\}/g, (m, v) => (vars[v]?.default !== undefined ? String(vars[v].default) : m)).replace(/\/$/, '');
  }

  private typeAlias(name: string): string {
    const s = this.schemas[name];
    const d = s && typeof s === 'object' ? s : {};
    const docs = jsdoc([brief(d.title), brief(d.description)]);
    const type = this.tsType(s);
    if (type.startsWith('{\n') && !type.includes('\n} ')) {
      const nullable = type.endsWith(' | null');
      if (!nullable) return `${docs}export interface ${this.typeNames.get(name)} ${type}\n`;
    }
    return `${docs}export type ${this.typeNames.get(name)} = ${type};\n`;
  }

  private entityFieldsUse(name: string): void {
    const { properties } = this.objectShape(this.schemas[name]);
    for (const p of Object.values(properties)) this.tsType(p, '  ');
  }

  /** Entities whose schema refers to others come after them, where no cycle forbids it. */
  private entityOrder(names: string[]): string[] {
    const out: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (n: string) => {
      if (state.has(n)) return;
      state.set(n, 'visiting');
      for (const dep of this.entityDeps(n)) if (names.includes(dep)) visit(dep);
      state.set(n, 'done');
      out.push(n);
    };
    for (const n of names) visit(n);
    return out;
  }

  private entityDeps(name: string): string[] {
    const { properties } = this.objectShape(this.schemas[name]);
    const deps: string[] = [];
    for (const p of Object.values(properties)) {
      const dep = this.entityOf(p)?.name ?? this.listOf(p);
      if (dep && dep !== name) deps.push(dep);
    }
    return deps;
  }

  private entityClass(name: string, defined: Set<string>): { block: string; lateSchema?: string } {
    const cls = this.typeNames.get(name)!;
    const s = this.schemas[name];
    const d = s && typeof s === 'object' ? s : {};
    const pk = this.entities.get(name)!;
    const { properties, required } = this.objectShape(s);
    const fields: string[] = [];
    const schema: string[] = [];
    let late = false;
    for (const [key, p] of Object.entries(properties)) {
      const prop = propertyKey(key);
      const doc = p && typeof p === 'object' ? jsdoc([brief(p.description)], '  ') : '';
      const isRequired = required.has(key) || key === pk;
      const entity = this.entityOf(p);
      const listed = this.listOf(p);
      const dp = this.deref(p) as any;
      const nullable = !!dp && typeof dp === 'object' && (dp.nullable === true || (Array.isArray(dp.type) && dp.type.includes('null')));
      const type = this.tsType(p, '  ');
      let field: string;
      if (entity || listed) {
        const ref = this.typeNames.get((entity?.name ?? listed)!)!;
        this.mark((entity?.name ?? listed)!);
        schema.push(`${prop}: ${listed ? `[${ref}]` : ref}`);
        // A class may name itself in its static fields; another class must exist already.
        if (!defined.has((entity?.name ?? listed)!) && (entity?.name ?? listed) !== name) late = true;
        if (listed && isRequired && !nullable) field = `${prop}: ${ref}[] = [];`;
        else if (entity?.nullable || nullable) field = `${prop}: ${ref} | null = null;`;
        else field = isRequired ? `${prop}!: ${type};` : `${prop}?: ${type};`;
      } else {
        const fmt = dp && typeof dp === 'object' ? dp.format : undefined;
        const t = this.typeOf(p);
        if (t === 'string' && DATE_FORMATS.has(fmt) && !dp.enum) {
          schema.push(`${prop}: Date`);
          if (nullable) field = `${prop}: Date | null = null;`;
          else field = isRequired ? `${prop} = new Date(0);` : `${prop}?: Date;`;
        } else if (!isRequired) field = `${prop}?: ${type};`;
        else if (nullable) field = `${prop}: ${type} = null;`;
        else if (type === 'string') field = `${prop} = '';`;
        else if (type === 'number') field = `${prop} = 0;`;
        else if (type === 'boolean') field = `${prop} = false;`;
        else if (t === 'array') field = `${prop}: ${type} = [];`;
        else if (t === 'string' && Array.isArray(dp.enum) && typeof dp.enum[0] === 'string') field = `${prop}: ${type} = ${this.str(dp.enum[0])};`;
        else field = `${prop}!: ${type};`;
      }
      fields.push(`${doc}  ${field}`);
    }
    const members = [...fields, `  static override key = ${this.str(name)};`];
    const schemaLiteral = schema.length ? `{ ${schema.join(', ')} }` : undefined;
    if (schemaLiteral && !late) members.push(`  static override schema = ${schemaLiteral};`);
    const pkNullable = this.isNullable(properties[pk]);
    if (pk !== 'id' || pkNullable) {
      const access = `this${isIdentifier(pk) ? `.${pk}` : `[${JSON.stringify(pk)}]`}`;
      // pk() may not return null: a record without its key has none.
      members.push(`  override pk() {\n    return ${access}${pkNullable ? ' ?? undefined' : ''};\n  }`);
    }
    const docs = jsdoc([brief(d.title), brief(d.description)]);
    return {
      block: `${docs}export class ${cls} extends Entity {\n${members.join('\n')}\n}\n`,
      lateSchema: schemaLiteral && late ? `${cls}.schema = ${schemaLiteral};\n` : undefined,
    };
  }
}
