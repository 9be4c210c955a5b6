#!/usr/bin/env node
// One command to run the product: builds the web app and the operator console when missing or older
// than their sources, then serves app + API + live feed on one port with the embedded store.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'web', 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

// A fresh checkout has no dependencies yet: install them exactly as locked.
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('installing dependencies…');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const sources = Math.max(newest(join(root, 'web', 'src')), newest(join(root, 'contract', 'src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The operator console (/admin), built the same way when missing or older than its sources.
const adminDist = join(root, 'admin', 'dist', 'index.html');
const adminSources = Math.max(newest(join(root, 'admin', 'src')), newest(join(root, 'contract', 'src')));
if (!existsSync(adminDist) || statSync(adminDist).mtimeMs < adminSources) {
  console.log('building the operator console…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'admin'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = {
  ...process.env,
  WEB_DIST: process.env.WEB_DIST ?? join(root, 'web', 'dist'),
  DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
  // The address the demo serves: sign-in messages must name its host (never the request's Host header).
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`,
};
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
