import { GCPolicy, type Client, type Controller } from '@resto/core';
import type { RawRow, RawUser } from './data';
import { RowResource, UserResource } from './resto-schema';

/** The four mutations as an app would push them into the store (a websocket, say). */
export const restoMutations = (ctrl: () => Controller) => ({
  updateRow: (row: RawRow) => void ctrl().setResponse(RowResource.get, { id: row.id }, row),
  updateUser: (user: RawUser) => void ctrl().setResponse(UserResource.get, { id: user.id }, user),
  push: (row: RawRow) => void ctrl().setResponse(RowResource.getList.push, row, row),
  remove: (id: string) => void ctrl().setResponse(RowResource.delete, { id }, { id }),
});

/** Runs the client's GC policy now (the memory suite moves the clock first). */
export async function restoSweep(client: Client | undefined): Promise<void> {
  const gc = client?.managers.find((m): m is GCPolicy => m instanceof GCPolicy);
  if (!gc) throw new Error('no GCPolicy in the client');
  await gc.sweep();
  // entities go in a second pass: once the results that reached them are gone
  await gc.sweep();
}
