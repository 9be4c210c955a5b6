// The writers' leases on the machine's PostgreSQL, NATS and Redis (TEST_DATABASE_URL, TEST_NATS_URL,
// TEST_REDIS_URL; skipped without them): two instances' roles on one database. Once an instance has lost a
// lease, every transaction it opens fails (work still under way when it lapsed can never commit beside the
// new holder's), and it never takes the lease back in the same process (its modules would start twice). The
// two groups (the spot books, the rest) go to two instances when there are two, and to the survivor of them.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClusterLink, connectCluster, FencedError, runWriters } from '../src/cluster';
import type { Handlers } from '../src/kernel/context';
import { openStore, queryRows, type Store } from '../src/store';
import { scratchDatabase } from './scratch-db';

const NATS = process.env.TEST_NATS_URL;
const REDIS = process.env.TEST_REDIS_URL;
const PG = process.env.TEST_DATABASE_URL;
const PREFIX = `f${randomBytes(4).toString('hex')}`;
const LEASE_MS = 600;
const quiet = { info() {}, warn() {}, error() {} };

describe.skipIf(!(NATS && REDIS && PG))('the writers’ lease', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c().catch(() => {});
  });

  async function instance(url: string, name: string, keys: readonly [string, ...string[]] = ['writers']) {
    const store: Store = await openStore({ databaseUrl: url });
    const spreadMs = 3_000;
    const link: ClusterLink = await connectCluster(
      {
        natsUrl: NATS ?? '',
        redisUrl: REDIS ?? '',
        prefix: PREFIX,
        instance: name,
        leaseMs: LEASE_MS,
        spreadMs,
      },
      quiet,
    );
    const gained: string[] = [];
    const lost: string[] = [];
    const [first, ...rest] = keys.map((key) => ({
      key,
      onGain: async () => {
        gained.push(key);
      },
    }));
    const roles = runWriters(link, {
      store,
      handlers: {} as Handlers,
      log: quiet,
      groups: [first as (typeof rest)[number], ...rest],
      keyOf: () => keys[0],
      spreadMs,
      onLose: (reason) => lost.push(reason),
    });
    closing.push(
      () => roles.stop(),
      () => link.close(),
      () => store.close(),
    );
    return { store, roles, gains: () => gained.length, gained, lost };
  }

  async function until(what: string, fn: () => boolean | Promise<boolean>) {
    const end = Date.now() + 30_000;
    while (!(await fn())) {
      if (Date.now() > end) throw new Error(`${what}: not within 30 s`);
      await sleep(20);
    }
  }

  it('fences every transaction of a former holder and never takes the lease back in that process', {
    timeout: 120_000,
  }, async () => {
    const db = await scratchDatabase(PG ?? '', 'nexa_fence');
    closing.push(db.drop);
    const a = await instance(db.url, 'a');
    await until('a holds the lease', () => a.roles.serving() || a.gains() > 0);
    const b = await instance(db.url, 'b');
    // b, a stand-by that never held the lease, writes unfenced (its request records, say).
    await b.store.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    // Another instance holds the lease now (as after a pause of a's past its lease): a counts itself out.
    await a.store.db.execute(
      sql`update cluster_leases set owner = 'elsewhere', epoch = epoch + 1,
        expires_at = clock_timestamp() + interval '2 seconds' where key = 'writers'`,
    );
    await until('a counts itself out', () => a.lost.length > 0);
    // Work a still runs (a writer's batch, a timer's sweep) cannot commit: its transactions are refused.
    const late = a.store.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 'committed';
    });
    await expect(late).rejects.toBeInstanceOf(FencedError);
    // Once that holder's lease lapses, b takes it; a, which lost it, never seeks it again (it is to end and
    // start again as a stand-by).
    await until('b takes the lease', () => b.gains() > 0);
    await sleep(LEASE_MS * 2);
    const [row] = await queryRows<{ owner: string }>(
      a.store.db,
      sql`select owner from cluster_leases where key = 'writers'`,
    );
    expect(row?.owner).toBe('b');
    expect(a.gains()).toBe(1);
    expect(a.roles.lease.held()).toBe(false);
  });
});

describe.skipIf(!(NATS && REDIS && PG))('the two writers’ groups', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c().catch(() => {});
  });

  it('run on two instances when there are two, and both on the survivor when one goes', {
    timeout: 120_000,
  }, async () => {
    const db = await scratchDatabase(PG ?? '', 'nexa_spread');
    closing.push(db.drop);
    const spreadMs = 3_000;
    const one = async (name: string) => {
      const store = await openStore({ databaseUrl: db.url });
      const link = await connectCluster(
        {
          natsUrl: NATS ?? '',
          redisUrl: REDIS ?? '',
          prefix: `${PREFIX}s`,
          instance: name,
          leaseMs: LEASE_MS,
          spreadMs,
        },
        quiet,
      );
      const gained: string[] = [];
      const group = (key: string) => ({ key, onGain: async () => void gained.push(key) });
      const roles = runWriters(link, {
        store,
        handlers: {} as Handlers,
        log: quiet,
        groups: [group('writers'), group('spot')],
        keyOf: () => 'writers',
        spreadMs,
        onLose: () => {},
      });
      closing.push(
        () => roles.stop(),
        () => link.close(),
        () => store.close(),
      );
      return { roles, gained };
    };
    const owners = async () =>
      Object.fromEntries(
        (
          await queryRows<{ key: string; owner: string }>(
            (
              await openStore({ databaseUrl: db.url })
            ).db,
            sql`select key, owner from cluster_leases where expires_at > clock_timestamp() order by key`,
          )
        ).map((r) => [r.key, r.owner]),
      );
    const a = await one('a');
    const end = Date.now() + 30_000;
    while (!a.gained.includes('writers') && Date.now() < end) await sleep(20);
    // b comes within the spread time: it takes the spot books; a keeps the rest and leaves them to b.
    const b = await one('b');
    while (!b.gained.includes('spot') && Date.now() < end) await sleep(20);
    await sleep(spreadMs + LEASE_MS * 2);
    expect(a.gained).toEqual(['writers']);
    expect(b.gained).toEqual(['spot']);
    expect(await owners()).toEqual({ spot: 'b', writers: 'a' });
    expect(a.roles.serving('spot')).toBe(false);
    // b ends (its lease given up): a, the only one left, takes the spot books once they have been free a while.
    await b.roles.stop();
    while (!a.gained.includes('spot') && Date.now() < end + 30_000) await sleep(20);
    expect(a.gained).toEqual(['writers', 'spot']);
    expect(await owners()).toEqual({ spot: 'a', writers: 'a' });
  });
});
