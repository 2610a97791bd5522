// resource(): the endpoints built from one path and schema (get, getList and its members,
// update, partialUpdate, delete), their optimistic responses, and extend(). Its types are
// resourceTypes.ts's.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
 
import { Collection as BaseCollection } from '../schema/Collection';
import { Invalidate } from '../schema/Invalidate';
import { setHidden } from '../schema/ownEntry';
import { RestEndpoint } from './RestEndpoint';
import { listPath } from './listPath';
import type { ResourceOptions, ResourceGenerics, Resource, ResourceNextPage } from './resourceTypes';

// Options that go to every member endpoint unchanged.
function memberOptions(options: Record<string, unknown>): Record<string, unknown> {
  const {
    path: _path,
    schema: _schema,
    body: _body,
    searchParams: _searchParams,
    paginationField: _paginationField,
    nextPage: _nextPage,
    nonFilterArgumentKeys: _nonFilter,
    optimistic: _optimistic,
    Endpoint: _Endpoint,
    Collection: _Collection,
    ...rest
  } = options;
  return rest;
}

function schemaLabel(schema: any): string {
  return (typeof schema?.key === 'string' && schema.key) || schema?.name || 'Resource';
}

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

/** Optimistic responses per member. */
function optimisticFor(member: string, schema: unknown) {
  switch (member) {
    case 'update':
      return (_snapshot: unknown, params: object, body: unknown) => ({ ...params, ...fieldsOf(body) });
    case 'partialUpdate':
    case 'move':
      return (snapshot: any, params: object, body: unknown) => {
        const stored = snapshot.get(schema, params);
        if (!stored) throw snapshot.abort;
        return { ...stored, ...fieldsOf(body) };
      };
    case 'delete':
      return (_snapshot: unknown, params: object) => params;
    default:
      // push / unshift: the created item as sent
      return (_snapshot: unknown, ...args: unknown[]) => fieldsOf(args[args.length - 1]);
  }
}

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
  const { path, schema, optimistic, paginationField, nextPage, nonFilterArgumentKeys } = opts;
  if (typeof path !== 'string') throw new TypeError('resource: the "path" option is required');
  if (schema === undefined) throw new TypeError(`resource(${path}): the "schema" option is required`);
  // The item path names the item; without a parameter get, update and delete would all hit the list.
  if (!/(^|[^\\])[:*][A-Za-z_$]/.test(path)) {
    throw new TypeError(
      DEV
        ? `resource(${path}): the path needs at least one :parameter or *wildcard naming the item, e.g. '/todos/:id'`
        : `resource(${path}): no :parameter${errorCode(9)}`,
    );
  }
  // One expression statement, so minifiers drop all of it from production builds.
  if (DEV)
    ['Endpoint', 'Collection'].forEach((right) => {
      const wrong = right.toLowerCase();
      if (wrong in opts && !(right in opts)) console.warn(`resource(${path}): unknown option "${wrong}"; the class option is spelled "${right}"`);
    });
  const Endpoint: any = opts.Endpoint ?? RestEndpoint;
  const CollectionClass: any = opts.Collection ?? BaseCollection;
  const internals: ResourceInternals = { options: opts, Endpoint };
  const typing = (keys: string[]) => Object.fromEntries(keys.filter((k) => k in opts).map((k) => [k, opts[k]]));
  const optimisticOf = (member: string) =>
    optimistic ? { getOptimisticResponse: optimisticFor(member, schema) } : {};

  const get = newMember(internals, 'get');
  const listSchema = new CollectionClass([schema], nonFilterArgumentKeys ? { nonFilterArgumentKeys } : {});
  const getList = newMember(internals, 'getList', {
    ...typing(['body', 'searchParams']),
    ...(paginationField ? { paginationField } : {}),
    // Only the list pages: its getPage inherits it.
    ...(nextPage !== undefined ? { nextPage } : {}),
    path: listPath(path),
    schema: listSchema,
    // move works on the item (copies of getList carry it)
    movePath: path,
  });
  decorateGetList(getList, opts);
  const update = newMember(internals, 'update', { ...typing(['body']), ...optimisticOf('update'), method: 'PUT' });
  const partialUpdate = newMember(internals, 'partialUpdate', {
    ...typing(['body']),
    ...optimisticOf('partialUpdate'),
    method: 'PATCH',
  });
  const del = newMember(internals, 'delete', {
    ...optimisticOf('delete'),
    schema: new Invalidate(schema),
    method: 'DELETE',
    process: deleteProcess,
  });
  const members = { get, getList, update, partialUpdate, delete: del };
  return withExtend(members, internals) as unknown as Resource<O>;
}

/**
 * A member endpoint named `<schema label>.<name>`: the resource's shared options, its
 * item path and schema, then `options` (resource() and extend(name, options) alike).
 */
function newMember({ options, Endpoint }: ResourceInternals, name: string, extra?: object): any {
  return new (Endpoint as any)({
    ...memberOptions(options),
    path: options.path,
    schema: options.schema,
    name: `${schemaLabel(options.schema)}.${name}`,
    ...extra,
  });
}

function withExtend(members: Record<string, any>, internals: ResourceInternals): Record<string, any> {
  const result: Record<string, any> = { ...members };
  // deprecated alias: the current getList's push, also after extend(), unless set explicitly
  if (!('create' in members)) Object.defineProperty(result, 'create', {
    get(this: Record<string, any>) {
      return this.getList?.push;
    },
    enumerable: true,
    configurable: true,
  });
  // non-enumerable: defineProperty's default on a new key
  Object.defineProperty(result, RESOURCE, { value: internals });
  Object.defineProperty(result, 'extend', {
    enumerable: false,
    // `this` is the resource extended (its members as they are now)
    value: function extend(this: Record<string, any>, first: unknown, second?: unknown) {
      const out: Record<string, any> = {};
      for (const key of Object.keys(this)) {
        if (Object.getOwnPropertyDescriptor(this, key)?.get === undefined) out[key] = this[key];
      }
      if (typeof first === 'function') {
        // 1. function form: this resource in, new or replaced members out
        Object.assign(out, first(this));
      } else if (typeof first === 'string' && typeof this[first]?.extend !== 'function') {
        // 2. (name, options): one new member, constructed like the others so its
        //    method decides the body argument
        out[first] = newMember(internals, first, second as object);
      } else if (typeof first === 'string' || (first && typeof first === 'object')) {
        // 3. object form: option overrides per existing member; (name, options) naming
        //    an existing member is the same with one member
        const overrides = typeof first === 'string' ? { [first]: second } : first;
        for (const [key, options] of Object.entries(overrides as Record<string, Record<string, unknown>>)) {
          const member = this[key];
          if (!member || typeof member.extend !== 'function') {
            throw new TypeError(`resource.extend: "${key}" is not a member` + (DEV ? ` of ${schemaLabel(internals.options.schema)}'s resource` : errorCode(10)));
          }
          let next = member.extend(options);
          if (key === 'getList') next = decorateGetList(next, internals.options);
          out[key] = next;
        }
      } else {
        throw new TypeError('resource.extend' + (DEV ? ': expected a function, an object of member options, or (name, options)' : errorCode(10)));
      }
      return withExtend(out, internals);
    },
  });
  return result;
}

/**
 * The established library's older name of {@link resource}.
 *
 * @example
 * const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
 */
export const createResource = resource;
