// What the copy tests share: a swap contract's mark held at a price, an order placed as a user, the user's
// position on the contract.
import type { ResponseData } from '@nexa/contract';
import { api, call, type TestServer } from './harness';

export const SWAP = 'BTC-USDT-SWAP';

export function copyFixture(srv: () => TestServer) {
  const futures = () => srv().app.modules.futures;
  return {
    futures,
    /** Holds the index (so the mark) at a price and lets the writer act on it. */
    async markAt(price: string) {
      futures().pinIndex('BTC-USDT', price);
      await futures().tick();
      await futures().idle();
    },
    /** Places an order on the swap as the user; throws on a refusal. */
    async placed(u: { token: string }, body: Record<string, unknown>) {
      const res = await call<ResponseData<'/v1/order/submitTrade'>>(
        srv(),
        '/v1/order/submitTrade',
        { instId: SWAP, ...body },
        { token: u.token },
      );
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    },
    /** The user's position on the swap, if any. */
    pos: async (u: { token: string }) =>
      (await api(srv(), '/v1/futures/positions', {}, { token: u.token })).body.data.list.find(
        (p) => p.instId === SWAP,
      ),
  };
}
