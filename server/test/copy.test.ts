import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResponseData } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLinkVault, rotateLinks } from '../src/modules/copy/links';
import { okxLinks } from '../src/modules/copy/tables';
import { api, call, futuresTrader, operatorToken, startServer, type TestServer } from './harness';

const INST = 'BTC-USDT-SWAP';
const KEY = 'okx-test-key-0001abcd';
const SECRET = 'okx-test-secret-value';
const PASS = 'Pass-phrase-1';

/** A local stand-in for OKX's REST v5: checks every signature, keeps orders by client id, can stall. */
function fakeOkx() {
  const orders = new Map<string, { ordId: string; instId: string; side: string; sz: string }>();
  const state = {
    perm: 'read_only,trade',
    stallNextPlace: false,
    refuseNextPlace: false,
    badSigs: 0,
    places: 0,
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const send = (code: string, data: unknown[], msg = '') => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code, msg, data }));
      };
      const ts = String(req.headers['ok-access-timestamp'] ?? '');
      const expected = createHmac('sha256', SECRET)
        .update(`${ts}${req.method}${req.url}${body}`)
        .digest('base64');
      if (
        req.headers['ok-access-key'] !== KEY ||
        req.headers['ok-access-passphrase'] !== PASS ||
        req.headers['ok-access-sign'] !== expected
      ) {
        state.badSigs++;
        res.statusCode = 401;
        send('50113', [], 'Invalid Sign');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET' && url.pathname === '/api/v5/account/config') {
        send('0', [{ uid: '445566', perm: state.perm }]);
      } else if (req.method === 'GET' && url.pathname === '/api/v5/trade/order') {
        const o = orders.get(url.searchParams.get('clOrdId') ?? '');
        if (o) send('0', [{ ordId: o.ordId, state: 'filled' }]);
        else send('51603', [], 'Order does not exist');
      } else if (req.method === 'POST' && url.pathname === '/api/v5/trade/order') {
        const o = JSON.parse(body) as { clOrdId: string; instId: string; side: string; sz: string };
        if (state.refuseNextPlace) {
          state.refuseNextPlace = false;
          send(
            '1',
            [{ ordId: '', clOrdId: o.clOrdId, sCode: '51008', sMsg: 'Insufficient balance' }],
            'failed',
          );
          return;
        }
        state.places++;
        const ordId = `okx${orders.size + 1}`;
        orders.set(o.clOrdId, { ordId, instId: o.instId, side: o.side, sz: o.sz });
        if (state.stallNextPlace) {
          // Accepted, but the answer never arrives in time.
          state.stallNextPlace = false;
          setTimeout(() => send('0', [{ ordId, clOrdId: o.clOrdId, sCode: '0' }]), 1500);
          return;
        }
        send('0', [{ ordId, clOrdId: o.clOrdId, sCode: '0', sMsg: '' }]);
      } else {
        send('50000', [], 'unknown');
      }
    });
  });
  return { server, orders, state };
}

let srv: TestServer;
let finance: string;
const okx = fakeOkx();

interface User {
  token: string;
  id: number;
}

const trader = (usdt: string) => futuresTrader(srv, finance, usdt);

const futures = () => srv.app.modules.futures;
const copy = () => srv.app.modules.copy;
async function markAt(price: string) {
  futures().pinIndex('BTC-USDT', price);
  await futures().tick();
  await futures().idle();
}
async function placed(u: User, body: Record<string, unknown>) {
  const res = await call<ResponseData<'/v1/order/submitTrade'>>(
    srv,
    '/v1/order/submitTrade',
    { instId: INST, ...body },
    { token: u.token },
  );
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
const positions = async (u: User) =>
  (await api(srv, '/v1/futures/positions', {}, { token: u.token })).body.data.list;
const pos = async (u: User) => (await positions(u)).find((p) => p.instId === INST);

/** A user whose resting orders give the book depth on both sides around a price. */
async function liquidity(price: number) {
  const m = await trader('2000000');
  await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 20 }, { token: m.token });
  for (const step of [0, 10, 20, 50]) {
    await placed(m, { side: 'sell', type: 'limit', px: String(price + step), sz: '40' });
    await placed(m, { side: 'buy', type: 'limit', px: String(price - 10 - step), sz: '40' });
  }
  return m;
}

/** A user who meets the lead criteria (a closed position) and leads. */
async function lead(usdt = '20000'): Promise<User> {
  const a = await trader(usdt);
  await api(srv, '/v1/futures/setLeverage', { instId: INST, lever: 10 }, { token: a.token });
  const before = await api(srv, '/v1/copy/lead', {}, { token: a.token });
  expect(before.body.data).toMatchObject({ is_lead: false, can_apply: false, copying: false });
  const refused = await api(srv, '/v1/copy/applyLead', {}, { token: a.token });
  expect(refused.body.error).toBe('LeadCriteriaNotMet');
  await placed(a, { side: 'buy', type: 'market', sz: '1' });
  await placed(a, { side: 'sell', type: 'market', sz: '1', reduceOnly: true });
  const applied = await api(srv, '/v1/copy/applyLead', {}, { token: a.token });
  expect(applied.body.data).toMatchObject({ is_lead: true, tier: 'junior', profit_share: '0.08' });
  return a;
}

beforeAll(async () => {
  await new Promise<void>((r) => okx.server.listen(0, '127.0.0.1', () => r()));
  const port = (okx.server.address() as AddressInfo).port;
  srv = await startServer({ env: { OKX_REST_URL: `http://127.0.0.1:${port}`, OKX_REST_TIMEOUT_MS: '500' } });
  finance = await operatorToken(srv);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  const { pool, expected } = await futures().poolCheck();
  expect(pool).toBe(expected);
});
afterAll(async () => {
  await srv.close();
  okx.server.close();
});

describe('a lead with three followers', () => {
  it('mirrors opens, adds and closes proportionally, skips the one without margin, and shares the profit once', async () => {
    await markAt('60000');
    const m = await liquidity(60000);
    const a = await lead();
    const b = await trader('2000');
    const c = await trader('2000');
    const d = await trader('15');
    // B: 300 USDT of margin per position; C: half the lead's contracts; D: five times, without the margin.
    const fb = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: a.id, mode: 'amount', amount: '300', budget: '1500' },
      { token: b.token },
    );
    expect(fb.body.code).toBe(200);
    expect(fb.body.data).toMatchObject({
      status: 'active',
      mode: 'amount',
      budget: '1500',
      venue: 'platform',
    });
    expect(
      (
        await api(
          srv,
          '/v1/copy/follow',
          { trader_id: a.id, mode: 'ratio', ratio: '0.5', budget: '1500' },
          { token: c.token },
        )
      ).body.code,
    ).toBe(200);
    expect(
      (
        await api(
          srv,
          '/v1/copy/follow',
          { trader_id: a.id, mode: 'ratio', ratio: '5', budget: '100000', request_id: 'd-follow-1' },
          { token: d.token },
        )
      ).body.code,
    ).toBe(200);
    // Refusals: copying twice, copying oneself, a lead copying.
    const twice = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: a.id, mode: 'ratio', ratio: '1', budget: '100' },
      { token: b.token },
    );
    expect(twice.body.error).toBe('AlreadyCopying');
    const self = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: a.id, mode: 'ratio', ratio: '1', budget: '100' },
      { token: a.token },
    );
    expect(self.body.error).toBe('CannotFollowSelf');
    const small = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: a.id, mode: 'amount', amount: '5', budget: '100' },
      { token: m.token },
    );
    expect(small.body.error).toBe('ValidationFailed');

    // A opens 10 long at 10×: B gets 300 × 10 / 600 = 5 contracts (5 per 10), C 5, D is skipped.
    const open = await placed(a, { side: 'buy', type: 'market', sz: '10' });
    expect(open.filled_sz).toBe('10');
    expect((await pos(b))?.pos).toBe('5');
    expect((await pos(c))?.pos).toBe('5');
    expect(await pos(d)).toBeUndefined();
    const dTrades = (await api(srv, '/v1/copy/copyTrades', {}, { token: d.token })).body.data.list;
    expect(dTrades[0]).toMatchObject({ status: 'skipped', reason: 'insufficient_margin', sz: '50' });
    const bTrades = (await api(srv, '/v1/copy/copyTrades', {}, { token: b.token })).body.data.list;
    expect(bTrades[0]).toMatchObject({ status: 'filled', side: 'buy', sz: '5', filled: '5' });
    expect(bTrades[0]?.slippage).not.toBeNull();
    // The follower's copied position is the copy's: their own orders on it are refused.
    const own = await call(
      srv,
      '/v1/order/submitTrade',
      { instId: INST, side: 'sell', type: 'market', sz: '1' },
      { token: b.token },
    );
    expect(own.body.error).toBe('CopyManaged');

    // A adds 4: targets 7 and 7; D stays out of this position.
    await placed(a, { side: 'buy', type: 'market', sz: '4' });
    expect((await pos(b))?.pos).toBe('7');
    expect((await pos(c))?.pos).toBe('7');
    expect(await pos(d)).toBeUndefined();
    // B and C were told once that a copy opened (not again for the add); D, skipped, was not.
    await srv.app.deps.outbox.drain();
    await srv.app.deps.outbox.drain();
    const opened = async (u: { token: string }) =>
      (await api(srv, '/api/notice/list', { size: 50 }, { token: u.token })).body.data.list.filter(
        (n) => n.kind === 'copy_opened',
      );
    for (const u of [b, c]) expect(await opened(u)).toMatchObject([{ params: { inst: INST } }]);
    expect(await opened(d)).toEqual([]);

    // The mark rises; the trader page shows figures, and my copy its open PnL.
    await markAt('61000');
    const page = await api(srv, '/v1/copy/trader', { id: a.id, days: 7 }, { token: b.token });
    expect(page.body.data).toMatchObject({ id: a.id, copy_count: 3, tier: 'junior' });
    expect(page.body.data.pnl).toHaveLength(7);
    expect(page.body.data.my_follow?.status).toBe('active');
    expect(Number(page.body.data.my_follow?.upl)).toBeGreaterThan(0);

    // A reduces by half, then closes: every follower closes with it.
    await futures().cancel(m.id, { orderIds: [], instId: INST });
    await placed(m, { side: 'buy', type: 'limit', px: '61000', sz: '60' });
    await placed(a, { side: 'sell', type: 'market', sz: '7', reduceOnly: true });
    expect((await pos(b))?.pos).toBe('3'); // floor(7 × 5 / 10)
    expect((await pos(c))?.pos).toBe('3');
    await placed(a, { side: 'sell', type: 'market', sz: '7', reduceOnly: true });
    expect(await pos(b)).toBeUndefined();
    expect(await pos(c)).toBeUndefined();
    const [bFollow] = (await api(srv, '/v1/copy/myFollows', {}, { token: b.token })).body.data.list;
    if (!bFollow) throw new Error('no copy');
    expect(Number(bFollow?.realized)).toBeGreaterThan(0);

    // The period ends (an hour here, a week by default): B pays 8 % of its realized profit to A, once, however often settlement runs.
    const realized = BigInt(Math.round(Number(bFollow?.realized) * 1e6));
    const aBefore = (await api(srv, '/v1/futures/account', {}, { token: a.token })).body.data.available;
    await srv.app.settings.set('copy.settle_interval_h', 1);
    srv.clock.advance(2 * 3_600_000);
    // The first run dies after moving the share, before its commit (a crash mid-settlement): nothing stays.
    const ledger = srv.app.ledger;
    const real = ledger.transfer.bind(ledger);
    const crash = vi.spyOn(ledger, 'transfer').mockImplementationOnce(async (tx, m) => {
      await real(tx, m);
      throw new Error('process killed');
    });
    await copy().settleDue();
    expect(crash).toHaveBeenCalled();
    crash.mockRestore();
    expect(
      (await api(srv, '/v1/copy/settlements', { role: 'follower' }, { token: b.token })).body.data.list,
    ).toHaveLength(0);
    // Started again, it settles once.
    await copy().settleDue();
    await copy().settleDue();
    const p = (await copy().period()).index - 1;
    await Promise.all([copy().settleOne(bFollow?.id ?? 0, p), copy().settleOne(bFollow?.id ?? 0, p)]);
    const paid = (await api(srv, '/v1/copy/settlements', { role: 'follower' }, { token: b.token })).body.data
      .list;
    expect(paid).toHaveLength(1);
    expect(Number(paid[0]?.amount)).toBeCloseTo((Number(realized) * 0.08) / 1e6, 5);
    const earned = (await api(srv, '/v1/copy/settlements', { role: 'lead' }, { token: a.token })).body.data
      .list;
    // A earns from B and from C (D never traded).
    expect(earned).toHaveLength(2);
    const aAfter = (await api(srv, '/v1/futures/account', {}, { token: a.token })).body.data.available;
    const sum = earned.reduce((t, e) => t + Number(e.amount), 0);
    expect(Number(aAfter) - Number(aBefore)).toBeCloseTo(sum, 6);
    // Nothing new above the high-water mark: the next period charges nothing.
    srv.clock.advance(3_600_000);
    await copy().settleDue();
    expect(
      (await api(srv, '/v1/copy/settlements', { role: 'follower' }, { token: b.token })).body.data.list,
    ).toHaveLength(1);

    // B cancels; the lead's next position is not copied to B, but still to C.
    const canceled = await api(srv, '/v1/copy/cancel', { follow_id: bFollow?.id }, { token: b.token });
    expect(canceled.body.data).toMatchObject({ status: 'canceled', end_reason: 'user' });
    await futures().cancel(m.id, { orderIds: [], instId: INST });
    await placed(m, { side: 'sell', type: 'limit', px: '61010', sz: '40' });
    await placed(m, { side: 'buy', type: 'limit', px: '60990', sz: '40' });
    await placed(a, { side: 'buy', type: 'market', sz: '2' });
    expect(await pos(b)).toBeUndefined();
    expect((await pos(c))?.pos).toBe('1');
    // Someone else's copy is not found.
    const foreign = await api(srv, '/v1/copy/cancel', { follow_id: bFollow?.id }, { token: c.token });
    expect(foreign.body.error).toBe('CopyNotFound');
    // The trader list shows A with its figures.
    const list = await api(srv, '/v1/copy/traders', { sort: 'copy_count' }, { token: b.token });
    expect(list.body.data.list.find((t) => t.id === a.id)).toMatchObject({
      copy_count: 2,
      profit_share: '0.08',
    });
    // C cancels keeping the position: it becomes C's own.
    const [cFollow] = (await api(srv, '/v1/copy/myFollows', { status: 'active' }, { token: c.token })).body
      .data.list;
    if (!cFollow) throw new Error('no copy');
    await api(srv, '/v1/copy/cancel', { follow_id: cFollow?.id, close: false }, { token: c.token });
    expect((await pos(c))?.pos).toBe('1');
    const mine = await call(
      srv,
      '/v1/order/submitTrade',
      { instId: INST, side: 'sell', type: 'market', sz: '1', reduceOnly: true },
      { token: c.token },
    );
    expect(mine.body.code).toBe(200);
    await placed(a, { side: 'sell', type: 'market', sz: '2', reduceOnly: true });
  });
});

describe('the OKX link', () => {
  it('verifies the key with a signed call, refuses withdraw rights, seals the secret and shows the last four', async () => {
    const u = await trader('100');
    okx.state.perm = 'read_only,trade,withdraw';
    const withdraw = await api(
      srv,
      '/v1/user/bindOkxApiKey',
      { apiKey: KEY, secretKey: SECRET, passphrase: PASS },
      { token: u.token },
    );
    expect(withdraw.body.error).toBe('OkxKeyCanWithdraw');
    okx.state.perm = 'read_only,trade';
    const wrong = await api(
      srv,
      '/v1/user/bindOkxApiKey',
      { apiKey: KEY, secretKey: 'not-the-secret', passphrase: PASS },
      { token: u.token },
    );
    expect(wrong.body.error).toBe('OkxKeyRejected');
    const ok = await api(
      srv,
      '/v1/user/bindOkxApiKey',
      { apiKey: KEY, secretKey: SECRET, passphrase: PASS },
      { token: u.token },
    );
    expect(ok.body.data).toMatchObject({
      linked: true,
      key_tail: 'abcd',
      perm: ['read_only', 'trade'],
      uid: '445566',
    });
    expect(JSON.stringify(ok.body)).not.toContain(SECRET);
    const rows = await srv.app.deps.store.db.execute(sql`select * from okx_links`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(PASS);
    expect(text).not.toContain(KEY);
    // Rotation: a new key listed first re-seals the link; the old one is no longer needed to open it.
    const fresh = new Uint8Array(Buffer.alloc(32, 7));
    const both = createLinkVault({
      current: 2,
      keys: new Map([[2, fresh], ...srv.app.deps.config.linkKeys.keys]),
    });
    expect(await rotateLinks(srv.app.deps.store.db, both)).toBeGreaterThanOrEqual(1);
    expect(await rotateLinks(srv.app.deps.store.db, both)).toBe(0);
    const onlyNew = createLinkVault({ current: 2, keys: new Map([[2, fresh]]) });
    const [row] = await srv.app.deps.store.db.select().from(okxLinks).where(eq(okxLinks.userId, u.id));
    if (!row) throw new Error('no link');
    expect(row.keyVersion).toBe(2);
    expect(onlyNew.credentials(row)).toEqual({ apiKey: KEY, secret: SECRET, passphrase: PASS });
    const off = await api(srv, '/v1/user/unbindOkxApiKey', {}, { token: u.token });
    expect(off.body.data.linked).toBe(false);
    expect(
      await srv.app.deps.store.db.execute(sql`select * from okx_links where user_id = ${u.id}`),
    ).toMatchObject({ rows: [] });
  });

  it('sends a copy to OKX once, even when OKX took the order but the answer timed out', async () => {
    await markAt('60000');
    await liquidity(60000);
    const a = await lead();
    const f = await trader('10');
    expect(
      (
        await api(
          srv,
          '/v1/user/bindOkxApiKey',
          { apiKey: KEY, secretKey: SECRET, passphrase: PASS },
          { token: f.token },
        )
      ).body.code,
    ).toBe(200);
    const follow = await api(
      srv,
      '/v1/copy/follow',
      { trader_id: a.id, mode: 'ratio', ratio: '1', budget: '100000', venue: 'okx' },
      { token: f.token },
    );
    expect(follow.body.code).toBe(200);
    okx.state.stallNextPlace = true;
    const placesBefore = okx.state.places;
    await placed(a, { side: 'buy', type: 'market', sz: '3' });
    // The platform position of the follower is untouched: the copy goes to OKX.
    expect(await pos(f)).toBeUndefined();
    await copy().sendOkx(); // times out after OKX accepted
    let trades = (await api(srv, '/v1/copy/copyTrades', {}, { token: f.token })).body.data.list;
    expect(trades[0]).toMatchObject({ venue: 'okx', status: 'sent', sz: '3' });
    srv.clock.advance(11_000);
    await copy().sendOkx(); // asks OKX first, finds it
    trades = (await api(srv, '/v1/copy/copyTrades', {}, { token: f.token })).body.data.list;
    expect(trades[0]).toMatchObject({ venue: 'okx', status: 'filled' });
    expect(okx.state.places - placesBefore).toBe(1);
    expect(okx.state.badSigs).toBe(1); // only the wrong secret of the first test
    await placed(a, { side: 'sell', type: 'market', sz: '3', reduceOnly: true });
    srv.clock.advance(11_000);
    await copy().sendOkx();
    trades = (await api(srv, '/v1/copy/copyTrades', {}, { token: f.token })).body.data.list;
    expect(trades[0]).toMatchObject({ side: 'sell', status: 'filled' });
    expect(okx.state.places - placesBefore).toBe(2);
    // OKX refuses the next one: the copied trade says so, and it is not tried again.
    okx.state.refuseNextPlace = true;
    await placed(a, { side: 'buy', type: 'market', sz: '2' });
    await copy().sendOkx();
    trades = (await api(srv, '/v1/copy/copyTrades', {}, { token: f.token })).body.data.list;
    expect(trades[0]).toMatchObject({ side: 'buy', status: 'failed', reason: 'okx_failed' });
    srv.clock.advance(11_000);
    await copy().sendOkx();
    expect(okx.state.places - placesBefore).toBe(2);
    await placed(a, { side: 'sell', type: 'market', sz: '2', reduceOnly: true });
  });
});
