/**
 * `virtual:nexa-dictionary/<lang>`: the shell's dictionary in a language (`src/i18n/locales/<lang>.json`)
 * with every screen's title under `screens`, each taken from its feature's own dictionary
 * (`src/features/<feature>/locales/<lang>.json`, its `screens`). A feature brings its screens' titles with
 * it; the shell still has them all at once (a link to another feature's screen shows its title), in the
 * same chunk as its other words.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const DICTIONARY_ID = 'virtual:nexa-dictionary/';

type Tree = { readonly [key: string]: unknown };

/** The shell's dictionary in a language with every feature's screen titles, and the files it was read from. */
export function shellDictionary(root: string, lang: string): { dictionary: Tree; files: string[] } {
  const shellFile = join(root, 'src/i18n/locales', `${lang}.json`);
  if (!/^[a-z]{2}$/.test(lang) || !existsSync(shellFile)) throw new Error(`no dictionary for ${lang}`);
  const files = [shellFile];
  const screens: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  const features = join(root, 'src/features');
  for (const feature of readdirSync(features).sort()) {
    const file = join(features, feature, 'locales', `${lang}.json`);
    if (!existsSync(file)) continue;
    files.push(file);
    const titles = (JSON.parse(readFileSync(file, 'utf8')) as Tree).screens;
    if (titles === undefined) continue;
    for (const [name, title] of Object.entries(titles as Tree)) {
      const other = owner.get(name);
      if (other !== undefined) throw new Error(`screen ${name} is titled by ${other} and ${feature}`);
      owner.set(name, feature);
      screens[name] = title;
    }
  }
  const shell = JSON.parse(readFileSync(shellFile, 'utf8')) as Tree;
  return { dictionary: { ...shell, screens }, files };
}

export function dictionaries(): Plugin {
  let root = '';
  return {
    name: 'nexa-dictionaries',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(DICTIONARY_ID) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${DICTIONARY_ID}`)) return null;
      const { dictionary, files } = shellDictionary(root, id.slice(DICTIONARY_ID.length + 1));
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(dictionary)};`;
    },
  };
}
