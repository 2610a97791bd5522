import { describe, expectTypeOf, it } from 'vitest';
import { createClient, dehydrate, hydrate, parseState, serializeState, type DehydratedState, type State } from '../../src';

describe('server rendering types', () => {
  it('snapshots go in and out where a State is not accepted by mistake', () => {
    const client = createClient({ ssr: true });
    expectTypeOf(dehydrate(client)).toEqualTypeOf<DehydratedState>();
    expectTypeOf(serializeState).parameter(0).toEqualTypeOf<DehydratedState>();
    expectTypeOf(parseState).returns.toEqualTypeOf<DehydratedState>();
    expectTypeOf(hydrate(dehydrate(client))).toEqualTypeOf<State>();
    // Both a State and a snapshot prefill a client.
    createClient({ initialState: client.getSnapshot() });
    createClient({ initialState: parseState(serializeState(dehydrate(client))) });
    // Type errors only: never called.
    const mistakes = () => {
      // @ts-expect-error a live State (with its optimistic updates) is not a snapshot: dehydrate() it first
      serializeState(client.getSnapshot());
      // @ts-expect-error the serialized text must be parsed first
      createClient({ initialState: serializeState(dehydrate(client)) });
    };
    expectTypeOf(mistakes).toBeFunction();
    expectTypeOf(client.ssr).toEqualTypeOf<boolean>();
    client.destroy();
  });
});
