// resource(): the endpoints built from one path and schema (get, getList and its members,
// update, partialUpdate, delete), their optimistic responses, and extend(). Its types are
// resourceTypes.ts's.
import { errorCode } from '../dev/errorCode';
import { DEV } from '#dev';
 
import { Collection as BaseCollection } from '../schema/Collection';
import { InvalidateOne } from '../schema/InvalidateOne';
import { schemaName } from '../schema/schemaName';
import { setHidden } from '../schema/ownEntry';
import { RestEndpoint } from './RestEndpoint';
import { listPath } from './listPath';
import { restChecks } from './devChecks';
import type { ResourceOptions, ResourceGenerics, Resource, ResourceNextPage } from './resourceTypes';

// The resource's options that are not every member's: the class options, and those a
// member takes only where MEMBERS says (`body`, the list options).
const LIST_OPTIONS = ['body', 'searchParams', 'paginationField', 'nextPage'];
const OWN_OPTIONS = ['nonFilterArgumentKeys', 'optimistic', 'Endpoint', 'Collection', ...LIST_OPTIONS];

/**
 * The members, each with what it adds to the shared options: its method and the own options
 * it takes. (No prototype: a member extend() adds may be called `toString`.)
 */
// (`| null` types the `__proto__: null` entry, which sets the prototype and is no member)
const MEMBERS: Record<string, [method?: string, keep?: string[]] | null> = {
  __proto__: null,
  get: [],
  getList: ['', LIST_OPTIONS],
  update: ['PUT', ['body']],
  partialUpdate: ['PATCH', ['body']],
  delete: ['DELETE'],
};

// delete: a non-empty object response names the entity; anything else (empty
// body, 'ok', a bare pk) falls back to the URL params, so it still invalidates.
const deleteProcess = (value: unknown, params: unknown): unknown =>
  value && typeof value === 'object' && Object.keys(value).length ? value : params;

/**
 * The optimistic response of a member (asked for the resource's mutations and getList's
 * extenders; assign and remove have none): push and unshift answer the item as sent (the
 * last argument); the others the body over a base, the stored entity (partialUpdate,
 * move: none stored aborts) or the URL params (update, delete).
 */
const optimisticFor = (schema: unknown) => (member: string) =>
  !/assign|remove/.test(member) && {
    getOptimisticResponse(snapshot: any, ...args: any[]): unknown {
      let sent = args.at(-1);
      // The fields a request body sends: a FormData's entries, or the object itself.
      if (sent instanceof FormData) sent = Object.fromEntries(sent);
      if (member === 'push' || member === 'unshift') return sent;
      const base = member === 'partialUpdate' || member === 'move' ? snapshot.get(schema, args[0]) : args[0];
      if (!base) throw snapshot.abort;
      // (delete sends no body: the params are spread twice)
      return { ...base, ...sent };
    },
  };

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
): Resource<O>;
export function resource(options: Record<string, any>): Record<string, any> {
  const { path } = options;
  if (DEV) restChecks!.resourceOptions(options);
  // The item path names the item; without a parameter get, update and delete would all hit the
  // list (the list path is the path itself: listPath found no token, quoted names included).
  if (listPath(path) === path) {
    throw new TypeError(
      DEV
        ? `resource(${path}): the path needs at least one :parameter or *wildcard naming the item, e.g. '/todos/:id'`
        : `resource(${path}): no :parameter${errorCode(9)}`,
    );
  }
  const members: Record<string, any> = {};
  for (const name in MEMBERS) members[name] = newMember(options, name);
  return withExtend(members, options);
}

/**
 * A member endpoint named `<schemaName(schema)>.<name>`: the resource's shared options (and
 * those of its own options MEMBERS gives it), its item path and schema, what MEMBERS and
 * the member itself add, then `extra` (resource() and extend(name, options) alike).
 */
function newMember(options: Record<string, any>, name: string, extra?: object): any {
  const { path, schema, optimistic } = options;
  const [method, keep] = MEMBERS[name] ?? [];
  const shared = { ...options };
  for (const key of OWN_OPTIONS) if (!keep?.includes(key)) delete shared[key];
  // (`shared` holds path and schema: the item's)
  return new (options.Endpoint ?? RestEndpoint)({
    ...shared,
    name: `${schemaName(schema)}.${name}`,
    // (not set otherwise: an Endpoint class's own getOptimisticResponse stays)
    ...(method && { method, ...(optimistic && optimisticFor(schema)(name)) }),
    ...(name === 'delete' && { schema: new InvalidateOne(schema), process: deleteProcess }),
    ...(name === 'getList' && {
      path: listPath(path),
      schema: new (options.Collection ?? BaseCollection)([schema], { nonFilterArgumentKeys: options.nonFilterArgumentKeys }),
      // move works on the item, and the adds answer optimistically (copies of getList carry both)
      movePath: path,
      ...(optimistic && { optimisticFor: optimisticFor(schema) }),
    }),
    ...extra,
  });
}

function withExtend(members: Record<string, any>, options: Record<string, any>): Record<string, any> {
  // deprecated alias: getList's push (made anew by every extend()), unless set explicitly
  // (then it is one of the members)
  const resource: Record<string, any> = { create: members.getList?.push, ...members };
  /*
   * resource.extend: `(resource) => members` adds or replaces members; `{ member: options }`
   * or `(name, options)` extends existing members; `(name, options)` naming no member
   * makes one, constructed like the others so its method decides the body argument.
   * It extends this resource (its members as they are now).
   */
  const extend = (first: unknown, second?: unknown): Record<string, any> => {
    const out = { ...members };
    if (typeof first === 'function') {
      Object.assign(out, first(resource));
    } else {
      if (DEV) restChecks!.extend(resource, first, () => schemaName(options.schema));
      const overrides = typeof first === 'string' ? { [first]: second } : first;
      for (const [key, memberOptions] of Object.entries(overrides as Record<string, Record<string, unknown>>)) {
        const member = resource[key];
        // (production makes a member of an unknown key in the object form too)
        out[key] = typeof member?.extend === 'function' ? member.extend(memberOptions) : newMember(options, key, memberOptions);
      }
    }
    return withExtend(out, options);
  };
  // non-enumerable: spreads of the resource leave it out
  setHidden(resource, 'extend', extend);
  return resource;
}

/**
 * The established library's older name of {@link resource}.
 *
 * @example
 * const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
 */
export const createResource = resource;
