#!/usr/bin/env node
// One command to run the product: builds the web app and the operator console when missing or older
// than their sources, then serves app + API + live feed on one port with the embedded store.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureBuilt(root);

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
