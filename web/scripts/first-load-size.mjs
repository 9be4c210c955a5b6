// Gzipped JavaScript the first visit to /home loads: the entry chunk, its static imports,
// and the Home screen's chunk with its static imports. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const BUDGET_KB = 170;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const seen = new Set();
function walk(key) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
}
walk('index.html');
walk('src/features/home/home-screen.tsx');

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`first load of /home: ${kb.toFixed(1)} KB gzipped JS (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) process.exitCode = 1;
