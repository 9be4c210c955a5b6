/**
 * A new card (virtual, physical, or a replacement): the fee paid, then the issuer asked. A test card of the
 * simulated issuer costs nothing; a card the issuer never made costs nothing either (its fee comes back).
 */
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { mineAddress } from './addresses';
import { bins, cardView, mineCard } from './card-view';
import type { CardRow, CardsCtx, CardView } from './context';
import { approvedKyc } from './kyc';
import { money, USDT } from './math';
import { CARDS_SYSTEM } from './pools';
import { cards } from './tables';

/**
 * A new card: the fee paid and the row written in one transaction, then the issuer asked (idempotent by our
 * card's id), then the card completed. An issuer that refuses leaves the card failed and the fee returned.
 */
export async function openCard(
  ctx: CardsCtx,
  userId: number,
  body: { bin: string; address_id?: number | undefined; request_id?: string | undefined },
  kind: 'virtual' | 'physical',
  replaces: CardRow | null = null,
): Promise<CardView> {
  const { settings, ledger, clock } = ctx;
  const k = await approvedKyc(ctx, userId);
  const bin = (await bins(ctx)).find((b) => b.bin === body.bin && b.kind === kind);
  if (!bin) throw new DomainError('BinNotFound');
  if (kind === 'physical') {
    if (body.address_id === undefined) throw new ValidationError('address_id', 'required');
    await mineAddress(ctx, userId, body.address_id);
  }
  const fee = await feeOf(ctx, replaces ? await settings.get('cards.replace_fee') : bin.fee);
  const max = await settings.get(kind === 'virtual' ? 'cards.max_virtual' : 'cards.max_physical');
  const scope = replaces ? 'cards.replace' : `cards.open.${kind}`;
  const { id } = await ledger.withIdempotency(userId, body.request_id, scope, body, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cards:${userId}`}))`);
    if (replaces) {
      const [old] = await tx.select().from(cards).where(eq(cards.id, replaces.id)).for('update');
      if (!old || !['active', 'shipped', 'frozen'].includes(old.status))
        throw new DomainError('CardNotActive');
    } else {
      const [held] = await tx
        .select({ n: count() })
        .from(cards)
        .where(
          and(
            eq(cards.userId, userId),
            eq(cards.kind, kind),
            inArray(cards.status, ['issuing', 'applying', 'shipped', 'active', 'frozen']),
          ),
        );
      if ((held?.n ?? 0) >= max) throw new DomainError('CardLimit', { max: String(max) });
    }
    const [c] = await tx
      .insert(cards)
      .values({
        userId,
        kind,
        bin: bin.bin,
        brand: bin.brand,
        holder: `${k.givenName} ${k.surname}`.toUpperCase(),
        status: 'issuing',
        fee,
        addressId: body.address_id ?? null,
        replaces: replaces?.id ?? null,
        createdAt: clock.now(),
      })
      .returning();
    if (!c) throw new Error('card not written');
    if (fee > 0n)
      await ledger.debit(tx, {
        account: { userId, asset: USDT, kind: 'spot' },
        system: CARDS_SYSTEM.fees,
        amount: fee,
        cause: 'cards.fee',
        ref: `card:${c.id}`,
        remark: replaces ? `replacement of ${replaces.last4}` : `${bin.brand} ${kind}`,
        userId,
        requestId: body.request_id ?? null,
      });
    if (replaces) {
      await tx.update(cards).set({ status: 'replaced', replacedBy: c.id }).where(eq(cards.id, replaces.id));
    }
    return { id: c.id };
  });
  if (replaces?.issuerToken) await ctx.issuer.freeze(replaces.issuerToken);
  return complete(ctx, id);
}

async function complete(ctx: CardsCtx, id: number): Promise<CardView> {
  const { store, issuer, ledger } = ctx;
  const [c] = await store.db.select().from(cards).where(eq(cards.id, id));
  if (!c) throw new DomainError('CardNotFound');
  if (c.status !== 'issuing') return cardView(ctx, c);
  try {
    const issued = await issuer.issue({ reference: `card:${c.id}`, bin: c.bin, kind: c.kind });
    const [done] = await store.db
      .update(cards)
      .set({
        issuerToken: issued.token,
        last4: issued.last4,
        expiry: issued.expiry,
        status: c.kind === 'virtual' ? 'active' : 'applying',
      })
      .where(and(eq(cards.id, c.id), eq(cards.status, 'issuing')))
      .returning();
    return cardView(ctx, done ?? c);
  } catch (err) {
    await store.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(cards)
        .set({ status: 'failed' })
        .where(and(eq(cards.id, c.id), eq(cards.status, 'issuing')))
        .returning();
      if (failed && failed.fee > 0n)
        await ledger.credit(tx, {
          account: { userId: c.userId, asset: USDT, kind: 'spot' },
          system: CARDS_SYSTEM.fees,
          amount: c.fee,
          cause: 'cards.fee',
          ref: `card:${c.id}`,
          remark: 'the issuer did not issue the card',
          userId: c.userId,
        });
    });
    throw err;
  }
}

/** A fee as charged: the configured one for a real issuer's card, nothing for a test card. */
export async function feeOf(ctx: CardsCtx, text: string): Promise<bigint> {
  return ctx.issuer.simulated ? 0n : money(text);
}

/**
 * Cards whose fee was taken but whose issuer never answered (the instance stopped between the two): asked of
 * the issuer again after a while (it issues once per card), and failed with the fee returned when it refuses.
 */
export async function finishIssuing(ctx: CardsCtx): Promise<void> {
  const after = (await ctx.settings.get('cards.issuing_retry_s')) * 1000;
  const stuck = await ctx.store.db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.status, 'issuing'), lt(cards.createdAt, new Date(ctx.clock.now().getTime() - after))),
    );
  for (const c of stuck) await complete(ctx, c.id).catch(() => undefined);
}

export function openVirtual(
  ctx: CardsCtx,
  userId: number,
  body: { bin: string; request_id?: string | undefined },
) {
  return openCard(ctx, userId, body, 'virtual');
}

export function openPhysical(
  ctx: CardsCtx,
  userId: number,
  body: { bin: string; address_id: number; request_id?: string | undefined },
) {
  return openCard(ctx, userId, body, 'physical');
}

export async function replace(
  ctx: CardsCtx,
  userId: number,
  body: {
    card_id: number;
    reason: 'lost' | 'damaged';
    address_id?: number | undefined;
    request_id?: string | undefined;
  },
) {
  const old = await mineCard(ctx, userId, body.card_id);
  if (!['active', 'shipped', 'frozen'].includes(old.status)) throw new DomainError('CardNotActive');
  return openCard(
    ctx,
    userId,
    {
      bin: old.bin,
      address_id: old.kind === 'physical' ? (body.address_id ?? old.addressId ?? undefined) : undefined,
      request_id: body.request_id,
    },
    old.kind,
    old,
  );
}
