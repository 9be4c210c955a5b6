// Once per run: a migrated embedded store that every browser test's product opens from, instead of
// migrating its own (about 9 s of processor time a file).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeTemplate } from '../server/src/store';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'nexa-e2e-template-'));
  const file = join(dir, 'store.tar');
  writeFileSync(file, Buffer.from(await (await storeTemplate()).arrayBuffer()));
  process.env.NEXA_E2E_STORE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
