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
  // The run's id, in the name of every database its files make (test/scratch-db.ts).
  const run = randomBytes(3).toString('hex');
  if (url) {
    process.env.NEXA_TEST_RUN = run;
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
      // A file that ended without closing its server (a failed hook, a killed child) leaves its database:
      // every database of this run goes, so runs on one server never pile them up.
      // Only names of this run's shape (test/scratch-db.ts): another run's, whatever its process id, never match.
      const left = await admin.query<{ name: string }>(
        'select datname as name from pg_database where datname ~ $1',
        [`^nexa_[a-z]+_${run}_[0-9]+_[0-9a-f]{8}$`],
      );
      for (const { name } of left.rows) await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  };
}
