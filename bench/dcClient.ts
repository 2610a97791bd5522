// data-client has no framework-free store: its React provider keeps the state, runs
// the managers' middleware and re-renders subscribers, who call
// `controller.getResponse`. This is that provider without React, for any data-client
// build (`lib` is the module: the vendored 0.18 core.mjs): the same reducer,
// Controller and managers (network, polling), listeners notified once per microtask.
export function dcClient(lib: any) {
  let state: any = lib.initialState;
  const listeners = new Set<() => void>();
  let scheduled = false;
  const notify = () => {
    scheduled = false;
    for (const l of listeners) l();
  };
  const controller: any = new lib.Controller({});
  const reducer = lib.createReducer(controller);
  const base = (action: any) => {
    const next = reducer(state, action);
    if (next !== state) {
      state = next;
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(notify);
      }
    }
    return Promise.resolve();
  };
  const middlewares = lib.applyManager([new lib.NetworkManager(), new lib.SubscriptionManager(lib.PollingSubscription)], controller);
  const api = { dispatch: (a: any) => dispatch(a), getState: () => state };
  let dispatch: (a: any) => Promise<void> = base;
  const chain = middlewares.map((m: any) => m(api));
  for (let i = chain.length - 1; i >= 0; i--) dispatch = chain[i]!(dispatch);
  return {
    controller,
    getState: () => state,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
