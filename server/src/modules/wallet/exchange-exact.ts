import { type ExactDecimal, exactOf, minorOf } from '@nexa/contract';
import { DomainError } from '../../kernel/errors';
import { type Ledger, type Posting, SYSTEM } from '../../ledger';
import type { Tx } from '../../store';
import type { AssetInfo, ConvertFill, ConvertOrder } from './common';
import type { exchangeQuotes } from './tables';

/*
 * An exchange moves exactly what its quote said. The quote row (written when quoted, bound to its user) holds
 * the amount paid (`from_amount`: whole lots of the base for a sell, the quote asset with the fee for a buy)
 * and the amount received (`to_amount`); the order placed at confirmation is shaped to fill exactly that on an
 * unchanged book. A book that gives less than the quote refuses the whole exchange (PriceMoved: nothing moves,
 * the order with it); a book that gives more still moves the quote's amounts, and what the book gave beyond
 * them goes to the fee account in the same database transaction (never to or from anyone else).
 */

type QuoteRow = typeof exchangeQuotes.$inferSelect;

/** Whether the figures a confirmation carries (when it carries them) are this quote's, to the unit. */
export function confirmsQuote(
  from: AssetInfo,
  to: AssetInfo,
  quote: QuoteRow,
  body: { readonly from_amount?: ExactDecimal | undefined; readonly to_amount?: ExactDecimal | undefined },
): boolean {
  if (body.from_amount !== undefined && minorOf(body.from_amount, from.scale) !== quote.fromAmount)
    return false;
  if (body.to_amount !== undefined && minorOf(body.to_amount, to.scale) !== quote.toAmount) return false;
  return true;
}

/**
 * The order that fills exactly the quote on an unchanged book: a sell of its whole lots, fill or kill; a buy
 * spending the quote's notional (its pay less its fee), so the order's hold is the pay and never more.
 */
export function exactOrder(
  instId: string,
  side: 'buy' | 'sell',
  quote: QuoteRow,
  from: AssetInfo,
  requestId: string | undefined,
): ConvertOrder {
  return side === 'sell'
    ? {
        instId,
        side,
        type: 'market',
        sz: exactOf(quote.fromAmount, from.scale),
        tgtCcy: 'base_ccy',
        tif: 'FOK',
        request_id: requestId,
      }
    : {
        instId,
        side,
        type: 'market',
        sz: exactOf(quote.fromAmount - quote.fee, from.scale),
        tgtCcy: 'quote_ccy',
        request_id: requestId,
      };
}

/** What the fill gave beyond the quote, per side, or why the quote cannot stand. */
export function surplusOf(
  side: 'buy' | 'sell',
  quote: Pick<QuoteRow, 'fromAmount' | 'toAmount'>,
  fill: ConvertFill,
): { readonly from: bigint; readonly to: bigint } {
  if (side === 'sell') {
    if (fill.filledSize !== quote.fromAmount) throw new DomainError('InsufficientLiquidity');
    const received = fill.filledQuote - fill.fee;
    if (received < quote.toAmount) throw new DomainError('PriceMoved');
    return { from: 0n, to: received - quote.toAmount };
  }
  const spent = fill.filledQuote + fill.fee;
  if (fill.filledSize < quote.toAmount || spent > quote.fromAmount) throw new DomainError('PriceMoved');
  return { from: quote.fromAmount - spent, to: fill.filledSize - quote.toAmount };
}

/**
 * Inside the order's transaction: refuses a fill worse than the quote, and takes what a better one gave beyond
 * it to the fee account, so the user's journal lines of the exchange add up to the quote's amounts exactly.
 */
export async function settleExactly(
  tx: Tx,
  ledger: Ledger,
  x: {
    readonly userId: number;
    readonly side: 'buy' | 'sell';
    readonly quote: QuoteRow;
    readonly fill: ConvertFill;
    readonly from: AssetInfo;
    readonly to: AssetInfo;
  },
): Promise<void> {
  const surplus = surplusOf(x.side, x.quote, x.fill);
  const postings: Posting[] = [];
  for (const [asset, amount] of [
    [x.from, surplus.from],
    [x.to, surplus.to],
  ] as const) {
    if (amount === 0n) continue;
    const user = await ledger.account(tx, { userId: x.userId, asset: asset.symbol, kind: 'spot' });
    const fees = await ledger.systemAccount(tx, SYSTEM.fees, asset.symbol);
    postings.push({ account: user, bucket: 'available', amount: -amount });
    postings.push({ account: fees, bucket: 'available', amount });
  }
  if (postings.length === 0) return;
  await ledger.post(tx, {
    cause: 'exchange',
    ref: x.quote.id,
    remark: `${x.from.symbol} → ${x.to.symbol}`,
    userId: x.userId,
    postings,
  });
}
