/**
 * What the swap tests share: on a started server, the mark pinned to an index, orders sent through the order
 * call as a user would, the futures account and positions as the calls answer them, and the checks every swap
 * test ends with (the ledger's audit and solvency, the margin pool's zero sum).
 */
import type { ResponseData } from '@nexa/contract';
import { expect } from 'vitest';
import { api, call, futuresTrader, type TestServer } from './harness';

export interface SwapUser {
  readonly token: string;
  readonly id: number;
}

/** The calls of one contract (`BTC-USDT-SWAP` unless named), on the server `srv()` answers. */
export function swapDesk(srv: () => TestServer, inst = 'BTC-USDT-SWAP') {
  const futures = () => srv().app.modules.futures;
  const submit = (u: SwapUser, body: Record<string, unknown>, lang?: string) =>
    call<ResponseData<'/v1/order/submitTrade'>>(
      srv(),
      '/v1/order/submitTrade',
      { instId: inst, ...body },
      { token: u.token, ...(lang ? { lang } : {}) },
    );
  return {
    futures,
    submit,
    /** Pins the index of `underlying` and runs one mark tick to the end of what it queued. */
    async markAt(price: string, underlying = 'BTC-USDT') {
      futures().pinIndex(underlying, price);
      await futures().tick();
      await futures().idle();
    },
    /** An order that must be accepted: its answer's data. */
    async placed(u: SwapUser, body: Record<string, unknown>) {
      const res = await submit(u, body);
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      return res.body.data;
    },
    account: async (u: SwapUser) =>
      (await api(srv(), '/v1/futures/account', {}, { token: u.token })).body.data,
    positions: async (u: SwapUser) =>
      (await api(srv(), '/v1/futures/positions', {}, { token: u.token })).body.data.list,
  };
}

/**
 * Traders funded with USDT in their futures account by the operator `finance()`, each kept in `made` so that
 * what a test left open can be cleared after it (`made.splice(0)`).
 */
export function swapTraders(srv: () => TestServer, finance: () => string) {
  const made: SwapUser[] = [];
  return {
    made,
    async trader(usdt: string): Promise<SwapUser> {
      const u = await futuresTrader(srv(), finance(), usdt);
      made.push(u);
      return u;
    },
  };
}

/** The ledger's audit and solvency and the margin pool's zero sum, after a swap test. */
export async function expectSwapsBalanced(srv: TestServer): Promise<void> {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  const { pool, expected } = await srv.app.modules.futures.poolCheck();
  expect(pool).toBe(expected);
}
