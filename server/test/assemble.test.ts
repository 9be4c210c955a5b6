import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assembleModules, mergeSettings, startOrder, together } from '../src/kernel/assemble';
import { type AnyModule, defineEntry, OWNS_NOTHING } from '../src/kernel/module';
import { MODULES } from '../src/modules/list';

/** A module of no domain that records when it is built. */
function entry<const N extends string, D>(name: N, log: string[], startsAfter?: readonly string[]) {
  return defineEntry({
    name,
    owns: OWNS_NOTHING,
    ...(startsAfter ? { startsAfter } : {}),
    build: (deps: D) => {
      log.push(name);
      return { api: { name, deps }, module: { domains: [], handlers: {} } as AnyModule };
    },
  });
}

describe('assembling the modules from their entries', () => {
  it('starts each module after those its entry names, and otherwise in the list order', () => {
    const order = (list: { name: string; startsAfter?: readonly string[] }[]) =>
      startOrder(list).map((e) => e.name);
    expect(order([{ name: 'a' }, { name: 'b' }, { name: 'c' }])).toEqual(['a', 'b', 'c']);
    expect(order([{ name: 'a', startsAfter: ['c'] }, { name: 'b' }, { name: 'c' }])).toEqual(['b', 'c', 'a']);
    expect(() => order([{ name: 'a', startsAfter: ['x'] }])).toThrow('module a starts after x');
    expect(() =>
      order([
        { name: 'a', startsAfter: ['b'] },
        { name: 'b', startsAfter: ['a'] },
      ]),
    ).toThrow('modules wait for each other to start: a, b');
  });

  it('starts the app’s modules in the list order but where an entry waits: market data after the books, copy after its past', () => {
    const names = startOrder(MODULES).map((e) => e.name);
    expect([...names].sort()).toEqual(MODULES.map((e) => e.name).sort());
    expect(names.indexOf('market-data')).toBeGreaterThan(names.indexOf('futures'));
    expect(names.indexOf('market-data')).toBeGreaterThan(names.indexOf('spot'));
    // The demo leads' past is read from the market's walked candles.
    expect(names.indexOf('copy')).toBeGreaterThan(names.indexOf('market-data'));
    // Every other module keeps its place in the list.
    const waiting = new Set(['copy']);
    expect(names.filter((n) => !waiting.has(n))).toEqual(
      MODULES.map((e) => e.name).filter((n) => !waiting.has(n)),
    );
  });

  it('builds a module first when another reads its service while it is built, and wires ports from services', () => {
    const log: string[] = [];
    const list = [
      entry<'a', { readonly b: { name: string } }>('a', log),
      entry<'b', { readonly a: () => { name: string } }>('b', log),
    ] as const;
    const built = assembleModules(list, {
      shared: (name: string) => ({ owner: name }),
      app: null,
      ports: { a: (m) => ({ b: m.b }), b: (m) => ({ a: () => m.a }) },
    });
    expect(log).toEqual(['b', 'a']);
    expect(built.started.map((s) => s.entry.name)).toEqual(['a', 'b']);
    const b = built.apis.b.deps as { owner: string; a: () => { name: string } };
    expect(b.owner).toBe('b');
    expect(b.a().name).toBe('a');
  });

  it('refuses two modules that each need the other’s service while they are built', () => {
    const list = [
      entry<'a', { readonly b: unknown }>('a', []),
      entry<'b', { readonly a: unknown }>('b', []),
    ] as const;
    expect(() =>
      assembleModules(list, {
        shared: () => ({}),
        ports: { a: (m) => ({ b: m.b }), b: (m) => ({ a: m.a }) },
        app: 0,
      }),
    ).toThrow('modules a → b → a each need the other');
  });

  it('refuses a setting two modules declare', () => {
    const s = { 'x.y': z.number().default(1) };
    expect(() =>
      mergeSettings([
        ['a', s],
        ['b', s],
      ]),
    ).toThrow('setting x.y is declared by a and b');
    expect(Object.keys(mergeSettings([['a', s]]) as object)).toEqual(['x.y']);
  });

  it('reads the running modules together, in the list order', async () => {
    const report = (program: string) => ({
      program,
      pool: 'p',
      asset: 'USDT',
      poolBalance: 0n,
      paid: 0n,
      owed: 0n,
      lastDay: null,
    });
    const modules: AnyModule[] = [
      { domains: ['wallet'], handlers: {}, programs: async () => [report('one')] },
      {
        domains: ['earn'],
        handlers: {},
        programs: async () => [report('two'), report('three')],
        checkSetting: (key) => (key === 'k' ? 'no' : null),
        dashboard: async () => ({ queues: [] }),
      },
    ];
    const all = together(() => modules);
    expect([...all.domains()]).toEqual(['wallet', 'earn']);
    expect((await all.programs()).map((p) => p.program)).toEqual(['one', 'two', 'three']);
    expect(await all.loans()).toEqual([]);
    expect(all.checkSetting('k', 1)).toBe('no');
    expect(all.checkSetting('j', 1)).toBeNull();
    expect(await all.dashboard(new Date())).toEqual([{ queues: [] }]);
  });
});
