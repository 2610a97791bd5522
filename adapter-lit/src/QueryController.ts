import { QueryObserver, readQueryKey, type Client, type Denormalize } from '@resto/core';
import { Binding } from './bind';
import type { Host } from './context';

/**
 * `useQuery`: a schema read straight from the store, never fetching: an Entity
 * by primary key, `All(Entity)`, or a `Query` deriving a value. Args are values or
 * getters (re-read on every update); `null` switches it off. The host updates only
 * when the result changes.
 *
 * @example
 * const remaining = new Query(new All(Todo), (todos) => todos.filter((t) => !t.completed).length);
 * class Remaining extends LitElement {
 *   private count = new QueryController(this, remaining);
 *   render() {
 *     return html`${this.count.value ?? 0} left`;
 *   }
 * }
 */
export class QueryController<S> extends Binding<QueryObserver<Denormalize<S>>> {
  private readonly schema: S;

  constructor(host: Host, schema: S, ...args: readonly unknown[]) {
    super(host, 'useQuery', args);
    this.schema = schema;
  }

  protected keyOf(args: readonly unknown[] | null): string | undefined {
    return readQueryKey(args);
  }

  protected open(client: Client, args: readonly unknown[] | null): QueryObserver<Denormalize<S>> {
    return new QueryObserver<Denormalize<S>>(client, this.schema, args);
  }

  /** The result, or undefined while the store holds nothing for it. */
  get value(): Denormalize<S> | undefined {
    return this.source.getSnapshot();
  }
}
