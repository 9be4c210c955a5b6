import type { ResponseData } from '@nexa/contract';
import { parseAmount } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { queryRows } from '../src/store';
import {
  api,
  call,
  futuresTrader,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

/**
 * Operator reads of a user's page (spot orders, futures positions, copies, stakes, cards), the market state,
 * lead-trader review and suspension, and the modules' dashboard parts.
 */

const SWAP = 'BTC-USDT-SWAP';

let srv: TestServer;
let admin: string;
let finance: string;
let support: string;
/** An operator without any role: every call with declared roles is refused. */
let nobody: string;

interface User {
  token: string;
  id: number;
}

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv);
  await srv.app.modules.admin.createOperator('support', 'nexa-support', ['support']);
  await srv.app.modules.admin.createOperator('nobody', 'nexa-nobody', []);
  support = await operatorToken(srv, 'support', 'nexa-support');
  nobody = await operatorToken(srv, 'nobody', 'nexa-nobody');
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
});
afterAll(() => srv.close());

async function newUser(usdt = '0'): Promise<User> {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  if (usdt !== '0') {
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset: 'USDT', kind: 'spot' },
        system: SYSTEM.deposits,
        amount: parseAmount(usdt, 6) ?? 0n,
        cause: 'deposit',
      }),
    );
  }
  return { token: u.token, id: me.id };
}

async function submitted(u: User, body: Record<string, unknown>) {
  const res = await call<ResponseData<'/v1/order/submitTrade'>>(srv, '/v1/order/submitTrade', body, {
    token: u.token,
  });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

async function auditRows(action: string, subject: string) {
  return queryRows<{ before: unknown; after: unknown; actor_id: number }>(
    srv.app.deps.store.db,
    sql`select before, after, actor_id from audit_log where action = ${action} and subject = ${subject} order by id`,
  );
}

describe('a user page: spot orders', () => {
  it("lists the user's own orders only, by state, to support and finance", async () => {
    const a = await newUser('1000');
    const b = await newUser('1000');
    const order = await submitted(a, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '20000',
      sz: '0.001',
    });
    for (const token of [support, finance, admin]) {
      const res = await api(srv, '/admin/spot/orders', { user_id: a.id }, { token });
      expect(res.body.code).toBe(200);
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.list[0]).toMatchObject({
        id: order.trade_id,
        inst_id: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        size_ccy: 'BTC',
        state: 'new',
      });
      expect(Number(res.body.data.list[0]?.price)).toBe(20000);
    }
    const open = await api(srv, '/admin/spot/orders', { user_id: a.id, state: 'open' }, { token: support });
    expect(open.body.data.total).toBe(1);
    const done = await api(srv, '/admin/spot/orders', { user_id: a.id, state: 'done' }, { token: support });
    expect(done.body.data).toEqual({ list: [], total: 0 });
    expect((await api(srv, '/admin/spot/orders', { user_id: b.id }, { token: support })).body.data).toEqual({
      list: [],
      total: 0,
    });
    expect(
      (await api(srv, '/admin/spot/orders', { user_id: 99_999_999 }, { token: support })).body.data.total,
    ).toBe(0);
    const refused = await api(srv, '/admin/spot/orders', { user_id: a.id }, { token: nobody });
    expect(refused.body.error).toBe('Forbidden');
    const bad = await call(srv, '/admin/spot/orders', { user_id: 0 }, { token: support });
    expect(bad.body.code).not.toBe(200);
  });

  it('shows each book, its depth counts and the market source in the market state', async () => {
    const a = await newUser('1000');
    await submitted(a, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '21000', sz: '0.001' });
    const res = await api(srv, '/admin/market/state', {}, { token: finance });
    expect(res.body.code).toBe(200);
    const s = res.body.data;
    // Tests run without a reference market: no maker, no reference price.
    expect(s.source).toBe('off');
    expect(s.maker).toMatchObject({ running: false, orders: 0, balances: [] });
    const btc = s.list.find((x) => x.instId === 'BTC-USDT');
    expect(btc).toMatchObject({ inst_type: 'SPOT', enabled: true, maker_orders: 0 });
    expect(Number(btc?.best_bid)).toBe(21000);
    expect(btc?.bid_orders).toBeGreaterThanOrEqual(1);
    expect(btc?.bid_levels).toBeGreaterThanOrEqual(1);
    const swap = s.list.find((x) => x.instId === SWAP);
    expect(swap).toMatchObject({ inst_type: 'SWAP', reference: { instId: 'BTC-USDT' } });
    expect((await api(srv, '/admin/market/state', {}, { token: support })).body.code).toBe(200);
    expect((await api(srv, '/admin/market/state', {}, { token: nobody })).body.error).toBe('Forbidden');
  });
});

describe('a user page: futures, copies and lead review', () => {
  const futures = () => srv.app.modules.futures;
  const trader = (usdt: string) => futuresTrader(srv, finance, usdt);
  let maker: User;

  beforeAll(async () => {
    futures().pinIndex('BTC-USDT', '50000');
    await futures().tick();
    await futures().idle();
    maker = await trader('2000000');
    await api(srv, '/v1/futures/setLeverage', { instId: SWAP, lever: 20 }, { token: maker.token });
    for (const step of [0, 10, 20, 50]) {
      await submitted(maker, {
        instId: SWAP,
        side: 'sell',
        type: 'limit',
        px: String(50_000 + step),
        sz: '40',
      });
      await submitted(maker, {
        instId: SWAP,
        side: 'buy',
        type: 'limit',
        px: String(49_990 - step),
        sz: '40',
      });
    }
  });

  /** A futures trader with one closed position (the lead criteria) and, if asked, one open. */
  async function withHistory(open: boolean): Promise<User> {
    const u = await trader('20000');
    await api(srv, '/v1/futures/setLeverage', { instId: SWAP, lever: 10 }, { token: u.token });
    await submitted(u, { instId: SWAP, side: 'buy', type: 'market', sz: '1' });
    await submitted(u, { instId: SWAP, side: 'sell', type: 'market', sz: '1', reduceOnly: true });
    if (open) await submitted(u, { instId: SWAP, side: 'buy', type: 'market', sz: '2' });
    return u;
  }

  it("lists the user's open and closed positions, nobody else's", async () => {
    const a = await withHistory(true);
    const b = await newUser();
    const res = await api(srv, '/admin/futures/positions', { user_id: a.id }, { token: support });
    expect(res.body.code).toBe(200);
    expect(res.body.data.open).toHaveLength(1);
    expect(res.body.data.open[0]).toMatchObject({ instId: SWAP, pos_side: 'long', pos: '2', lever: 10 });
    expect(res.body.data.open[0]?.liq_px).not.toBeNull();
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({ instId: SWAP, close_type: 'close' });
    const none = await api(srv, '/admin/futures/positions', { user_id: b.id }, { token: finance });
    expect(none.body.data).toEqual({ list: [], total: 0, open: [] });
    expect(
      (await api(srv, '/admin/futures/positions', { user_id: a.id }, { token: nobody })).body.error,
    ).toBe('Forbidden');
    // The day's swap trading reaches the dashboard.
    const t = await futures().tradedSince(new Date(srv.clock.now().getTime() - 3_600_000));
    expect(t.count).toBeGreaterThanOrEqual(3);
    expect(t.volume).toBeGreaterThan(0n);
    expect(t.fees).toBeGreaterThan(0n);
  });

  it('reviews applications to lead while the review is on, and grants at once while it is off', async () => {
    const copy = srv.app.modules.copy;
    await srv.app.settings.set('copy.lead_review', true);
    const a = await withHistory(false);
    const applied = await api(srv, '/v1/copy/applyLead', {}, { token: a.token });
    expect(applied.body.code).toBe(200);
    expect(applied.body.data).toMatchObject({
      is_lead: false,
      can_apply: false,
      application: { status: 'pending' },
    });
    expect((await api(srv, '/v1/copy/applyLead', {}, { token: a.token })).body.error).toBe(
      'LeadApplicationPending',
    );
    const zh = await api(srv, '/v1/copy/lead', {}, { token: a.token, lang: 'zh_CN' });
    expect(zh.body.data.application?.message).toBe('您的带单交易员申请正在审核中');
    expect((await copy.pendingApplications()).count).toBeGreaterThanOrEqual(1);

    const queue = await api(srv, '/admin/copy/leadApplications', { status: 'pending' }, { token: finance });
    expect(queue.body.data.list.some((x) => x.user.user_id === a.id)).toBe(true);

    // Finance may read the queue but not decide; bad input changes nothing.
    const forbidden = await api(
      srv,
      '/admin/copy/reviewLead',
      { user_id: a.id, approve: true, reason: 'ok' },
      { token: finance },
    );
    expect(forbidden.body.error).toBe('Forbidden');
    const noReason = await call(
      srv,
      '/admin/copy/reviewLead',
      { user_id: a.id, approve: false, reason: ' ' },
      {
        token: support,
      },
    );
    expect(noReason.body.code).not.toBe(200);
    expect((await api(srv, '/v1/copy/lead', {}, { token: a.token })).body.data.application?.status).toBe(
      'pending',
    );

    const rejected = await api(
      srv,
      '/admin/copy/reviewLead',
      { user_id: a.id, approve: false, reason: 'Too few trades yet' },
      { token: support },
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Too few trades yet',
      reviewed_by: 'support',
    });
    const seen = await api(srv, '/v1/copy/lead', {}, { token: a.token, lang: 'en' });
    expect(seen.body.data).toMatchObject({
      is_lead: false,
      can_apply: true,
      application: { status: 'rejected' },
    });
    expect(seen.body.data.application?.message).toContain('Too few trades yet');
    expect(await auditRows('copy.lead_reject', `user:${a.id}`)).toHaveLength(1);
    // Deciding twice is refused.
    const again = await api(
      srv,
      '/admin/copy/reviewLead',
      { user_id: a.id, approve: true, reason: 'second look' },
      { token: support },
    );
    expect(again.body.error).toBe('InvalidState');

    // A second application, approved: the user leads.
    await api(srv, '/v1/copy/applyLead', { delay_min: 5 }, { token: a.token });
    const approved = await api(
      srv,
      '/admin/copy/reviewLead',
      { user_id: a.id, approve: true, reason: 'Meets the criteria' },
      { token: support },
    );
    expect(approved.body.data.status).toBe('approved');
    expect((await api(srv, '/v1/copy/lead', {}, { token: a.token })).body.data).toMatchObject({
      is_lead: true,
      application: null,
      delay_min: 5,
    });
    const audit = await auditRows('copy.lead_approve', `user:${a.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ status: 'pending' });
    expect(audit[0]?.after).toMatchObject({ status: 'approved', reason: 'Meets the criteria' });

    const stranger = await newUser();
    const unknown = await api(
      srv,
      '/admin/copy/reviewLead',
      { user_id: stranger.id, approve: true, reason: 'x' },
      { token: support },
    );
    expect(unknown.body.error).toBe('NotFound');

    // The user page shows the standing and the application.
    const page = await api(srv, '/admin/copy/follows', { user_id: a.id }, { token: finance });
    expect(page.body.data).toMatchObject({
      list: [],
      total: 0,
      lead: { user_id: a.id, tier: 'junior', delay_min: 5, suspended: null },
      application: { status: 'approved' },
    });

    // With the review off, meeting the criteria is enough.
    await srv.app.settings.set('copy.lead_review', false);
    const c = await withHistory(false);
    const direct = await api(srv, '/v1/copy/applyLead', {}, { token: c.token });
    expect(direct.body.data).toMatchObject({ is_lead: true, application: null });
  });

  it('suspends a lead (hidden, no new copies) and restores it, audited', async () => {
    await srv.app.settings.set('copy.lead_review', false);
    const lead = await withHistory(false);
    await api(srv, '/v1/copy/applyLead', {}, { token: lead.token });
    const follower = await trader('5000');
    const first = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: lead.id, mode: 'amount', amount: '20', budget: '200' },
      { token: follower.token },
    );
    expect(first.body.code).toBe(200);

    const suspended = await api(
      srv,
      '/admin/copy/suspendLead',
      { user_id: lead.id, suspend: true, reason: 'Under investigation' },
      { token: support },
    );
    expect(suspended.body.data).toMatchObject({
      copy_count: 1,
      suspended: { reason: 'Under investigation' },
    });
    const listed = async () =>
      (await api(srv, '/v1/copy/traders', { size: 100 }, { token: follower.token })).body.data.list.some(
        (t) => t.id === lead.id,
      );
    expect(await listed()).toBe(false);
    const other = await trader('5000');
    const refused = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: lead.id, mode: 'amount', amount: '20', budget: '200' },
      { token: other.token },
    );
    expect(refused.body.error).toBe('TraderNotFound');
    const status = await api(srv, '/v1/copy/lead', {}, { token: lead.token, lang: 'en' });
    expect(status.body.data.suspended?.message).toContain('Under investigation');
    // The existing copy goes on.
    const follows = await api(srv, '/admin/copy/follows', { user_id: follower.id }, { token: support });
    expect(follows.body.data.list[0]).toMatchObject({ trader_id: lead.id, status: 'active' });
    expect(follows.body.data.lead).toBeNull();

    expect(
      (
        await api(
          srv,
          '/admin/copy/suspendLead',
          { user_id: lead.id, suspend: true, reason: 'twice' },
          { token: support },
        )
      ).body.error,
    ).toBe('InvalidState');
    expect(
      (
        await api(
          srv,
          '/admin/copy/suspendLead',
          { user_id: lead.id, suspend: false, reason: 'cleared' },
          { token: finance },
        )
      ).body.error,
    ).toBe('Forbidden');
    const restored = await api(
      srv,
      '/admin/copy/suspendLead',
      { user_id: lead.id, suspend: false, reason: 'Cleared' },
      { token: support },
    );
    expect(restored.body.data.suspended).toBeNull();
    expect(await listed()).toBe(true);
    const audit = [
      ...(await auditRows('copy.lead_suspend', `user:${lead.id}`)),
      ...(await auditRows('copy.lead_restore', `user:${lead.id}`)),
    ];
    expect(audit).toHaveLength(2);
    expect(audit[0]?.after).toMatchObject({ reason: 'Under investigation' });
    expect(
      (
        await api(
          srv,
          '/admin/copy/suspendLead',
          { user_id: follower.id, suspend: true, reason: 'not a lead' },
          { token: support },
        )
      ).body.error,
    ).toBe('NotFound');
  });
});

describe('a user page: stakes and cards', () => {
  it("lists the user's stakes and burns, nobody else's", async () => {
    const a = await newUser('5000');
    const b = await newUser('5000');
    const info = await api(srv, '/api/pledge/pledgeInfo', {}, { token: a.token });
    const days = info.body.data.plans[0]?.days ?? 30;
    const staked = await api(srv, '/api/pledge/index', { amount: '500', days }, { token: a.token });
    expect(staked.body.code).toBe(200);
    const res = await api(srv, '/admin/earn/stakes', { user_id: a.id }, { token: support });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      kind: 'pledge',
      line: 'main',
      asset: 'USDT',
      amount: '500',
      days,
      state: 'in_progress',
    });
    const burns = await api(srv, '/admin/earn/stakes', { user_id: a.id, kind: 'burn' }, { token: finance });
    expect(burns.body.data).toEqual({ list: [], total: 0 });
    expect(
      (await api(srv, '/admin/earn/stakes', { user_id: b.id }, { token: support })).body.data.total,
    ).toBe(0);
    expect((await api(srv, '/admin/earn/stakes', { user_id: a.id }, { token: nobody })).body.error).toBe(
      'Forbidden',
    );
  });

  it("lists the user's cards masked, with the card balance and verification status, never secrets", async () => {
    const a = await newUser('100');
    const b = await newUser();
    const cards = srv.app.modules.cards;
    // An approved verification and a virtual card, as the card tests make them.
    await srv.app.deps.store.db.execute(
      sql`insert into kyc_submissions (user_id, country, doc_type, doc_number_sealed, doc_last4, surname, given_name,
            birth_date, front_upload, back_upload, selfie_upload, status, created_at)
          values (${a.id}, 'DE', 'passport', 'sealed', '1234', 'Doe', 'Jane', '1990-01-01', 'f', 'b', 's',
            'approved', now())`,
    );
    const opened = await api(srv, '/api/visa/openVirtualCard', { bin: '424242' }, { token: a.token });
    expect(opened.body.code).toBe(200);
    const res = await api(srv, '/admin/cards/userCards', { user_id: a.id }, { token: support });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, kyc_status: 'approved', balance: '0', held: '0' });
    const card = res.body.data.list[0];
    expect(card?.masked).toMatch(/^4242 42•• •••• \d{4}$/);
    expect(card && 'demo_code' in card).toBe(false);
    expect(JSON.stringify(res.body.data)).not.toMatch(/cvv|"number"/i);
    const none = await api(srv, '/admin/cards/userCards', { user_id: b.id }, { token: finance });
    expect(none.body.data).toMatchObject({ list: [], total: 0, kyc_status: 'none', kyc_id: null });
    expect((await api(srv, '/admin/cards/userCards', { user_id: a.id }, { token: nobody })).body.error).toBe(
      'Forbidden',
    );
    expect((await cards.pendingKyc()).count).toBe(0);
  });
});

describe('dashboard parts', () => {
  it('sums the spot trading of the day in USDT and counts the open queues', async () => {
    const since = srv.clock.now();
    const seller = await newUser();
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: seller.id, asset: 'BTC', kind: 'spot' },
        system: SYSTEM.deposits,
        amount: parseAmount('1', 8) ?? 0n,
        cause: 'deposit',
      }),
    );
    const buyer = await newUser('10000');
    // An index an earlier test pinned may lie far from 30,000: the spot band is widened for this trade.
    await srv.app.settings.set('market.limit_band', '0.9');
    await submitted(seller, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '30000', sz: '0.01' });
    await submitted(buyer, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '30000', sz: '0.01' });
    await srv.app.settings.set('market.limit_band', '0.1');
    const t = await srv.app.modules.spot.tradedSince(since);
    expect(t.count).toBe(1);
    expect(t.volume).toBe(300_000_000n);
    // 0.08 % maker and 0.1 % taker of 300 USDT.
    expect(t.fees).toBe(540_000n);
    expect((await srv.app.modules.spot.tradedSince(new Date(since.getTime() + 3_600_000))).count).toBe(0);
    const shop = await srv.app.modules.shop.pendingReviews();
    expect(shop.merchants.count).toBeGreaterThanOrEqual(0);
    expect((await srv.app.modules.insurance.dryClaims()).count).toBe(0);
  });
});

describe('market state with the built-in reference market', () => {
  let sim: TestServer;
  beforeAll(async () => {
    sim = await startServer({ env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '100' } });
  });
  afterAll(() => sim.close());

  it("shows the reference price and its age, and the market maker's orders and balances", async () => {
    const token = await operatorToken(sim);
    let state: ResponseData<'/admin/market/state'> | undefined;
    // The maker's first quotes arrive shortly after the start.
    for (let i = 0; i < 50; i++) {
      state = (await api(sim, '/admin/market/state', {}, { token })).body.data;
      if ((state.list.find((x) => x.instId === 'BTC-USDT')?.maker_orders ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state?.source).toBe('sim');
    expect(state?.maker.running).toBe(true);
    expect(state?.maker.uid).toBe('10000002');
    expect(state?.maker.orders).toBeGreaterThan(0);
    expect(state?.maker.balances.some((b) => b.asset === 'USDT' && b.account === 'spot')).toBe(true);
    const btc = state?.list.find((x) => x.instId === 'BTC-USDT');
    expect(Number(btc?.reference.price)).toBeGreaterThan(0);
    expect(btc?.reference.age_ms).not.toBeNull();
    expect(btc?.best_bid).not.toBeNull();
    expect(btc?.best_ask).not.toBeNull();
    expect(Number(btc?.best_bid)).toBeLessThan(Number(btc?.best_ask));
    expect(btc?.maker_orders).toBe((btc?.bid_orders ?? 0) + (btc?.ask_orders ?? 0));
  });
});
