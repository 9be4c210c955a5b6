#!/usr/bin/env node
// The house's walls, checked on every lint: a server module imports no other module (only
// modules/index.ts wires them), the kernel imports no module and no transport, a web feature imports no
// other feature, and nothing the web's features share imports a feature. Prints each breach; exits 1 on any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function files(dir) {
  let out = [];
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(files(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

/** The top folder under `base` a path lies in, or null. */
function areaOf(base, p) {
  const rel = relative(base, p);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 ? first : null;
}

const IMPORT = /(?:from\s+|import\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const breaches = [];

function checkFile(file, rule) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), m[1]);
    const why = rule(file, target);
    if (why) breaches.push(`${relative(root, file)}: imports ${m[1]} (${why})`);
  }
}

function check(dir, rule) {
  for (const file of files(join(root, dir))) checkFile(file, rule);
}

const modules = join(root, 'server/src/modules');
check('server/src/modules', (file, target) => {
  const own = areaOf(modules, file);
  const other = areaOf(modules, target);
  return own && other && own !== other ? `module ${own} imports module ${other}` : null;
});
check('server/src/kernel', (_file, target) => {
  const rel = relative(join(root, 'server/src'), target);
  return rel.startsWith(`modules${sep}`) || rel.startsWith(`transport${sep}`)
    ? 'the kernel imports no module'
    : null;
});
const features = join(root, 'web/src/features');
check('web/src/features', (file, target) => {
  const own = areaOf(features, file);
  const other = areaOf(features, target);
  return own && other && own !== other ? `feature ${own} imports feature ${other}` : null;
});
// Everything the features share (parts, hooks, pure helpers, the API and live clients, i18n, paths)
// imports no feature and not the route table: what two features need lives down here.
for (const shared of ['ui', 'hooks', 'lib', 'api', 'live', 'i18n', 'paths.ts']) {
  const dir = join(root, 'web/src', shared);
  const noFeature = (_file, target) => {
    const rel = relative(join(root, 'web/src'), target);
    return rel.startsWith(`features${sep}`) || /^routes(\.tsx)?$/.test(rel)
      ? 'shared parts import no feature'
      : null;
  };
  if (shared.endsWith('.ts')) checkFile(dir, noFeature);
  else check(`web/src/${shared}`, noFeature);
}

for (const b of breaches) console.log(b);
if (breaches.length > 0) {
  console.log(`${breaches.length} imports break the layering`);
  process.exit(1);
}
