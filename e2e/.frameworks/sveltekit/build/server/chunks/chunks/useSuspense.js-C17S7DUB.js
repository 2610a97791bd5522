import { ObserveModes, resolveArgs } from '@resto/core';
import { _ as run, X as derived } from './index.js-2amPBq8h.js';
import { g as getClient } from './context2.js-B7H-orzK.js';

function createSubscriber(_) {
  return () => {
  };
}
function bind(open, keyOf, input, hook) {
  const reactive = input.some((a) => typeof a === "function");
  let last;
  const make = (args) => {
    const key = keyOf(args);
    if (last && last.key === key) return last;
    const source = open(args);
    return last = {
      key,
      source,
      track: createSubscriber()
    };
  };
  let current;
  if (reactive) {
    current = derive(() => make(resolveArgs(hook, input)));
    run(current);
  } else {
    const entry = make(resolveArgs(hook, input));
    current = () => entry;
  }
  return {
    /** The current source; inside an effect, the effect re-runs when it or its snapshot changes. */
    read() {
      const e = current();
      e.track();
      return e.source;
    },
    /** The current entry without tracking the source's changes (args changes are still tracked). */
    entry: current,
    /** The store contract over `select(source)`, following getter args while subscribed. */
    store(select) {
      return (run$1) => {
        let source;
        let stopSource;
        let value;
        let started = false;
        const emit = () => {
          const next = select(source);
          if (started && Object.is(next, value)) return;
          started = true;
          value = next;
          run$1(next);
        };
        const attach = (e) => {
          if (e.source === source) return;
          stopSource?.();
          source = e.source;
          stopSource = source.subscribe(emit);
          emit();
        };
        attach(run(current));
        const stopFollow = reactive ? () => {
        } : void 0;
        return () => {
          stopFollow?.();
          stopSource?.();
          stopSource = void 0;
        };
      };
    }
  };
}
function derive(fn) {
  const value = derived(fn);
  return () => value();
}
function bindEndpoint(options, endpoint, input, hook) {
  const client = getClient();
  return bind((args) => client.observeWith(options, endpoint, args), (args) => args === null || args[0] === null ? void 0 : endpoint.key(...args), input, hook);
}
const noop = () => {
};
function promiseOf(o, cache) {
  const r = o.read();
  if (r.status === "ready")
    return r.data;
  if (r.status === "error") {
    if (cache.error?.[0] !== r.error) {
      const rejected = Promise.reject(r.error);
      rejected.catch(noop);
      cache.error = [r.error, rejected];
    }
    return cache.error[1];
  }
  if (cache.pending?.[0] !== r.promise) {
    const waiting = o.readAsync();
    waiting.catch(noop);
    cache.pending = [r.promise, waiting];
  }
  return cache.pending[1];
}
function dataOf(o) {
  const r = o.read();
  return r.status === "ready" ? r.data : void 0;
}
function suspenseOf(binding) {
  const caches = /* @__PURE__ */ new WeakMap();
  const cacheFor = (o) => {
    let c = caches.get(o);
    if (!c)
      caches.set(o, c = {});
    return c;
  };
  const promise = derive(() => {
    const o = binding.read();
    return promiseOf(o, cacheFor(o));
  });
  return {
    get current() {
      const r = binding.read().read();
      if (r.status === "error")
        throw r.error;
      return r.status === "ready" ? r.data : void 0;
    },
    get promise() {
      return promise();
    },
    subscribe: binding.store(dataOf),
    refetch: () => binding.entry().source.refetch()
  };
}
function useSuspense(endpoint, ...args) {
  return suspenseOf(bindEndpoint(ObserveModes.suspense, endpoint, args, "useSuspense"));
}

export { useSuspense as u };
//# sourceMappingURL=useSuspense.js-C17S7DUB.js.map
