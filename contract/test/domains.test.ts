import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CAUSES,
  callTable,
  DOMAINS,
  defineDomain,
  defineErrors,
  ERROR_SETS,
  ERRORS,
  endpoints,
  live,
  mergeTables,
  planned,
} from '../src/index';

const msg = { en: 'x', zh: 'x', ko: 'x', th: 'x', vi: 'x', ja: 'x', de: 'x' };

describe('the list of domains', () => {
  it('names each domain once, and each entry holds only its own calls', () => {
    const names = DOMAINS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const d of DOMAINS) {
      for (const [path, ep] of Object.entries(d.endpoints)) expect(ep.domain, path).toBe(d.name);
    }
  });

  it('is where the call table, the answers and the causes come from', () => {
    const calls = DOMAINS.flatMap((d) => Object.keys(d.endpoints));
    expect(
      Object.keys(endpoints).filter((p) => endpoints[p as keyof typeof endpoints].status === 'live'),
    ).toEqual(calls);
    expect(Object.keys(CAUSES)).toEqual(DOMAINS.flatMap((d) => Object.keys(d.causes)));
    expect(Object.keys(ERROR_SETS)).toEqual([
      'common',
      ...DOMAINS.flatMap((d) => (d.errors ? [d.name] : [])),
    ]);
    const answers = Object.values(ERROR_SETS).flatMap((s) => Object.keys(s.errors));
    expect(Object.keys(ERRORS)).toEqual(answers);
  });

  it('refuses a call, an answer or a cause two domains declare', () => {
    expect(() =>
      mergeTables('cause', [
        ['a', { 'x.y': msg }],
        ['b', { 'x.y': msg }],
      ]),
    ).toThrow('cause x.y is declared by a and b');
    const one = live('one', { summary: 's', request: z.object({}), data: z.null() });
    const a = defineDomain({ name: 'a', endpoints: { '/api/a/x': one } });
    const b = defineDomain({ name: 'b', endpoints: { '/api/a/x': one } });
    expect(() => callTable([a, b], {})).toThrow('call /api/a/x is declared by a and b');
  });

  it('takes a planned call as live once its domain declares it, with no edit to the planned list', () => {
    const landed = live('a', { summary: 'landed', request: z.object({}), data: z.null() });
    const a = defineDomain({
      name: 'a',
      endpoints: { '/api/a/landed': landed },
      errors: defineErrors([[9000, 9009]], { Oops: { code: 9001, msg } }),
      causes: { 'a.move': msg },
    });
    const table = callTable([a], {
      '/api/a/landed': planned('a', 'landed'),
      '/api/a/later': planned('a', 'later'),
    });
    expect(Object.keys(table)).toEqual(['/api/a/landed', '/api/a/later']);
    expect(table['/api/a/landed'].status).toBe('live');
    expect(table['/api/a/later'].status).toBe('planned');
    expect(a.errors?.errors.Oops.code).toBe(9001);
    expect(defineDomain({ name: 'b', endpoints: {} })).toEqual({
      name: 'b',
      endpoints: {},
      errors: null,
      causes: {},
    });
  });
});
