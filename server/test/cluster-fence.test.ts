// The writers' leases on the machine's PostgreSQL, NATS and Redis (TEST_DATABASE_URL, TEST_NATS_URL,
// TEST_REDIS_URL; skipped without them): two instances' roles on one database. Once an instance has lost a
// lease, every transaction it opens fails (work still under way when it lapsed can never commit beside the
// new holder's), and it never takes the lease back in the same process (its modules would start twice). The
// groups (each spot book, the rest) spread over the instances by weight, and go to the survivor of them.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClusterLink, connectCluster, FencedError, runWriters } from '../src/cluster';
import type { Handlers } from '../src/kernel/context';
import { openSideConnection, openStore, queryRows, type Store } from '../src/store';
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

  async function instance(
    url: string,
    name: string,
    keys: readonly [string, ...string[]] = ['writers'],
    prefix = PREFIX,
  ) {
    const store: Store = await openStore({ databaseUrl: url });
    // The leases renew on a connection of their own, as the app has them.
    const side = openSideConnection(url, `lease-${name}`);
    const spreadMs = 3_000;
    const link: ClusterLink = await connectCluster(
      {
        natsUrl: NATS ?? '',
        redisUrl: REDIS ?? '',
        prefix,
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
      leaseDb: side.db,
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
      () => side.close(),
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

  it('keeps the lease through a transaction of its own work longer than the lease', {
    timeout: 60_000,
  }, async () => {
    const db = await scratchDatabase(PG ?? '', 'nexa_long');
    closing.push(db.drop);
    const a = await instance(db.url, 'a', ['writers'], `${PREFIX}l`);
    await until('a holds the lease', () => a.roles.serving() || a.gains() > 0);
    // The work's transaction holds the lease row for share (its fencing) for three leases' time: each renewal
    // waits for it, and counts from when it ran.
    await a.store.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(LEASE_MS * 3);
    });
    await sleep(LEASE_MS * 2);
    expect(a.lost).toEqual([]);
    expect(a.roles.lease.held()).toBe(true);
    const [row] = await queryRows<{ live: boolean }>(
      a.store.db,
      sql`select expires_at > clock_timestamp() as live from cluster_leases where key = 'writers'`,
    );
    expect(row?.live).toBe(true);
  });

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

const BOOKS = ['spot.A-USDT', 'spot.B-USDT', 'spot.C-USDT', 'spot.D-USDT'];

describe.skipIf(!(NATS && REDIS && PG))('the writers’ groups', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c().catch(() => {});
  });

  it('spread over two instances by weight, go to the survivor when one goes, and even out when one joins', {
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
      const released: string[] = [];
      // The books may be handed over (to an instance that joins); the writers' work only moves with its holder.
      const group = (key: string, weight = 1) => ({
        key,
        weight,
        onGain: async () => void gained.push(key),
        ...(key === 'writers' ? {} : { onRelease: async () => void released.push(key) }),
      });
      const side = openSideConnection(db.url, `lease-${name}`);
      const roles = runWriters(link, {
        store,
        leaseDb: side.db,
        handlers: {} as Handlers,
        log: quiet,
        groups: [group('writers', 2), ...BOOKS.map((k) => group(k))],
        keyOf: () => 'writers',
        spreadMs,
        onLose: () => {},
      });
      closing.push(
        () => roles.stop(),
        () => link.close(),
        () => side.close(),
        () => store.close(),
      );
      return { roles, gained, released, holds: () => gained.filter((k) => !released.includes(k)) };
    };
    const reader = await openStore({ databaseUrl: db.url });
    closing.push(() => reader.close());
    const owners = async (): Promise<Record<string, string>> =>
      Object.fromEntries(
        (
          await queryRows<{ key: string; owner: string }>(
            reader.db,
            sql`select key, owner from cluster_leases where expires_at > clock_timestamp() order by key`,
          )
        ).map((r) => [r.key, r.owner]),
      );
    const a = await one('a');
    const end = Date.now() + 30_000;
    while (!a.gained.includes('writers') && Date.now() < end) await sleep(20);
    // b comes within the spread time: a, alone until then, took one group only; the books go to b until both
    // carry the same weight, the rest either way.
    const b = await one('b');
    while (a.gained.length + b.gained.length < 5 && Date.now() < end) await sleep(20);
    await sleep(spreadMs + LEASE_MS * 2);
    expect(a.gained[0]).toBe('writers');
    expect([...a.gained, ...b.gained].sort()).toEqual(['writers', ...BOOKS].sort());
    expect(b.gained.length).toBeGreaterThanOrEqual(2);
    expect(b.gained.length).toBeLessThanOrEqual(3);
    const held = await owners();
    for (const k of a.gained) expect(held[k]).toBe('a');
    for (const k of b.gained) expect(held[k]).toBe('b');
    expect(a.roles.served().sort()).toEqual([...a.gained].sort());
    // b ends (its leases given up): a, the only one left, takes its books.
    const bs = [...b.gained];
    await b.roles.stop();
    while (a.gained.length < 5 && Date.now() < end + 30_000) await sleep(20);
    expect(a.gained.slice(-bs.length).sort()).toEqual(bs.sort());
    expect(Object.values(await owners())).toEqual(['a', 'a', 'a', 'a', 'a']);
    // c joins: a hands it books, one at a time, until moving one more would not lower the higher load (writers
    // weigh 2: a keeps the writers and one book, c takes three). Nothing is held twice meanwhile.
    const c = await one('c');
    while (c.holds().length < 3 && Date.now() < end + 60_000) {
      const held = await owners();
      const both = a.holds().filter((k) => c.holds().includes(k));
      expect(both).toEqual([]);
      for (const k of c.holds()) if (held[k] !== undefined) expect(held[k]).toBe('c');
      await sleep(50);
    }
    await sleep(LEASE_MS * 6);
    expect(a.holds().sort()).toEqual(['spot.A-USDT', 'writers']);
    expect(c.holds().sort()).toEqual(['spot.B-USDT', 'spot.C-USDT', 'spot.D-USDT']);
    expect(a.roles.handedOver()).toEqual(['spot.D-USDT', 'spot.C-USDT', 'spot.B-USDT']);
    expect(a.roles.served().sort()).toEqual(['spot.A-USDT', 'writers']);
    expect(c.roles.served().sort()).toEqual(['spot.B-USDT', 'spot.C-USDT', 'spot.D-USDT']);
    const after = await owners();
    expect(Object.entries(after).sort()).toEqual(
      [
        ['spot.A-USDT', 'a'],
        ['spot.B-USDT', 'c'],
        ['spot.C-USDT', 'c'],
        ['spot.D-USDT', 'c'],
        ['writers', 'a'],
      ].sort(),
    );
  });
});
