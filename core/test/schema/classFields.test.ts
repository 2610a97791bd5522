import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as core from '../../src';

// Next.js, Babel and older tsconfigs compile class fields as assignments
// (`Todo.key = 'Todo'` after the class) instead of definitions. Run the same app
// compiled both ways and expect the same behaviour.
const source = readFileSync(join(__dirname, '../fixtures/classFieldApp.ts'), 'utf8');

function compile(options: ts.CompilerOptions) {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, esModuleInterop: true, ...options },
  });
  const module = { exports: {} as any };
  const require = (id: string) => {
    if (id === '@resto/core') return core;
    throw new Error(`unexpected import ${id}`);
  };
  new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
  return { outputText, app: module.exports as typeof import('../fixtures/classFieldApp') };
}

const define = compile({ target: ts.ScriptTarget.ES2022, useDefineForClassFields: true });
const assign = compile({ target: ts.ScriptTarget.ES2017, useDefineForClassFields: false });

describe('Entity under both class-field semantics', () => {
  it('compiles statics as definitions in one build and as assignments in the other', () => {
    expect(define.outputText).toMatch(/static key = 'Todo'/);
    expect(assign.outputText).toMatch(/Todo\.key = 'Todo'/);
  });

  for (const [name, { app }] of [['define', define], ['assign', assign]] as const) {
    it(`${name}: keys, schema deserialisers, nested entities and subclasses work`, () => {
      const result = app.exercise();
      expect(result).toEqual({
        keys: ['User', 'Todo', 'PinnedTodo'],
        tables: expect.arrayContaining(['Todo', 'User']),
        todoIsTodo: true,
        createdAtIsDate: true,
        createdAt: '2026-01-02T00:00:00.000Z',
        authorName: 'ann b.',
        authorIsUser: true,
        sameAuthor: true,
        listTitles: ['eggs'],
        pinned: { key: 'PinnedTodo', pinned: true, done: false, hasSchema: true },
        collection: 'Collection',
      });
    });
  }

  it('a key assigned after the class is defined replaces the class-name default', () => {
    class Note extends core.Entity {
      id = 0;
    }
    expect(Note.key).toBe('Note');
    (Note as { key: string }).key = 'Memo';
    expect(Note.key).toBe('Memo');
    expect(core.Entity.key).toBe('Entity');
  });
});
