import { exactText } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import { SYSTEM } from '../src/ledger';
import type { SubmitInput } from '../src/modules/spot/service';
import { queryRows } from '../src/store';
import { signedInUser, startServer, type TestServer } from './harness';

/*
 * Group commit: orders that queue on an instrument's writer while it commits are placed in one database
 * transaction. These tests enqueue orders without waiting (so they batch) and hold the outcome against the
 * same orders placed one after another.
 */

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function users(srv: TestServer, n: number, funds: { USDT: bigint; BTC: bigint }): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { token } = await signedInUser(srv);
    const me = await srv.app.modules.auth.authenticate(token);
    if (!me) throw new Error('no user');
    ids.push(me.id);
  }
  await srv.app.deps.store.db.transaction(async (tx) => {
    for (const id of ids) {
      for (const asset of ['USDT', 'BTC'] as const) {
        if (funds[asset] === 0n) continue;
        await srv.app.ledger.credit(tx, {
          account: { userId: id, asset, kind: 'spot' },
          system: SYSTEM.deposits,
          amount: funds[asset],
          cause: 'deposit',
        });
      }
    }
  });
  return ids;
}

type Outcome = { status: string; filled: string } | { error: string };

function outcome(r: PromiseSettledResult<{ status: string; filled_sz: string }>): Outcome {
  if (r.status === 'fulfilled') return { status: r.value.status, filled: r.value.filled_sz };
  const e = r.reason;
  const cause = (e as { cause?: unknown }).cause;
  return { error: e instanceof DomainError ? e.errorName : `${String(e)} ${cause ? String(cause) : ''}` };
}

async function spotBalances(srv: TestServer, ids: readonly number[]) {
  const out = [];
  for (const id of ids) {
    const list = await srv.app.ledger.balances(id);
    out.push(
      list
        .filter((x) => x.kind === 'spot')
        .map((x) => `${x.asset}:${x.available}/${x.frozen}`)
        .sort(),
    );
  }
  return out;
}

/** A mix of resting sells, crossing buys, a market buy by quote, an IOC and a post-only that would take. */
function orders(n: number): { user: number; o: SubmitInput | 'cancel all' }[] {
  const list: { user: number; o: SubmitInput | 'cancel all' }[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 7 === 6) {
      // A cancel of everything the user has open, placed in this batch or before.
      list.push({ user: i % 4, o: 'cancel all' });
      continue;
    }
    const px = String(60_000 + (i % 5) * 100);
    const kind = i % 6;
    const o: SubmitInput =
      kind === 0 || kind === 3
        ? { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: exactText(px), sz: exactText('0.002') }
        : kind === 1
          ? { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: exactText('60400'), sz: exactText('0.003') }
          : kind === 2
            ? { instId: 'BTC-USDT', side: 'buy', type: 'market', sz: exactText('50') }
            : kind === 4
              ? {
                  instId: 'BTC-USDT',
                  side: 'buy',
                  type: 'limit',
                  px: exactText('60000'),
                  sz: exactText('0.001'),
                  tif: 'IOC',
                }
              : {
                  instId: 'BTC-USDT',
                  side: 'buy',
                  type: 'limit',
                  px: exactText('60400'),
                  sz: exactText('0.001'),
                  tif: 'post_only',
                };
    list.push({ user: i % 4, o });
  }
  return list;
}

describe('orders placed together', () => {
  it('end exactly where the same orders placed one by one end', async () => {
    const funds = { USDT: 2_000_000_000n, BTC: 5_000_000n };
    const ua = await users(a, 4, funds);
    const ub = await users(b, 4, funds);
    const list = orders(36);
    const before = new Map(a.app.modules.spot.batchSizes());
    // Enqueued without waiting: they meet on the writer and commit in batches.
    const run = (srv: TestServer, user: number, o: SubmitInput | 'cancel all') =>
      o === 'cancel all'
        ? srv.app.modules.spot.cancel(user, { instId: 'BTC-USDT' }).then((list) => ({
            status: `canceled ${list.length}`,
            filled_sz: list.map((x) => `${x.status}:${x.filled_sz}`).join(','),
          }))
        : srv.app.modules.spot.submit(user, o);
    const together = await Promise.allSettled(list.map(({ user, o }) => run(a, ua[user] as number, o)));
    const oneByOne: PromiseSettledResult<{ status: string; filled_sz: string }>[] = [];
    for (const { user, o } of list) {
      oneByOne.push(
        await run(b, ub[user] as number, o).then(
          (value) => ({ status: 'fulfilled' as const, value }),
          (reason: unknown) => ({ status: 'rejected' as const, reason }),
        ),
      );
    }
    expect(together.map(outcome)).toEqual(oneByOne.map(outcome));
    expect(await spotBalances(a, ua)).toEqual(await spotBalances(b, ub));
    expect((await a.app.modules.spot.depth('BTC-USDT')).asks).toEqual(
      (await b.app.modules.spot.depth('BTC-USDT')).asks,
    );
    const batched = [...a.app.modules.spot.batchSizes()].some(
      ([size, n]) => size > 1 && n > (before.get(size) ?? 0),
    );
    expect(batched).toBe(true);
    expect(await a.app.ledger.audit()).toEqual([]);
    await a.app.modules.spot.cancel(ua[0] as number, { instId: 'BTC-USDT' });
    for (const u of ua) await a.app.modules.spot.cancel(u, { instId: 'BTC-USDT' });
    for (const u of ub) await b.app.modules.spot.cancel(u, { instId: 'BTC-USDT' });
  });

  it('an order short of balance fails alone; the others of its batch go through', async () => {
    const [rich, poor] = [
      ...(await users(a, 1, { USDT: 1_000_000_000n, BTC: 0n })),
      ...(await users(a, 1, { USDT: 1_000_000n, BTC: 0n })),
    ];
    const buy = (px: string): SubmitInput => ({
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText(px),
      sz: exactText('0.001'),
    });
    const results = await Promise.allSettled([
      a.app.modules.spot.submit(rich as number, buy('50000')),
      a.app.modules.spot.submit(rich as number, buy('50100')),
      a.app.modules.spot.submit(poor as number, buy('50200')),
      a.app.modules.spot.submit(rich as number, buy('50300')),
    ]);
    expect(results.map(outcome)).toEqual([
      { status: 'new', filled: '0' },
      { status: 'new', filled: '0' },
      { error: 'InsufficientBalance' },
      { status: 'new', filled: '0' },
    ]);
    await a.app.modules.spot.cancel(rich as number, { instId: 'BTC-USDT' });
    expect(await a.app.ledger.audit()).toEqual([]);
  });

  it('a request id sent twice in one batch places one order and answers both alike', async () => {
    const [u] = await users(a, 1, { USDT: 1_000_000_000n, BTC: 0n });
    const o: SubmitInput = {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('50000'),
      sz: exactText('0.001'),
      request_id: 'twice-in-one-batch',
    };
    const [first, second] = await Promise.all([
      a.app.modules.spot.submit(u as number, o),
      a.app.modules.spot.submit(u as number, o),
    ]);
    expect(second.trade_id).toBe(first?.trade_id);
    const rows = await queryRows<{ n: number }>(
      a.app.deps.store.db,
      sql`select count(*)::int as n from market_orders where request_id = 'twice-in-one-batch'`,
    );
    expect(rows[0]?.n).toBe(1);
    await a.app.modules.spot.cancel(u as number, { instId: 'BTC-USDT' });
  });

  it('a failure after matching rolls the batch back; each order then runs alone and only the bad one fails', async () => {
    const [maker, taker] = await users(a, 2, { USDT: 1_000_000_000n, BTC: 10_000_000n });
    const db = a.app.deps.store.db;
    // The store refuses the trade of one order (size 0.0033): matching has happened in memory by then.
    await db.execute(sql`create function batch_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.execute(sql`create trigger batch_test_fail before insert on market_trades
      for each row when (new.size = 330000) execute function batch_test_fail()`);
    const snapshots: unknown[] = [];
    const stop = a.app.bus.subscribe('book.snapshot', (s) => snapshots.push(s));
    let results: PromiseSettledResult<{ status: string; filled_sz: string }>[];
    try {
      const m = a.app.modules.spot;
      results = await Promise.allSettled([
        m.submit(maker as number, {
          instId: 'BTC-USDT',
          side: 'sell',
          type: 'limit',
          px: exactText('61000'),
          sz: exactText('0.01'),
        }),
        m.submit(taker as number, {
          instId: 'BTC-USDT',
          side: 'buy',
          type: 'limit',
          px: exactText('61000'),
          sz: exactText('0.0033'),
        }),
        m.submit(taker as number, {
          instId: 'BTC-USDT',
          side: 'buy',
          type: 'limit',
          px: exactText('61000'),
          sz: exactText('0.002'),
        }),
        m.submit(maker as number, {
          instId: 'BTC-USDT',
          side: 'sell',
          type: 'limit',
          px: exactText('61100'),
          sz: exactText('0.001'),
        }),
      ]);
    } finally {
      stop();
      await db.execute(sql`drop trigger batch_test_fail on market_trades`);
      await db.execute(sql`drop function batch_test_fail()`);
    }
    expect(results.map(outcome)).toEqual([
      { status: 'new', filled: '0' },
      { error: expect.stringContaining('injected failure') },
      { status: 'filled', filled: '0.002' },
      { status: 'new', filled: '0' },
    ]);
    expect(snapshots.length).toBeGreaterThan(0);
    const depth = await a.app.modules.spot.depth('BTC-USDT');
    expect(depth.asks.slice(0, 2)).toEqual([
      ['61000', '0.008', 1],
      ['61100', '0.001', 1],
    ]);
    expect(await a.app.ledger.audit()).toEqual([]);
    await a.app.modules.spot.cancel(maker as number, { instId: 'BTC-USDT' });
  });
});
