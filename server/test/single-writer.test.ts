// One instance per database until cluster mode exists: a second server process started on the store a
// running one has (the same PostgreSQL database, or the same embedded DATA_DIR) refuses to start with a
// non-zero exit and a message naming the lock and the database, and changes nothing in the store.
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { queryRows, type Store } from '../src/store';
import { type ChildServer, type ChildStore, childStore, startChild } from './child-server';

let store: ChildStore | undefined;
const children: ChildServer[] = [];
afterAll(async () => {
  for (const c of children) await c.kill();
  await store?.drop();
});

/** Every table's row count, and the journal's last id: what a second writer's start would move. */
async function snapshot(db: Store): Promise<Record<string, number>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from ${sql.identifier(t.schema)}.${sql.identifier(t.name)}`,
    );
    out[`${t.schema}.${t.name}`] = Number(row?.n ?? -1);
  }
  const [last] = await queryRows<{ id: number | null }>(
    db.db,
    sql`select max(id)::int as id from ledger_transactions`,
  );
  out['ledger_transactions.max_id'] = Number(last?.id ?? 0);
  return out;
}

async function counted(s: ChildStore): Promise<Record<string, number>> {
  const db = await s.open();
  try {
    return await snapshot(db);
  } finally {
    await db.close();
  }
}

it('refuses a second instance on the same database, which changes nothing', {
  timeout: 360_000,
}, async () => {
  store = await childStore();
  // The first instance is quiet (no demo: no bots, no market) so that anything that moves is the second's.
  const quiet = { SEED_DEMO: 'false', ADMIN_BOOTSTRAP: 'root:single-writer-test' };
  const setup = await startChild(store, 360_000, quiet);
  await setup.stop();
  const before = await counted(store);
  expect(before['ledger_transactions.max_id']).toBeGreaterThanOrEqual(0);

  const first = await startChild(store, 360_000, quiet);
  children.push(first);
  // The second comes with the demo on: started, it would seed users, books and bots into the first's store.
  const refusal = await startChild(store, 360_000).then(
    (second) => {
      children.push(second);
      return null;
    },
    (err: unknown) => String(err),
  );
  expect(refusal, 'the second instance started').not.toBeNull();
  console.log(
    `[single-writer ${store.kind}] ${refusal?.split('\n').find((l) => l.includes('refusing')) ?? refusal}`,
  );
  expect(refusal).toMatch(/server exited \(3\)/);
  if (store.kind === 'postgres') {
    expect(refusal).toMatch(
      /refusing to start: another instance holds the advisory lock \(1315272801, 1\) on database nexa_crash_\w+/,
    );
  } else {
    expect(refusal).toMatch(
      /refusing to start: the embedded store in \S+ is open in another process \(pid \d+/,
    );
    expect(refusal).toContain('nexa-instance.lock');
  }
  // The first goes on serving.
  expect(first.exited()).toBeNull();
  expect((await fetch(`${first.srv.url}/readyz`)).status).toBe(200);
  // One instance runs the writers itself: the load balancer's writers' check says so.
  expect((await fetch(`${first.srv.url}/writerz`)).status).toBe(200);
  // Killed, as a crash would end it: what the store holds is what it held before the second came.
  await first.kill();
  expect(await counted(store)).toEqual(before);

  // A lock left by a process that died is taken over: an instance starts again.
  const next = await startChild(store, 360_000, quiet);
  children.push(next);
  expect((await fetch(`${next.srv.url}/readyz`)).status).toBe(200);
  await next.stop();
});
