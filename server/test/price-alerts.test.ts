import { ERRORS, PRICE_ALERT_MAX, type PriceAlertCondition } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../src/kernel/bus';
import { api, present, signedInUser, startServer, type TestServer } from './harness';

// Price alerts: set only where the market is not yet, fired once by the first ticker that meets them (with a
// notice to their owner only), cancelled by their owner only, at most PRICE_ALERT_MAX waiting per user.
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

function ticker(instId: string, last: string, changePercent = '0.00'): BusEvents['ticker'] {
  return {
    instId,
    last,
    open24h: last,
    high24h: last,
    low24h: last,
    vol24h: '1',
    changePercent,
    ts: Date.now(),
  };
}

async function member() {
  const u = await signedInUser(srv);
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { ...u, id: me.id };
}

function setAlert(token: string, instId: string, condition: PriceAlertCondition, value: string) {
  return api(srv, '/v1/market/setAlert', { instId, condition, value }, { token });
}

async function settle(): Promise<void> {
  // Firing runs after the ticker, then the outbox delivers the notice.
  await new Promise((r) => setTimeout(r, 200));
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
}

async function priceNotices(token: string) {
  const res = await api(srv, '/api/notice/list', { size: 100 }, { token });
  return res.body.data.list.filter((n) => n.kind === 'price_alert');
}

describe('price alerts', () => {
  it('fire once at the first ticker that meets them, with a notice to their owner only', async () => {
    const a = await member();
    const b = await member();
    srv.app.bus.publish('ticker', ticker('BTC-USDT', '60000'));
    const above = await setAlert(a.token, 'BTC-USDT', 'price_above', '61000.50');
    expect(above.body.code).toBe(200);
    expect(above.body.data).toMatchObject({ value: '61000.5', status: 'active', fired_at: null });
    const change = await setAlert(a.token, 'BTC-USDT', 'change_down', '5');
    expect(change.body.code).toBe(200);

    // Not met yet: nothing fires.
    srv.app.bus.publish('ticker', ticker('BTC-USDT', '61000.4', '1.66'));
    await settle();
    expect(await priceNotices(a.token)).toHaveLength(0);

    // Met by two tickers in a row: fired once.
    srv.app.bus.publish('ticker', ticker('BTC-USDT', '61001', '1.67'));
    srv.app.bus.publish('ticker', ticker('BTC-USDT', '61500', '2.50'));
    await settle();
    const fired = await priceNotices(a.token);
    expect(fired).toHaveLength(1);
    expect(fired[0]?.params).toMatchObject({ inst: 'BTC-USDT', target: '≥ 61000.5', figure: '61001' });
    expect(await priceNotices(b.token)).toHaveLength(0);
    const list = (await api(srv, '/v1/market/alerts', {}, { token: a.token })).body.data.list;
    expect(list.map((x) => [x.condition, x.status])).toEqual([
      ['change_down', 'active'],
      ['price_above', 'fired'],
    ]);
    expect(list[1]?.fired_value).toBe('61001');

    // The 24-hour change down by 5 % or more.
    srv.app.bus.publish('ticker', ticker('BTC-USDT', '57000', '-5.01'));
    await settle();
    const both = await priceNotices(a.token);
    expect(both).toHaveLength(2);
    expect(both[0]?.params).toMatchObject({ target: '24h ≤ -5%', figure: '-5.01%' });
  });

  it('refuses a condition already met, an unlisted instrument, bad values and another user’s cancel', async () => {
    const a = await member();
    const b = await member();
    srv.app.bus.publish('ticker', ticker('ETH-USDT', '3000', '2.00'));
    const met = await setAlert(a.token, 'ETH-USDT', 'price_below', '3100');
    expect(met.body.code).toBe(ERRORS.AlertAlreadyMet.code);
    const rise = await setAlert(a.token, 'ETH-USDT', 'change_up', '1.5');
    expect(rise.body.code).toBe(ERRORS.AlertAlreadyMet.code);
    const unknown = await setAlert(a.token, 'FOO-USDT', 'price_above', '1');
    expect(unknown.body.code).toBe(ERRORS.NotFound.code);
    for (const value of ['0', '-1', 'abc', '1e5', '']) {
      const bad = await setAlert(a.token, 'ETH-USDT', 'price_above', value);
      expect(bad.body.code, value).toBe(ERRORS.ValidationFailed.code);
    }
    const huge = await setAlert(a.token, 'ETH-USDT', 'change_up', '1000.01');
    expect(huge.body.code).toBe(ERRORS.ValidationFailed.code);
    expect((await api(srv, '/v1/market/alerts', {}, { token: a.token })).body.data.list).toEqual([]);

    const mine = await setAlert(a.token, 'ETH-USDT-SWAP', 'price_above', '9000');
    const id = mine.body.data.id;
    const stolen = await api(srv, '/v1/market/cancelAlert', { id }, { token: b.token });
    expect(stolen.body.code).toBe(ERRORS.NotFound.code);
    const cancelled = await api(srv, '/v1/market/cancelAlert', { id }, { token: a.token });
    expect(cancelled.body.data.list.map((x) => x.status)).toEqual(['cancelled']);
    // A cancelled alert never fires.
    srv.app.bus.publish('ticker', ticker('ETH-USDT-SWAP', '9500'));
    await settle();
    expect(await priceNotices(a.token)).toHaveLength(0);
  });

  it(`keeps at most ${PRICE_ALERT_MAX} waiting per user, also when they are set at once`, async () => {
    const a = await member();
    srv.app.bus.publish('ticker', ticker('SOL-USDT', '100'));
    const tries = await Promise.all(
      Array.from({ length: PRICE_ALERT_MAX + 5 }, (_, i) =>
        setAlert(a.token, 'SOL-USDT', 'price_above', String(200 + i)),
      ),
    );
    expect(tries.filter((t) => t.body.code === 200)).toHaveLength(PRICE_ALERT_MAX);
    const refused = tries.find((t) => t.body.code !== 200);
    expect(refused?.body.code).toBe(ERRORS.AlertLimit.code);
    expect(refused?.body.msg).toContain(String(PRICE_ALERT_MAX));
  });
});
