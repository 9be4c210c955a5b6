// Once per test run: a migrated store every test file starts from, instead of creating and migrating its
// own (an embedded store's dump on disk; on PostgreSQL a template database).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, storeTemplate } from '../src/store';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'nexa-store-template-'));
  const file = join(dir, 'store.tar');
  writeFileSync(file, Buffer.from(await (await storeTemplate()).arrayBuffer()));
  process.env.NEXA_TEST_STORE_TEMPLATE = file;

  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (url) {
    pgTemplate = `nexa_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${pgTemplate}`);
    const u = new URL(url);
    u.pathname = `/${pgTemplate}`;
    const store = await openStore({ databaseUrl: u.toString() });
    await store.close();
    await admin.end();
    process.env.NEXA_TEST_PG_TEMPLATE = pgTemplate;
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${pgTemplate} with (force)`);
      await admin.end();
    }
  };
}
