/**
 * The wallet's flows for the line's assets, through its port: withdrawals of USDT and NEU, SPA quota transfers,
 * and NEU exchanges (USDT ↔ NEU) quoted from the NEU/USDT book.
 */
import { NEU_ASSET, type RequestOutput, SPA_ASSET } from '@nexa/contract';
import type { NeuCtx } from './context';
import { price } from './figures';

/** A withdrawal of one of the line's assets (the USDT and the NEU call take the same body). */
const withdraw =
  (asset: string) => (ctx: NeuCtx, userId: number, body: RequestOutput<'/api/neu/withdrawalNeu'>) =>
    ctx.wallet.withdraw(userId, { ...body, asset });

export const withdrawUsdt = withdraw('USDT');
export const withdrawNeu = withdraw(NEU_ASSET);

export async function spaTransfer(
  ctx: NeuCtx,
  userId: number,
  body: RequestOutput<'/api/neu/spaQuotaTransfer'>,
) {
  return ctx.wallet.transfer(userId, { ...body, asset: SPA_ASSET });
}

export async function spaTransfers(
  ctx: NeuCtx,
  userId: number,
  q: RequestOutput<'/api/neu/spaQuotaTransferList'>,
) {
  return ctx.wallet.transfers(userId, { direction: q.direction, symbol: SPA_ASSET }, q);
}

/** NEU exchanges (USDT ↔ NEU) on the wallet's exchange: its quotes from the NEU/USDT book. */
export async function exchangeList(ctx: NeuCtx, userId: number, q: RequestOutput<'/api/neu/exchangeList'>) {
  const to = q.from === 'USDT' ? NEU_ASSET : 'USDT';
  const info = await ctx.wallet.exchangeInfo(
    userId,
    {
      ...(q.from && q.amount ? { from: q.from, to, amount: q.amount } : {}),
      page: q.page,
      page_num: q.size,
    },
    NEU_ASSET,
  );
  return {
    list: info.list,
    total: info.total,
    price_usdt: (await price(ctx)).text,
    fee_rate: info.fee_rate,
    quote_ttl_s: info.quote_ttl_s,
    quote: info.quote,
  };
}

export async function exchange(
  ctx: NeuCtx,
  userId: number,
  body: RequestOutput<'/api/neu/getNeuExchangeOrder'>,
) {
  return ctx.wallet.exchange(userId, body);
}
