/** An exchange at a quote: a market order on the quote's book in the user's name, settled at the quote's exact amounts. */
import type { ExactDecimal } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import type { WalletCtx } from './context';
import { exchangeFeeRate, exchangeRow, pairOf, venueOrFail } from './exchange-book';
import { confirmsQuote, exactOrder, settleExactly } from './exchange-exact';
import { exchangeQuotes, walletExchanges } from './tables';

const { ledgerTransactions } = schema;

export async function exchange(
  ctx: WalletCtx,
  userId: number,
  body: {
    quote_id: string;
    request_id?: string | undefined;
    from_amount?: ExactDecimal | undefined;
    to_amount?: ExactDecimal | undefined;
  },
) {
  const [qt] = await ctx.store.db
    .select()
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, body.quote_id), eq(exchangeQuotes.userId, userId)));
  if (!qt) throw new DomainError('NotFound');
  // A used quote goes on only as the retry of the request that used it (which replays its first answer).
  const [used] = await ctx.store.db
    .select({ requestId: ledgerTransactions.requestId })
    .from(walletExchanges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, walletExchanges.ledgerTxId))
    .where(eq(walletExchanges.quoteId, qt.id));
  const replay = used !== undefined && body.request_id !== undefined && used.requestId === body.request_id;
  if (used && !replay) throw new DomainError('QuoteExpired');
  if (!used && qt.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new DomainError('QuoteExpired');

  const from = await ctx.assets.get(qt.fromAsset);
  const to = await ctx.assets.get(qt.toAsset);
  // The figures the sheet confirmed, when sent, must be this quote's: anything else is not what was shown.
  if (!confirmsQuote(from, to, qt, body)) throw new DomainError('QuoteExpired');
  const { instId, side } = await pairOf(ctx, from.symbol, to.symbol);
  const fee = await exchangeFeeRate(ctx);
  const order = exactOrder(instId, side, qt, from, body.request_id);
  return venueOrFail(ctx).submitFor(userId, order, {
    scope: 'exchange',
    body,
    takerRate: fee.text,
    cause: 'exchange',
    remark: `${from.symbol} → ${to.symbol}`,
    within: async (tx, fill, ledgerTxId) => {
      const [locked] = await tx
        .select()
        .from(exchangeQuotes)
        .where(eq(exchangeQuotes.id, qt.id))
        .for('update');
      if (!locked) throw new DomainError('NotFound');
      const [again] = await tx
        .select({ id: walletExchanges.id })
        .from(walletExchanges)
        .where(eq(walletExchanges.quoteId, qt.id));
      if (again || locked.expiresAt.getTime() <= ctx.clock.now().getTime())
        throw new DomainError('QuoteExpired');
      await settleExactly(tx, ctx.ledger, { userId, side, quote: locked, fill, from, to });
      const [row] = await tx
        .insert(walletExchanges)
        .values({
          userId,
          fromAsset: qt.fromAsset,
          toAsset: qt.toAsset,
          fromAmount: qt.fromAmount,
          toAmount: qt.toAmount,
          fee: qt.fee,
          rate: qt.rate,
          quoteId: qt.id,
          ledgerTxId,
          createdAt: ctx.clock.now(),
        })
        .returning();
      if (!row) throw new Error('exchange row not written');
      return exchangeRow(ctx, row, from, to);
    },
  });
}
