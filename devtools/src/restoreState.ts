import type { Client, State } from '@resto/core';
import { tableKeys } from '@resto/core/internal';
import type { DevtoolsManager } from './DevtoolsManager';

/**
 * Rewinds the store to `target` through the public Controller: empties it, then
 * stores again every read result `target` held (denormalized from `target`, as if
 * each endpoint had answered it now). Core has no "replace the state" action, so
 * timings are new, stored errors and optimistic updates are not restored, and
 * results whose endpoint the recorder never saw are skipped. Returns the keys restored.
 *
 * @example
 * const entry = devtools.timeline[3];
 * restoreState(client, devtools, entry.state);
 */
export function restoreState(client: Pick<Client, 'controller'>, devtools: DevtoolsManager, target: State): string[] {
  const { controller } = client;
  const restored: string[] = [];
  const writes: { key: string; run: () => Promise<void> }[] = [];
  // Read everything from `target` first: its denormalized data does not depend on what follows.
  for (const key of tableKeys(target.endpoints)) {
    const ref = devtools.knownReads.get(key);
    if (!ref || ref.endpoint.sideEffect) continue;
    let data: unknown;
    try {
      data = controller.getResponse(ref.endpoint, ...ref.args, target).data;
    } catch {
      continue;
    }
    if (data === undefined) continue;
    writes.push({ key, run: () => controller.setResponse(ref.endpoint, ...ref.args, data) });
  }
  // All in one task, without awaiting: views are notified once, with the rewound
  // store, and never see (nor refetch) the empty one in between.
  devtools.silently(() => {
    void controller.resetEntireStore();
    for (const w of writes) {
      void w.run();
      restored.push(w.key);
    }
  });
  return restored;
}
