// The size limits' measure (scripts/check-size.ts): what a function's size is, what a table is, how
// functions are named, and that the allow-list fails on an unlisted offender and on a stale entry.
import { describe, expect, it } from 'vitest';
import { type FileSize, judge, MAX_FUNCTION_LINES, measureSource } from '../check-size';

/** `n` lines of statements. */
const body = (n: number, indent = '  ') =>
  Array.from({ length: n }, (_, i) => `${indent}use(${i});`).join('\n');

describe('measureSource', () => {
  it("counts a function's full span, a nested function in its own size and in its parent's", () => {
    const text = [
      'export function outer() {', // line 1
      body(3),
      '  const inner = () => {', // line 5
      body(4, '    '),
      '  };', // line 10
      '}', // line 11
      '',
    ].join('\n');
    const m = measureSource('a.ts', text);
    expect(m.lines).toBe(11);
    expect(m.functions).toEqual([
      { name: 'outer', line: 1, lines: 11 },
      { name: 'outer.inner', line: 5, lines: 6 },
    ]);
  });

  it('names methods, callbacks by their call, wrapped components by their binding, and repeats in order', () => {
    const text = [
      'class Svc { run() { return 1; } }',
      'const Row = memo(() => null);',
      'function f() {',
      '  db.transaction(async (tx) => { tx.go(); });',
      '  db.transaction(async (tx) => { tx.go(); });',
      '  const o = { handle(x: number) { return x; } };',
      '}',
    ].join('\n');
    expect(measureSource('b.tsx', text).functions.map((f) => f.name)).toEqual([
      'run',
      'Row',
      'f',
      'f.transaction(…)',
      'f.transaction(…) #2',
      'f.handle',
    ]);
  });

  it('leaves out declarative tables: an arrow to a literal, a body that only returns one', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `  k${i}: ${i},`).join('\n');
    const text = [
      `export const byLang = (lang: string) => ({\n${rows}\n});`,
      `export function table() {\n  return [\n${rows.replaceAll(/k\d+: /g, '')}\n  ] as const;\n}`,
      `export function computed() {\n  const x = 1;\n  return {\n${rows}\n  };\n}`,
    ].join('\n');
    const names = measureSource('c.ts', text).functions.map((f) => f.name);
    expect(names).toEqual(['computed']);
  });
});

describe('judge', () => {
  const big = (name: string): FileSize['functions'][number] => ({
    name,
    line: 1,
    lines: MAX_FUNCTION_LINES + 1,
  });
  const files: FileSize[] = [
    { path: 'x.ts', lines: 700, functions: [big('createX'), { name: 'small', line: 2, lines: 10 }] },
    { path: 'y.ts', lines: 20, functions: [big('createY')] },
  ];

  it('passes when every offender is listed and every entry offends', () => {
    const v = judge(files, {
      files: { 'x.ts': 'why' },
      functions: { 'x.ts:createX': 'why', 'y.ts:createY': 'why' },
    });
    expect(v.unlisted).toEqual([]);
    expect(v.stale).toEqual([]);
    expect(v.allowed).toHaveLength(3);
  });

  it('names an offender the list does not, and an entry that no longer offends', () => {
    const v = judge(files, {
      files: { 'x.ts': 'why', 'y.ts': 'was long once' },
      functions: { 'x.ts:createX': 'why', 'x.ts:small': 'was long once' },
    });
    expect(v.unlisted).toEqual([{ key: 'y.ts:createY', kind: 'function', lines: MAX_FUNCTION_LINES + 1 }]);
    expect(v.stale).toEqual([
      { key: 'y.ts', kind: 'file' },
      { key: 'x.ts:small', kind: 'function' },
    ]);
  });
});
