import type { ResponseData } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;

interface User {
  token: string;
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterAll(() => srv.close());

async function funded(amounts: Record<string, string>): Promise<User> {
  const u = await signedInUser(srv);
  for (const [asset, amount] of Object.entries(amounts))
    await depositConfirmed(srv, u.token, finance, amount, asset);
  return { token: u.token };
}
const submit = (u: User, body: Record<string, unknown>) =>
  call<ResponseData<'/v1/order/submitTrade'>>(srv, '/v1/order/submitTrade', body, { token: u.token });

describe('the spot price band around the index', () => {
  it('refuses a limit buy above index × 1.1 or a sell below index × 0.9; without an index there is none', async () => {
    const u = await funded({ USDT: '100000', BTC: '1', ETH: '10' });
    // Without a reference price (tests run no reference market) any price rests.
    const far = await submit(u, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '1000', sz: '0.01' });
    expect(far.body.code).toBe(200);
    await call(srv, '/v1/order/batchCancelOrder', { instId: 'BTC-USDT' }, { token: u.token });
    srv.app.modules.futures.pinIndex('BTC-USDT', '60000');
    try {
      const high = await submit(u, {
        instId: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        px: '66000.1',
        sz: '0.01',
      });
      expect(high.body).toMatchObject({
        error: 'PriceOutOfBand',
        msg: 'Order price is outside the allowed range',
      });
      const low = await submit(u, {
        instId: 'BTC-USDT',
        side: 'sell',
        type: 'limit',
        px: '53999.9',
        sz: '0.01',
      });
      expect(low.body.error).toBe('PriceOutOfBand');
      const ja = await call(
        srv,
        '/v1/order/submitTrade',
        { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '1000', sz: '0.01' },
        { token: u.token, lang: 'japanese' },
      );
      expect(ja.body.msg).toBe('注文価格が許容範囲外です');
      // A sell above the index and a buy below it may rest: only the side that would give value away is bound.
      for (const [side, px] of [
        ['buy', '66000'],
        ['sell', '54000'],
        ['sell', '180000'],
        ['buy', '1000'],
      ] as const) {
        const ok = await submit(u, {
          instId: 'BTC-USDT',
          side,
          type: 'limit',
          px,
          sz: '0.01',
          tif: 'post_only',
        });
        expect(ok.body.code === 200 || ok.body.error === 'OrderRejected').toBe(true);
        await call(srv, '/v1/order/batchCancelOrder', { instId: 'BTC-USDT' }, { token: u.token });
      }
      // An instrument's own band overrides the global one, and the instrument list shows it.
      const list = await srv.app.settings.get('market.instruments');
      await srv.app.settings.set(
        'market.instruments',
        list.map((c) => (c.inst_id === 'BTC-USDT' ? { ...c, limit_band: '0.01' } : c)),
      );
      try {
        const tight = await submit(u, {
          instId: 'BTC-USDT',
          side: 'buy',
          type: 'limit',
          px: '60700',
          sz: '0.01',
        });
        expect(tight.body.error).toBe('PriceOutOfBand');
        const info = await api(srv, '/v1/market/instruments', {});
        expect(info.body.data.list.find((i) => i.instId === 'BTC-USDT')?.limit_band).toBe('0.01');
        expect(info.body.data.list.find((i) => i.instId === 'ETH-USDT')?.limit_band).toBe('0.1');
      } finally {
        await srv.app.settings.set('market.instruments', list);
      }
    } finally {
      srv.app.modules.futures.pinIndex('BTC-USDT', null);
    }
  });
});
