import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorName, endpointPaths, endpoints, LANGS } from '../src/index';
import specPaths from './spec-paths.json';

describe('endpoint table', () => {
  it('holds every call of spec section 7 exactly once', () => {
    const declared = endpointPaths.filter((p) => !endpoints[p].extension);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...specPaths].sort());
    expect(specPaths).toHaveLength(167);
  });

  it('matches the specification text when it is beside the checkout', () => {
    const spec = fileURLToPath(new URL('../../../shared/spec/product-spec.md', import.meta.url));
    if (!existsSync(spec)) return;
    const text = readFileSync(spec, 'utf8');
    for (const path of specPaths) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      expect(text.includes(path) || text.includes(name), path).toBe(true);
    }
  });

  it('marks everything outside the spec as an extension', () => {
    const extra = endpointPaths.filter((p) => !specPaths.includes(p));
    for (const p of extra) expect(endpoints[p].extension, p).toBe(true);
  });

  it('gives the exchange log pages of 100 and every other list pages of 10', () => {
    for (const p of endpointPaths) {
      const ep = endpoints[p];
      if (ep.list === 'none') continue;
      expect(ep.pageSize, p).toBe(p === '/api/exchange/getExchangeInfo' ? 100 : 10);
    }
  });
});

describe('error catalogue', () => {
  it('has unique codes, 200 for success and 406 for an invalid session', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ERRORS.Success.code).toBe(200);
    expect(ERRORS.SessionInvalid.code).toBe(406);
  });

  it('has a message in all seven languages for every error', () => {
    for (const name of Object.keys(ERRORS) as ErrorName[]) {
      for (const lang of LANGS) expect(ERRORS[name].msg[lang], `${name}/${lang}`).toMatch(/\S/);
    }
  });
});
