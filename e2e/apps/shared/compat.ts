// TEMPORARY: core's resource()/hookifyResource() are being written while the
// demo apps are built. Use core's when it exports them; this stand-in follows
// spec 4.1/4.5 closely enough to drive the apps until then.
import * as core from '@resto/core';
import { Collection, Invalidate, RestEndpoint } from '@resto/core';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function resourceShim(o: Any): Any {
  const E = o.Endpoint ?? RestEndpoint;
  const key = o.schema.key;
  const extra: Any = { urlPrefix: o.urlPrefix ?? '' };
  for (const k of ['dataExpiryLength', 'errorExpiryLength', 'errorPolicy', 'invalidIfStale', 'pollFrequency']) if (k in o) extra[k] = o[k];
  const listPath = o.path.replace(/\/[:*][^/]*$/, '') || '/';
  const get = new E({ ...extra, path: o.path, schema: o.schema, name: `${key}.get` });
  const getList = new E({
    ...extra,
    path: listPath,
    schema: new Collection([o.schema], o.nonFilterArgumentKeys ? { nonFilterArgumentKeys: o.nonFilterArgumentKeys } : {}),
    ...(o.paginationField ? { paginationField: o.paginationField } : {}),
    name: `${key}.getList`,
  });
  // move is PATCH {path} (spec 4.1), not the list path the extender inherits.
  Object.defineProperty(getList, 'move', { value: getList.move.extend({ path: o.path }), configurable: true });
  const update = get.extend({ method: 'PUT', body: {}, name: `${key}.update` });
  const partialUpdate = get.extend({ method: 'PATCH', body: {}, name: `${key}.partialUpdate` });
  const del = get.extend({
    method: 'DELETE',
    schema: new Invalidate(o.schema),
    name: `${key}.delete`,
    process(value: Any, params: Any) {
      return value && typeof value === 'object' && Object.keys(value).length ? value : params;
    },
  });
  if (o.optimistic) {
    const merged = (snap: Any, params: Any, body: Any) => {
      const existing = snap.get(o.schema, params);
      if (!existing) throw snap.abort;
      return { ...existing, ...body };
    };
    update.getOptimisticResponse = (_s: Any, params: Any, body: Any) => ({ ...params, ...body });
    partialUpdate.getOptimisticResponse = merged;
    getList.move.getOptimisticResponse = merged;
    getList.push.getOptimisticResponse = (_s: Any, ...args: Any[]) => args[args.length - 1];
    getList.unshift.getOptimisticResponse = (_s: Any, ...args: Any[]) => args[args.length - 1];
    del.getOptimisticResponse = (_s: Any, params: Any) => params;
  }
  return { get, getList, update, partialUpdate, delete: del };
}

function hookifyShim(res: Any, getInit: () => RequestInit): Any {
  const cache = new Map<string, Any>();
  const withInit = (name: string, ep: Any) => () => {
    const init = getInit();
    const id = `${name} ${JSON.stringify(init)}`;
    let out = cache.get(id);
    if (!out) cache.set(id, (out = ep.extend({ requestInit: { ...ep.requestInit, ...init } })));
    return out;
  };
  return {
    useGet: withInit('get', res.get),
    useGetList: withInit('getList', res.getList),
    useUpdate: withInit('update', res.update),
    usePartialUpdate: withInit('partialUpdate', res.partialUpdate),
    useDelete: withInit('delete', res.delete),
  };
}

const real = core as Any;
export const resource: Any = real.resource ?? resourceShim;
export const hookifyResource: Any = real.hookifyResource ?? hookifyShim;
