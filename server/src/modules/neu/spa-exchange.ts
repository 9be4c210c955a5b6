/**
 * The SPA exchange, what the line owns: SPA quota spent for NEU at the operators' rate, paid from the line's
 * funded fund, never from thin air; and a user's exchanges with the terms now.
 */
import { formatAmount, NEU_ASSET, type RequestOutput, type ResponseData, SPA_ASSET } from '@nexa/contract';
import { count, desc, eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { ValidationError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import { NEU_SYSTEM, type NeuCtx, neuAsset, spaAsset } from './context';
import { terms } from './figures';
import { spaToNeu } from './math';
import { neuSpaExchanges } from './tables';

function exchangeView(
  ctx: NeuCtx,
  r: typeof neuSpaExchanges.$inferSelect,
): ResponseData<'/api/neu/spaExchange'> {
  return {
    id: r.id,
    spa: formatAmount(r.spa, spaAsset(ctx).scale),
    neu: formatAmount(r.neu, neuAsset(ctx).scale),
    rate: formatAmount(r.rate, 8),
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * SPA quota for NEU: the SPA goes to the line's sink, the NEU comes from the funded fund, in one
 * transaction; when the fund holds too little the ledger refuses (SystemFundsShort) and nothing moves.
 */
export async function spaExchange(ctx: NeuCtx, userId: number, body: RequestOutput<'/api/neu/spaExchange'>) {
  const { clock, ledger } = ctx;
  const t = await terms(ctx);
  const amount = minorUnits(body.amount, spaAsset(ctx));
  if (amount < t.min) throw new ValidationError('amount', 'too_small');
  const out = spaToNeu(amount, t.rate, spaAsset(ctx).scale, neuAsset(ctx).scale);
  if (out <= 0n) throw new ValidationError('amount', 'too_small');
  return ledger.withIdempotency(userId, body.request_id, 'neu.spa_exchange', body, async (tx) => {
    const [row] = await tx
      .insert(neuSpaExchanges)
      .values({ userId, spa: amount, neu: out, rate: t.rate, createdAt: clock.now() })
      .returning();
    if (!row) throw new Error('SPA exchange not written');
    const user = (asset: string) => ({ userId, asset, kind: 'spot' as const });
    const mine = await ledger.account(tx, user(SPA_ASSET));
    const myNeu = await ledger.account(tx, user(NEU_ASSET));
    const sink = await ledger.systemAccount(tx, NEU_SYSTEM.spent, SPA_ASSET);
    const fund = await ledger.systemAccount(tx, NEU_SYSTEM.fund, NEU_ASSET);
    await ledger.post(tx, {
      cause: 'neu.spa_exchange',
      ref: `spa:${row.id}`,
      remark: `${formatAmount(amount, spaAsset(ctx).scale)} SPA`,
      userId,
      requestId: body.request_id ?? null,
      postings: [
        { account: mine, bucket: 'available', amount: -amount },
        { account: sink, bucket: 'available', amount },
        { account: fund, bucket: 'available', amount: -out },
        { account: myNeu, bucket: 'available', amount: out },
      ],
    });
    return exchangeView(ctx, row);
  });
}

export async function spaExchanges(
  ctx: NeuCtx,
  userId: number,
  q: RequestOutput<'/api/neu/spaExchangeList'>,
) {
  const { store } = ctx;
  const where = eq(neuSpaExchanges.userId, userId);
  const [rows, [total], t] = await Promise.all([
    onPage(store.db.select().from(neuSpaExchanges).where(where).orderBy(desc(neuSpaExchanges.id)), q),
    store.db.select({ n: count() }).from(neuSpaExchanges).where(where),
    terms(ctx),
  ]);
  return {
    ...pageAnswer(
      rows.map((r) => exchangeView(ctx, r)),
      total,
    ),
    rate: t.rateText,
    min: t.minText,
  };
}
