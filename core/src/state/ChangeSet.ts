/**
 * What one or more reductions changed: endpoint keys (result or meta) and entities
 * (value or meta). The client hands it to its reader index so that a change wakes
 * only the reads that could see it, at a cost that grows with the change, not with
 * the store or the number of readers. Recording is append-only (duplicates are
 * fine); `all` means "anything may have changed" (a reset).
 *
 * @example
 * const changes = new ChangeSet();
 * const next = reducer(state, action, changes);
 * changes.keys;     // ['GET /todos/1']
 * changes.entities; // ['Todo', '1'] (flat pairs)
 */
export class ChangeSet {
  /** Endpoint keys whose stored result or meta changed. */
  readonly keys: string[] = [];
  /** Flat pairs `entityKey, pk` of entities whose value or meta was written. */
  readonly entities: string[] = [];
  /** Everything may have changed (reset): every reader must look again (declared: unset reads as false, no field ships). */
  declare all: boolean;

  /** Records a written entity; an arrow so normalize can take it as its write callback. */
  readonly entity = (entityKey: string, pk: string): void => {
    this.entities.push(entityKey, pk);
  };

  key(key: string): void {
    this.keys.push(key);
  }

  /** Adds the keys and entities `other` recorded (an optimistic replay's: it never sets `all`). */
  merge(other: ChangeSet | undefined): void {
    if (!other) return;
    for (const k of other.keys) this.keys.push(k);
    for (const e of other.entities) this.entities.push(e);
  }
}
