/**
 * The exchange's book: the spot instrument it converts on, its fee rate (never below the market's taker rate),
 * an exchange's row as answered, and the quotes' housekeeping.
 */
import { formatAmount } from '@nexa/contract';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { type AssetInfo, iso } from './common';
import type { WalletCtx } from './context';
import { exchangeQuotes, walletExchanges } from './tables';

const RATE_DECIMALS = 12;

/** Deletes quotes that expired over an hour ago unused (a used one stays with its exchange). */
export async function sweepQuotes(ctx: WalletCtx): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - 3_600_000);
  const gone = await ctx.store.db
    .delete(exchangeQuotes)
    .where(
      and(
        lt(exchangeQuotes.expiresAt, before),
        notExists(
          ctx.store.db
            .select({ one: sql`1` })
            .from(walletExchanges)
            .where(eq(walletExchanges.quoteId, exchangeQuotes.id)),
        ),
      ),
    )
    .returning({ id: exchangeQuotes.id });
  return gone.length;
}

/** The fee asset of an exchange: the market's quote asset. */
export const feeAssetOf = (fromAsset: string, toAsset: string) =>
  fromAsset === 'USDT' ? fromAsset : toAsset;

export function exchangeRow(
  ctx: WalletCtx,
  e: typeof walletExchanges.$inferSelect,
  from: AssetInfo,
  to: AssetInfo,
) {
  const feeAsset = feeAssetOf(e.fromAsset, e.toAsset);
  return {
    id: e.id,
    from_asset: e.fromAsset,
    to_asset: e.toAsset,
    from_amount: ctx.assets.show(from, e.fromAmount),
    to_amount: ctx.assets.show(to, e.toAmount),
    fee: ctx.assets.show(feeAsset === from.symbol ? from : to, e.fee),
    fee_asset: feeAsset,
    rate: e.rate,
    time: iso(e.createdAt),
  };
}

export function venueOrFail(ctx: WalletCtx) {
  if (!ctx.venue) throw new DomainError('ExchangeUnavailable');
  return ctx.venue;
}

/** The book an exchange converts on: an enabled spot instrument of the two assets (X↔USDT). */
export async function pairOf(ctx: WalletCtx, fromAsset: string, toAsset: string) {
  const list = await venueOrFail(ctx).instruments();
  const sell = list.find((i) => i.enabled && i.base === fromAsset && i.quote === toAsset);
  if (sell) return { instId: sell.instId, side: 'sell' as const };
  const buy = list.find((i) => i.enabled && i.base === toAsset && i.quote === fromAsset);
  if (buy) return { instId: buy.instId, side: 'buy' as const };
  throw new DomainError('ExchangeUnavailable');
}

/** The exchange's fee rate: its own, never below the market's taker rate. */
export async function exchangeFeeRate(ctx: WalletCtx): Promise<{ text: string; units: bigint }> {
  const own = await ctx.settings.get('exchange.fee_rate');
  const taker = await venueOrFail(ctx).takerFeeRate();
  return own.units >= taker.units ? own : taker;
}

/** Units of `to` per unit of `from`, at 12 decimals. */
export function rateText(from: AssetInfo, to: AssetInfo, spend: bigint, receive: bigint): string {
  const r =
    (receive * 10n ** BigInt(from.scale) * 10n ** BigInt(RATE_DECIMALS)) / (spend * 10n ** BigInt(to.scale));
  return formatAmount(r, RATE_DECIMALS);
}

/** A quote: what a market order of this amount gets on the live book now, fee included. */
