import { describe, expect, it } from 'vitest';
import { Entity } from '../../src/schema';
import type { NormalizeDelegate, Visit } from '../../src/schema/types';
import { normalize } from '../../src/normalize';

// MIGRATING.md: a fully custom entity class takes (input, parent, key, args, visit, delegate).
class Leaf extends Entity {
  id = 0;
  name = '';
  static override key = 'Leaf';
}

class Tree extends Entity {
  uuid = '';
  name = '';
  static override key = 'Tree';
  static override schema = { leaves: [Leaf] };
  override pk() {
    return this.uuid;
  }
  static override normalize(input: any, _parent: any, _key: any, args: readonly any[], visit: Visit, delegate: NormalizeDelegate): any {
    const entity = { ...input };
    for (const k of Object.keys(this.schema)) entity[k] = visit((this.schema as any)[k], input[k], input, k, args);
    delegate.mergeEntity(this as any, entity.uuid, entity);
    return { uuid: entity.uuid, schema: this.key };
  }
}

describe('a custom schema normalize()', () => {
  it('recurses with visit and stores with delegate.mergeEntity', () => {
    const n = normalize(Tree, { uuid: 't1', name: 'oak', leaves: [{ id: 4, name: 'green' }] });
    expect(n.result).toEqual({ uuid: 't1', schema: 'Tree' });
    expect(n.entities.Tree!.t1).toMatchObject({ uuid: 't1', name: 'oak', leaves: ['4'] });
    expect(n.entities.Leaf!['4']).toMatchObject({ id: 4, name: 'green' });
  });
});
