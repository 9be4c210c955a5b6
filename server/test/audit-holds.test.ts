/**
 * The audit of holds: every frozen amount against the open orders, positions and requests that justify it. A
 * clean state passes; a hold corrupted directly in the store (an order's reserve changed, or part of a hold
 * released in a balanced journal entry) is reported by the console's solvency report and by `findHoldMismatches`
 * (what `npm run audit` prints), while the journal's own audit still passes.
 */
import type { ResponseData } from '@nexa/contract';
import { exactText } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHoldMismatches } from '../src/ledger';
import { earnLoans } from '../src/modules/earn/tables';
import { queryRows } from '../src/store';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
});
afterAll(() => srv.close());

async function newUser(usdt: string) {
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, await operatorToken(srv), usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  return { token: u.token, id: me.id };
}
const report = async () =>
  (await api(srv, '/admin/solvency', {}, { token: await operatorToken(srv) })).body.data;

describe('holds against what justifies them', () => {
  it('a clean state passes; a corrupted order reserve and a released hold are both reported', async () => {
    const u = await newUser('1000');
    const placed = await call<ResponseData<'/v1/order/submitTrade'>>(
      srv,
      '/v1/order/submitTrade',
      { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '20000', sz: '0.001' },
      { token: u.token },
    );
    expect(placed.body.code).toBe(200);
    const clean = await report();
    expect(clean.holds).toEqual([]);
    expect(clean.healthy).toBe(true);

    // 1. The order's reserve changed behind the ledger's back.
    const db = srv.app.deps.store.db;
    await db.execute(
      sql`update market_orders set frozen_amount = frozen_amount + 30000000 where user_id = ${u.id} and status = 'new'`,
    );
    const bad = await report();
    expect(bad.healthy).toBe(false);
    // 20 USDT and its fee reserve held; 30 more claimed by the order.
    expect(bad.holds).toEqual([
      { owner: `user:${u.id}`, kind: 'spot', asset: 'USDT', held: '20.02001', justified: '50.02001' },
    ]);
    expect((await db.transaction((tx) => findHoldMismatches(tx))).length).toBe(1);
    await db.execute(
      sql`update market_orders set frozen_amount = frozen_amount - 30000000 where user_id = ${u.id} and status = 'new'`,
    );
    expect((await report()).holds).toEqual([]);

    // 2. Part of the hold released in a balanced journal entry: the journal's audit passes, the holds' does not.
    const account = { userId: u.id, asset: 'USDT', kind: 'spot' as const };
    await db.transaction((tx) =>
      srv.app.ledger.release(tx, { account, amount: 15_000_000n, cause: 'spot.cancel', userId: u.id }),
    );
    expect(await srv.app.ledger.audit()).toEqual([]);
    const released = await report();
    expect(released.holds).toEqual([
      { owner: `user:${u.id}`, kind: 'spot', asset: 'USDT', held: '5.02001', justified: '20.02001' },
    ]);
    await db.transaction((tx) =>
      srv.app.ledger.freeze(tx, { account, amount: 15_000_000n, cause: 'spot.order', userId: u.id }),
    );
    expect((await report()).holds).toEqual([]);
  });

  it('an open loan whose stake is gone is red in the report', async () => {
    const u = await newUser('1010');
    const earn = srv.app.modules.earn;
    const o = await earn.stake(u.id, { amount: exactText('1000'), days: 30, auto_renew: true });
    const loan = await earn.borrow(u.id, { pledge_id: o.id, amount: exactText('400') });
    const ok = await report();
    expect(ok.loans.find((l) => l.id === loan.id)).toMatchObject({
      collateral_id: o.id,
      collateral: '1000',
      amount: '400',
      secured: true,
    });
    // The state the old renewal left: the loan against an order that is no longer in progress.
    const db = srv.app.deps.store.db;
    await db.execute(sql`update pledge_orders set status = 'renewed' where id = ${o.id}`);
    const red = await report();
    expect(red.loans.find((l) => l.id === loan.id)).toMatchObject({ collateral: null, secured: false });
    expect(red.healthy).toBe(false);
    // The staked pool no longer matches the orders in progress either.
    expect(red.holds).toContainEqual(
      expect.objectContaining({ owner: 'system:earn:staked', asset: 'USDT', justified: expect.any(String) }),
    );
    await db.execute(sql`update pledge_orders set status = 'in_progress' where id = ${o.id}`);
    await earn.repay(u.id, { id: loan.id });
    const [row] = await db.select().from(earnLoans).where(eq(earnLoans.id, loan.id));
    expect(row?.status).toBe('repaid');
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from earn_loans where status = 'open'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
