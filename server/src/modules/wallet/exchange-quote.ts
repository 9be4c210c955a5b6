/** The exchange's screen: a quote (what a market order of an amount gets on the live book now), the records, the prices. */
import { randomBytes } from 'node:crypto';
import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { and, count, desc, eq, or } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import { iso } from './common';
import type { WalletCtx } from './context';
import { exchangeFeeRate, exchangeRow, feeAssetOf, pairOf, rateText, venueOrFail } from './exchange-book';
import { exchangeQuotes, walletExchanges } from './tables';

const QUOTES_PER_MINUTE = 60;

export async function quote(
  ctx: WalletCtx,
  userId: number,
  fromSymbol: string,
  toSymbol: string,
  amountSent: ExactDecimal,
) {
  if (fromSymbol === toSymbol) throw new ValidationError('to', 'invalid_value');
  // Each quote is a row and a walk of the book: a screen asks about twice a minute while typing.
  if (
    !(await ctx.limiter.hit(`exchange-quote:${userId}`, QUOTES_PER_MINUTE, 60_000, ctx.clock.now().getTime()))
  )
    throw new DomainError('RateLimited');
  const from = await ctx.assets.get(fromSymbol, 'from');
  const to = await ctx.assets.get(toSymbol, 'to');
  const amount = minorUnits(amountSent, from, 'amount', 'invalid_format');
  const { instId, side } = await pairOf(ctx, from.symbol, to.symbol);
  const fee = await exchangeFeeRate(ctx);
  const est = await venueOrFail(ctx).estimate(instId, side, amount, fee.text);
  if (est.receive <= 0n) throw new ValidationError('amount', 'too_small');
  const rate = rateText(from, to, est.spend, est.receive);
  const ttl = await ctx.settings.get('exchange.quote_ttl_s');
  const id = `q_${randomBytes(12).toString('hex')}`;
  const expiresAt = new Date(ctx.clock.now().getTime() + ttl * 1000);
  // The quote binds what the sheet shows: exactly `spend` is paid and `receive` arrives, or nothing moves.
  await ctx.store.db.insert(exchangeQuotes).values({
    id,
    userId,
    fromAsset: from.symbol,
    toAsset: to.symbol,
    fromAmount: est.spend,
    toAmount: est.receive,
    fee: est.fee,
    rate,
    expiresAt,
    createdAt: ctx.clock.now(),
  });
  const feeAsset = feeAssetOf(from.symbol, to.symbol);
  return {
    quote_id: id,
    from_asset: from.symbol,
    to_asset: to.symbol,
    from_amount: ctx.assets.show(from, est.spend),
    to_amount: ctx.assets.show(to, est.receive),
    fee: ctx.assets.show(feeAsset === from.symbol ? from : to, est.fee),
    fee_asset: feeAsset,
    rate,
    // The quote's amounts are exact: no tolerance either way.
    slippage: '0',
    expires_at: iso(expiresAt),
  };
}

export async function exchangeInfo(
  ctx: WalletCtx,
  userId: number,
  q: {
    from?: string | undefined;
    to?: string | undefined;
    amount?: ExactDecimal | undefined;
    page: number;
    page_num: number;
  },
  /** Only exchanges from or into this asset (the NEU line's records). */
  only?: string,
) {
  const where = and(
    eq(walletExchanges.userId, userId),
    only ? or(eq(walletExchanges.fromAsset, only), eq(walletExchanges.toAsset, only)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(walletExchanges).where(where).orderBy(desc(walletExchanges.id)), q),
    ctx.store.db.select({ n: count() }).from(walletExchanges).where(where),
  ]);
  const list = [];
  for (const r of rows)
    list.push(exchangeRow(ctx, r, await ctx.assets.get(r.fromAsset), await ctx.assets.get(r.toAsset)));
  // The assets that can be exchanged: those with a live book against USDT, at the book's mid price.
  const prices: { asset: string; usdt_price: string }[] = [];
  for (const i of ctx.venue ? await ctx.venue.instruments() : []) {
    if (!i.enabled || i.quote !== 'USDT') continue;
    const p = ctx.venue?.midPrice(i.instId);
    if (p) prices.push({ asset: i.base, usdt_price: formatAmount(p.price, p.scale) });
  }
  return {
    fee_rate: (await exchangeFeeRate(ctx)).text,
    quote_ttl_s: await ctx.settings.get('exchange.quote_ttl_s'),
    prices,
    quote: q.from && q.to && q.amount ? await quote(ctx, userId, q.from, q.to, q.amount) : null,
    ...pageAnswer(list, total),
  };
}

/**
 * Exchange at a quote: a market order on the quote's book, in the user's name, at the exchange's fee. The
 * quote's amounts are what moves (`exchange-exact.ts`); a book that gives less than the quote refuses the
 * whole exchange (PriceMoved) and nothing moves.
 */

/** The two assets a quote converts between, or null when there is no such quote (cluster mode routes by it). */
export async function quotePair(
  ctx: WalletCtx,
  quoteId: string,
): Promise<{ from: string; to: string } | null> {
  const [q] = await ctx.store.db
    .select({ from: exchangeQuotes.fromAsset, to: exchangeQuotes.toAsset })
    .from(exchangeQuotes)
    .where(eq(exchangeQuotes.id, quoteId))
    .limit(1);
  return q ?? null;
}
