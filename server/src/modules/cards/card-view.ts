/** A card as its owner sees it, the user's own card by id, and the card products (BINs) on offer. */
import { and, eq, ne } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { CardRow, CardsCtx, CardView } from './context';
import { SIM_TOKEN_PREFIX } from './issuer';
import { fmt } from './math';
import { cards } from './tables';

/** The card types on offer and what opening one costs: nothing for a test card of the simulated issuer. */
export async function bins(ctx: CardsCtx) {
  const test = ctx.issuer.simulated;
  return (await ctx.settings.get('cards.bins')).map((b) => ({ ...b, fee: test ? '0' : b.fee, test }));
}

export async function cardView(ctx: CardsCtx, c: CardRow): Promise<CardView> {
  const { issuer } = ctx;
  const digits = c.bin.slice(0, 6);
  return {
    id: c.id,
    kind: c.kind,
    brand: c.brand,
    bin: c.bin,
    last4: c.last4,
    masked: `${digits.slice(0, 4)} ${digits.slice(4, 6)}•• •••• ${c.last4 || '••••'}`,
    holder: c.holder,
    expiry: c.expiry,
    status: c.status === 'issuing' || c.status === 'failed' ? 'applying' : c.status,
    pin_set: c.pinSet,
    fee: fmt(c.fee),
    // The simulated issuer's tokens say so; a card still without one belongs to today's issuer.
    test: c.issuerToken ? c.issuerToken.startsWith(SIM_TOKEN_PREFIX) : issuer.simulated,
    address_id: c.addressId,
    tracking: c.tracking,
    replaced_by: c.replacedBy,
    demo_code:
      issuer.simulated && c.status === 'shipped' && c.issuerToken
        ? await issuer.demoCode(c.issuerToken)
        : null,
    created_at: c.createdAt.toISOString(),
  };
}

export async function mineCard(ctx: CardsCtx, userId: number, id: number): Promise<CardRow> {
  const [c] = await ctx.store.db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.userId, userId), ne(cards.status, 'failed')));
  if (!c) throw new DomainError('CardNotFound');
  return c;
}
