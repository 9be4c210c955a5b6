import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from '@nexa/contract';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');
const features = join(src, 'features');

/** Every dictionary folder: the shell's, then each feature's own. */
const DICTIONARIES: readonly { readonly name: string; readonly dir: string }[] = [
  { name: 'shell', dir: join(src, 'i18n/locales') },
  ...readdirSync(features)
    .filter((f) => existsSync(join(features, f, 'locales')))
    .map((f) => ({ name: f, dir: join(features, f, 'locales') })),
];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function load(lang: string, dir = DICTIONARIES[0]?.dir ?? ''): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Tree);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('dictionaries', () => {
  it('each feature that speaks has a folder of its own, and no two share a top-level key', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    const claim = (key: string, name: string) => {
      const other = owner.get(key);
      if (other) clashes.push(`${key}: ${other} and ${name}`);
      owner.set(key, name);
    };
    for (const { name, dir } of DICTIONARIES) {
      const tree = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Tree;
      for (const key of Object.keys(tree)) {
        // Each feature titles its own screens under `screens`: the screens, not the key, are its own.
        if (key === 'screens' && name !== 'shell') {
          for (const screen of Object.keys(tree.screens as Tree)) claim(`screens.${screen}`, name);
        } else claim(key, name);
      }
    }
    expect(DICTIONARIES.length).toBeGreaterThan(5);
    expect(clashes).toEqual([]);
    expect(owner.get('screens')).toBeUndefined();
  });

  for (const { name, dir } of DICTIONARIES) {
    describe(name, () => {
      const reference = load('en', dir);

      it('has one file per language of the product, and no other', () => {
        const files = readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.replace(/\.json$/, ''))
          .sort();
        expect(files).toEqual([...LANGS].sort());
      });

      for (const lang of LANGS) {
        describe(lang, () => {
          const messages = load(lang, dir);

          it('has every key of en.json and no other', () => {
            const missing = [...reference.keys()].filter((k) => !messages.has(k));
            const extra = [...messages.keys()].filter((k) => !reference.has(k));
            expect({ missing, extra }).toEqual({ missing: [], extra: [] });
          });

          it('has no empty text', () => {
            const empty = [...messages].filter(([, v]) => v.trim() === '').map(([k]) => k);
            expect(empty).toEqual([]);
          });

          it('keeps the same placeholders as English', () => {
            const wrong = [...reference]
              .filter(
                ([k, v]) =>
                  JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(messages.get(k) ?? '')),
              )
              .map(([k]) => k);
            expect(wrong).toEqual([]);
          });
        });
      }
    });
  }

  it('says "server error, try again later" in Chinese exactly as the spec writes it', () => {
    expect(load('zh').get('messages.serverError')).toBe('服务器异常,请稍后再试！');
  });

  it('carries the label of the local wallet in every language', () => {
    const auth = join(features, 'auth/locales');
    for (const lang of LANGS) expect(load(lang, auth).get('login.local')).toMatch(/\S/);
    expect(load('en', auth).get('login.local')).toBe('Local wallet — key stored in this browser');
  });
});
