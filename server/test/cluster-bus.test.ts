// The event bus across instances on the machine's NATS (TEST_NATS_URL; skipped without it): another instance
// gets every event in the order it was published, whether the events left in one turn of the event loop (one
// message) or in many, and larger than one message holds; the publisher's own subscribers get each event once
// (never again from NATS's echo), also when the instance's name holds a dot; the last turn's events leave
// before the connection drains. A call handed to a group with no holder waits, then is refused as retryable
// (TEST_REDIS_URL too, for the cluster link). And the store's one-parameter id
// list and the pooled random ids, which the writers' hot path uses.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sql } from 'drizzle-orm';
import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { connectCluster } from '../src/cluster';
import { createNatsBus } from '../src/cluster/bus';
import { routeCalls } from '../src/cluster/forward';
import type { Ctx, Handlers } from '../src/kernel/context';
import { randomHex } from '../src/kernel/ids';
import { idIn, openStore } from '../src/store';

const NATS = process.env.TEST_NATS_URL;
const REDIS = process.env.TEST_REDIS_URL;

describe.skipIf(!NATS)('the cluster bus', () => {
  const conns: NatsConnection[] = [];
  afterAll(async () => {
    for (const c of conns) await c.close();
  });
  const open = async () => {
    const c = await connect({ servers: NATS as string });
    conns.push(c);
    return c;
  };

  it('delivers every event to the other instances in order, and to the publisher’s own subscribers once', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    // Names with a dot and a dash: a subject token of the name must not split or collide.
    const a = createNatsBus(await open(), prefix, 'host.a-1');
    const b = createNatsBus(await open(), prefix, 'host.b-1');
    const c = createNatsBus(await open(), prefix, 'host_a-1');
    const seen = { a: [] as string[], b: [] as string[], c: [] as string[] };
    for (const [bus, into] of [
      [a, seen.a],
      [b, seen.b],
      [c, seen.c],
    ] as const)
      bus.subscribe('trade', (t) => into.push(t.tradeId));
    // A subscription only takes effect once the server has it.
    for (const conn of conns) await conn.flush();
    const trade = (id: string) => ({
      instId: 'BTC-USDT',
      tradeId: id,
      price: '1',
      size: '1',
      side: 'buy' as const,
      ts: 0,
    });
    const sent: string[] = [];
    // 2,000 in one turn (several messages of at most 256 KiB), then 50 one turn each.
    const pad = 'x'.repeat(200);
    for (let i = 0; i < 2_000; i++) {
      sent.push(`${i}-${pad}`);
      a.publish('trade', trade(`${i}-${pad}`));
    }
    for (let i = 0; i < 50; i++) {
      await sleep(1);
      sent.push(`late-${i}`);
      a.publish('trade', trade(`late-${i}`));
    }
    const until = Date.now() + 10_000;
    while ((seen.b.length < sent.length || seen.c.length < sent.length) && Date.now() < until)
      await sleep(20);
    await sleep(200);
    expect(seen.b).toEqual(sent);
    expect(seen.c).toEqual(sent);
    expect(seen.a).toEqual(sent);
  });

  it('sends the events of the last turn when the instance drains its connection in that same turn', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const leaving = await connect({ servers: NATS as string });
    const a = createNatsBus(leaving, prefix, 'leaving');
    const b = createNatsBus(await open(), prefix, 'staying');
    const got: string[] = [];
    b.subscribe('trade', (t) => got.push(t.tradeId));
    for (const conn of conns) await conn.flush();
    const ids = ['last-1', 'last-2', 'last-3'];
    for (const id of ids)
      a.publish('trade', { instId: 'BTC-USDT', tradeId: id, price: '1', size: '1', side: 'sell', ts: 0 });
    // As the cluster link closes: the bus first, then the connection, with no turn of the loop between.
    a.flush();
    await leaving.drain();
    const until = Date.now() + 5_000;
    while (got.length < ids.length && Date.now() < until) await sleep(20);
    expect(got).toEqual(ids);
  });
});

describe.skipIf(!(NATS && REDIS))('calls handed to a group’s holder', () => {
  it('wait for a holder while none listens, then answer retryable; reach it once one serves', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const quiet = { info() {}, warn() {}, error() {} };
    const link = (instance: string) =>
      connectCluster(
        { natsUrl: NATS ?? '', redisUrl: REDIS ?? '', prefix, instance, leaseMs: 3_000, spreadMs: 3_000 },
        quiet,
      );
    const [a, b] = await Promise.all([link('a'), link('b')]);
    try {
      const table = { '/api/user/info': async () => ({ answered: 'on b' }) } as unknown as Handlers;
      const route = (l: typeof a) =>
        routeCalls(table, {
          nc: l.nc,
          prefix,
          keyOf: () => 'writers',
          local: () => false,
          waitMs: 400,
          timeoutMs: 5_000,
          log: quiet,
        });
      const call = route(a).handlers['/api/user/info'] as unknown as (ctx: Ctx<never>) => Promise<unknown>;
      const ctx = {
        body: {},
        lang: 'en',
        ip: '127.0.0.1',
        userAgent: '',
        user: null,
        operator: null,
        me: () => {
          throw new Error('no user');
        },
        op: () => {
          throw new Error('no operator');
        },
      } as unknown as Ctx<never>;
      // No holder: NATS says no one listens (also with the client's async traces off), the call waits its
      // time for one, then is refused as retryable, never as a failure.
      const from = Date.now();
      await expect(call(ctx)).rejects.toMatchObject({
        name: 'StoreUnavailableError',
        message: expect.stringContaining('no instance holds the lease writers'),
      });
      expect(Date.now() - from).toBeGreaterThanOrEqual(400);
      const stop = route(b).serve('writers');
      await b.nc.flush();
      await expect(call(ctx)).resolves.toEqual({ answered: 'on b' });
      stop();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('the writers’ hot-path helpers', () => {
  it('lists ids as one array parameter: none, one, many, the largest safe id; refuses what is not an id', async () => {
    const store = await openStore({});
    try {
      const probe = pgTable('id_in_probe', { id: bigint('id', { mode: 'number' }).primaryKey() });
      await store.db.execute(sql`create table id_in_probe (id bigint primary key)`);
      const all = [3, 7, 11, Number.MAX_SAFE_INTEGER];
      await store.db.insert(probe).values(all.map((id) => ({ id })));
      const pick = async (list: number[]) =>
        (await store.db.select({ id: probe.id }).from(probe).where(idIn(probe.id, list)))
          .map((r) => r.id)
          .sort((x, y) => x - y);
      expect(await pick([])).toEqual([]);
      expect(await pick([7])).toEqual([7]);
      expect(await pick([11, 3, 3, 5, Number.MAX_SAFE_INTEGER])).toEqual([3, 11, Number.MAX_SAFE_INTEGER]);
      expect(() => idIn(probe.id, [1.5])).toThrow(TypeError);
      expect(() => idIn(probe.id, [Number.NaN])).toThrow(TypeError);
    } finally {
      await store.close();
    }
  });

  it('draws random ids of the asked length, none twice, across refills of the pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const id = randomHex(12);
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(2_000);
    expect(randomHex(256)).toHaveLength(512);
    expect(() => randomHex(0)).toThrow(RangeError);
    expect(() => randomHex(257)).toThrow(RangeError);
  });
});
