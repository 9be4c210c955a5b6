import { exactText } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTrades } from '../src/modules/copy/tables';
import { futuresTrader, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';
const futures = () => srv.app.modules.futures;
const copy = () => srv.app.modules.copy;
const size = (userId: number) => {
  const p = futures().positions(userId, INST)[0];
  return p ? (p.pos_side === 'long' ? 1n : -1n) * BigInt(p.pos) : 0n;
};
const trader = async (usdt: string) => (await futuresTrader(srv, finance, usdt)).id;
const limit = (userId: number, side: 'buy' | 'sell', px: number, sz: number) =>
  futures().submit(userId, {
    instId: INST,
    side,
    type: 'limit',
    px: exactText(String(px)),
    sz: exactText(String(sz)),
  });

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  await srv.app.settings.set('copy.lead_min_closed', 0);
  futures().pinIndex('BTC-USDT', '60000');
  await futures().tick();
  await futures().idle();
});
afterAll(() => srv.close());

describe("a copy's close that finds no liquidity", () => {
  it('is retried at the next operation on the contract, only ever reducing, and leaves no record while nothing fills', async () => {
    const maker = await trader('1000000');
    const lead = await trader('100000');
    const follower = await trader('100000');
    await copy().makeLead(lead, 0);
    await copy().follow(follower, {
      trader_id: lead,
      budget: 90_000_000_000n,
      venue: 'platform',
      mode: 'ratio',
      ratio: 200_000_000n,
    });

    // The lead buys 5, the follower copies 10.
    await limit(maker, 'sell', 60_010, 15);
    await futures().submit(lead, { instId: INST, side: 'buy', type: 'market', sz: exactText('5') });
    await futures().idle();
    expect([size(lead), size(follower)]).toEqual([5n, 10n]);

    // Bids for the lead's close only: the follower's close finds nothing.
    await limit(maker, 'buy', 59_990, 5);
    await futures().submit(lead, {
      instId: INST,
      side: 'sell',
      type: 'market',
      sz: exactText('5'),
      reduceOnly: true,
    });
    await futures().idle();
    expect([size(lead), size(follower)]).toEqual([0n, 10n]);
    const trades = async () =>
      srv.app.deps.store.db
        .select()
        .from(copyTrades)
        .where(and(eq(copyTrades.followerId, follower), eq(copyTrades.instId, INST)));
    const before = (await trades()).length;

    // Another order that brings no bids: the retry fills nothing and writes nothing.
    await limit(maker, 'sell', 60_020, 1);
    await futures().idle();
    expect(size(follower)).toBe(10n);
    expect((await trades()).length).toBe(before);

    // Bids for part of it: the retry takes them; then the rest.
    await limit(maker, 'buy', 59_980, 4);
    await futures().idle();
    expect(size(follower)).toBe(6n);
    await limit(maker, 'buy', 59_970, 20);
    await futures().idle();
    expect(size(follower)).toBe(0n);
    // It never opened anything on the other side, however many bids wait.
    await limit(maker, 'buy', 59_960, 20);
    await futures().idle();
    expect(size(follower)).toBe(0n);
    const retries = (await trades()).slice(before);
    expect(retries.map((t) => [t.side, t.filled])).toEqual([
      ['sell', 4n],
      ['sell', 6n],
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
