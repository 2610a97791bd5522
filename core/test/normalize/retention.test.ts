// What a denormalizer keeps once its pass is over: nothing of the pass (the store it read,
// the args it was given), since one denormalizer serves every pass of its MemoCache and of
// the uncached denormalize(). Checked with the engine's own gc().
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

class Item extends Entity {
  id = 0;
  label = '';
  static override key = 'Item';
}

/** Collects twice across turns (a WeakRef made in this turn holds its target until it ends). */
async function collect(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

describe('a denormalizer lets go of its pass', () => {
  it('MemoCache: a pruned read keeps neither the stored entity it read nor its args', async () => {
    const memo = new MemoCache();
    let state: ReturnType<typeof normalize> | undefined = normalize(Item, { id: 1, label: 'a' });
    let args: object[] | undefined = [{ id: 1 }];
    const stored = new WeakRef(state.entities.Item!['1'] as object);
    const arg = new WeakRef(args[0]!);
    memo.denormalize(Item, '1', state.entities, args);
    state = args = undefined;
    // the GC sweep's prune drops the results that no longer hold
    memo.prune({});
    await collect();
    expect(stored.deref()).toBeUndefined();
    expect(arg.deref()).toBeUndefined();
  });

  it('denormalize(): a read keeps none of its args', async () => {
    let state: ReturnType<typeof normalize> | undefined = normalize(Item, { id: 2, label: 'b' });
    let args: object[] | undefined = [{ id: 2 }];
    const arg = new WeakRef(args[0]!);
    expect((denormalize(Item, '2', state.entities, args) as Item).label).toBe('b');
    state = args = undefined;
    await collect();
    expect(arg.deref()).toBeUndefined();
  });
});
