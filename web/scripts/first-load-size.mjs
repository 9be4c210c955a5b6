// JavaScript the first visit to /home loads, as the server sends it (the build's brotli copies): the entry
// chunk and its static imports, and the files the page names for /home (the Home screen's chunk, its
// imports and its English dictionary; .vite/preloads.json). Run after `vite build`. The bench
// (bench/first-load.ts) measures the same in Chromium, response headers included.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const BUDGET_KB = 120;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const preloads = JSON.parse(readFileSync(join(dist, '.vite', 'preloads.json'), 'utf8'));

const files = new Set();
const seen = new Set();
function walk(key) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  files.add(manifest[key].file);
  for (const dep of manifest[key].imports ?? []) walk(dep);
}
walk('index.html');
for (const file of preloads['/home']?.js ?? []) files.add(file.replace(/^\//, ''));

let total = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const path = join(dist, file);
  const size = statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(
  `first load of /home: ${kb.toFixed(1)} KB of JavaScript as sent, brotli (budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) process.exitCode = 1;
