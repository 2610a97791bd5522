// resource(): the endpoints built from one path and schema (get, getList and its members,
// update, partialUpdate, delete), their optimistic responses, and extend(). Its types are
// resourceTypes.ts's.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
 
import { Collection as BaseCollection } from '../schema/Collection';
import { InvalidateOne } from '../schema/InvalidateOne';
import { setHidden } from '../schema/ownEntry';
import { schemaName } from '../schema/schemaName';
import { RestEndpoint } from './RestEndpoint';
import { listPath } from './listPath';
import { restChecks } from './devChecks';
import type { ResourceOptions, ResourceGenerics, Resource, ResourceNextPage } from './resourceTypes';

// Options a member gets only where it applies (`body` for getList, update and
// partialUpdate, the list options for getList); the rest go to every member unchanged.
const LIST_OPTIONS = ['body', 'searchParams', 'paginationField', 'nextPage'];
const OWN_OPTIONS = ['nonFilterArgumentKeys', 'optimistic', 'Endpoint', 'Collection', ...LIST_OPTIONS];

// delete: a non-empty object response names the entity; anything else (empty
// body, 'ok', a bare pk) falls back to the URL params, so it still invalidates.
function deleteProcess(value: unknown, params: unknown): unknown {
  return value !== null && typeof value === 'object' && Object.keys(value).length ? value : params;
}

// The fields a request body sends: a FormData's entries, or the object itself.
function fieldsOf(body: unknown): object {
  if (typeof FormData !== 'undefined' && body instanceof FormData) return Object.fromEntries(body); // its entries
  return body as object;
}

/**
 * Optimistic responses per member: push and unshift answer the item as sent (the
 * last argument); the others the body over a base, the stored entity (partialUpdate,
 * move: none stored aborts) or the URL params (update, delete).
 */
const optimisticFor =
  (member: string, schema: unknown) =>
  (snapshot: any, ...args: any[]): unknown => {
    const sent = fieldsOf(args[args.length - 1]);
    if (member === 'push' || member === 'unshift') return sent;
    const base = member === 'partialUpdate' || member === 'move' ? snapshot.get(schema, args[0]) : args[0];
    if (!base) throw snapshot.abort;
    // (delete sends no body: the params are spread twice)
    return { ...base, ...sent };
  };

/**
 * getList's push, unshift and move with optimistic responses, when the resource has
 * `optimistic`. Re-applied whenever a new getList is derived.
 */
export function decorateGetList(getList: any, options: Record<string, any>): any {
  if (options.optimistic) {
    for (const member of ['push', 'unshift', 'move']) {
      setHidden(getList, member, getList[member].extend({ getOptimisticResponse: optimisticFor(member, options.schema) }));
    }
  }
  return getList;
}

/** Memo of how a resource was built, for `extend()` and `hookifyResource()`. */
export const RESOURCE = Symbol('resto.resource');

export interface ResourceInternals {
  readonly options: Record<string, unknown>;
  readonly Endpoint: typeof RestEndpoint;
}

/**
 * A group of endpoints sharing one schema: get, getList (+ push, unshift, assign, remove,
 * move, getPage), update, partialUpdate, delete; `create` is a
 * deprecated alias of `getList.push`.
 *
 * @example
 * class Todo extends Entity { id = 0; title = ''; completed = false; userId = 0; static key = 'Todo'; }
 * const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo,
 *   searchParams: {} as { userId?: number; completed?: boolean }, paginationField: 'page' });
 * await TodoResource.get({ id: 1 });                       // GET /todos/1
 * await TodoResource.getList({ userId: 1 });               // GET /todos?userId=1
 * await TodoResource.getList.push({ title: 'new' });       // POST /todos
 * await TodoResource.getList.getPage({ userId: 1, page: 2 });
 * await TodoResource.partialUpdate({ id: 1 }, { completed: true });
 * await TodoResource.delete({ id: 1 });
 */
export function resource<const O extends ResourceGenerics>(
  options: { [K in keyof O]: O[K] } & ResourceOptions & NoInfer<ResourceNextPage<O>>,
): Resource<O> {
  const opts = options as unknown as Record<string, any>;
  const { path, schema, optimistic, nonFilterArgumentKeys } = opts;
  if (DEV) restChecks!.resourceOptions(opts);
  // The item path names the item; without a parameter get, update and delete would all hit the list.
  if (!/(^|[^\\])[:*][A-Za-z_$]/.test(path)) {
    throw new TypeError(
      DEV
        ? `resource(${path}): the path needs at least one :parameter or *wildcard naming the item, e.g. '/todos/:id'`
        : `resource(${path}): no :parameter${errorCode(9)}`,
    );
  }
  const CollectionClass: any = opts.Collection ?? BaseCollection;
  const internals: ResourceInternals = { options: opts, Endpoint: opts.Endpoint ?? RestEndpoint };
  const mutation = (name: string, method: string, extra?: object, keep?: string[]) =>
    newMember(
      internals,
      name,
      {
        // (not set otherwise: an Endpoint class's own getOptimisticResponse stays)
        ...(optimistic && { getOptimisticResponse: optimisticFor(name, schema) }),
        method,
        ...extra,
      },
      keep,
    );
  const getList = newMember(
    internals,
    'getList',
    {
      path: listPath(path),
      schema: new CollectionClass([schema], nonFilterArgumentKeys ? { nonFilterArgumentKeys } : {}),
      // move works on the item (copies of getList carry it)
      movePath: path,
    },
    LIST_OPTIONS,
  );
  return withExtend({
    get: newMember(internals, 'get'),
    getList: decorateGetList(getList, opts),
    update: mutation('update', 'PUT', {}, ['body']),
    partialUpdate: mutation('partialUpdate', 'PATCH', {}, ['body']),
    delete: mutation('delete', 'DELETE', { schema: new InvalidateOne(schema), process: deleteProcess }),
  }, internals) as unknown as Resource<O>;
}

/**
 * A member endpoint named `<schemaName(schema)>.<name>`: the resource's shared options (and
 * those of its own options it `keep`s), its item path and schema, then `options`
 * (resource() and extend(name, options) alike).
 */
function newMember({ options, Endpoint }: ResourceInternals, name: string, extra?: object, keep: string[] = []): any {
  const shared = Object.fromEntries(Object.entries(options).filter(([key]) => keep.includes(key) || !OWN_OPTIONS.includes(key)));
  return new (Endpoint as any)({
    ...shared,
    path: options.path,
    schema: options.schema,
    name: `${schemaName(options.schema)}.${name}`,
    ...extra,
  });
}

function withExtend(members: Record<string, any>, internals: ResourceInternals): Record<string, any> {
  // deprecated alias: getList's push (made anew by every extend()), unless set explicitly
  const result: Record<string, any> = { create: members.getList?.push, ...members };
  // non-enumerable: defineProperty's default on a new key
  return Object.defineProperties(result, { [RESOURCE]: { value: internals }, extend: { value: extendResource } });
}

/**
 * resource.extend: `(resource) => members` adds or replaces members; `{ member: options }`
 * or `(name, options)` extends existing members; `(name, options)` naming no member
 * makes one, constructed like the others so its method decides the body argument.
 * `this` is the resource extended (its members as they are now).
 */
function extendResource(this: Record<PropertyKey, any>, first: unknown, second?: unknown): Record<string, any> {
  const internals: ResourceInternals = this[RESOURCE];
  const out: Record<string, any> = {};
  for (const key of Object.keys(this)) {
    // (the create alias is left for withExtend to make anew)
    if (key !== 'create' || this.create !== this.getList?.push) out[key] = this[key];
  }
  if (typeof first === 'function') {
    Object.assign(out, first(this));
  } else {
    if (DEV) restChecks!.extend(this, first, () => schemaName(internals.options.schema));
    const overrides = typeof first === 'string' ? { [first]: second } : first;
    for (const [key, options] of Object.entries(overrides as Record<string, Record<string, unknown>>)) {
      const member = this[key];
      // (production makes a member of an unknown key in the object form too)
      out[key] =
        typeof member?.extend === 'function'
          ? key === 'getList'
            ? decorateGetList(member.extend(options), internals.options)
            : member.extend(options)
          : newMember(internals, key, options);
    }
  }
  return withExtend(out, internals);
}

/**
 * The established library's older name of {@link resource}.
 *
 * @example
 * const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
 */
export const createResource = resource;
