// Shared by `npm start` and `npm run cluster`: installs dependencies on a fresh checkout, and builds the web
// app and the operator console when missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function run(root, args, what) {
  console.log(`${what}…`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function ensureBuilt(root) {
  // A fresh checkout has no dependencies yet: install them exactly as locked.
  if (!existsSync(join(root, 'node_modules', '.package-lock.json')))
    run(root, ['install', '--no-audit', '--no-fund'], 'installing dependencies');
  for (const [pkg, what] of [
    ['web', 'building the web app'],
    // The operator console (/admin).
    ['admin', 'building the operator console'],
  ]) {
    const dist = join(root, pkg, 'dist', 'index.html');
    const sources = Math.max(newest(join(root, pkg, 'src')), newest(join(root, 'contract', 'src')));
    if (!existsSync(dist) || statSync(dist).mtimeMs < sources) run(root, ['run', 'build', '-w', pkg], what);
  }
}
