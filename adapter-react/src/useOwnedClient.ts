import { useEffect, useRef, useState } from 'react';
import type { Client } from '@resto/core';

/**
 * A client this component owns: made once by `create` (a ref, so StrictMode's
 * double render does not make a second one), destroyed when the component really
 * unmounts (StrictMode's simulated unmount is followed by a remount at once, so
 * the check waits a macrotask). `create` undefined: nothing is owned. Internal.
 *
 * @example
 * const own = useOwnedClient(client ? undefined : () => createClient());
 */
export function useOwnedClient(create: (() => Client) | undefined): Client | undefined {
  // The client, and the destroy an unmount scheduled (`pending`): a mount that follows at
  // once (StrictMode) cancels it.
  const ref = useRef<{ client?: Client; pending?: ReturnType<typeof setTimeout> }>({}).current;
  // An <Activity> hidden for longer than a macrotask unmounts the effects like a real
  // unmount, destroying the client: when it is shown again, a new client takes its place.
  if ((!ref.client || ref.client.destroyed) && create) ref.client = create();
  const own = ref.client;
  const [, revive] = useState(0);
  useEffect(() => {
    if (!own) return;
    // Shown again without rendering this component: render it, to make the new client.
    if (own.destroyed) return void revive((n) => n + 1);
    clearTimeout(ref.pending);
    return () => void (ref.pending = setTimeout(() => own.destroy(), 0));
  }, [own, ref]); // `ref` is the same object every render
  return own;
}
