/**
 * A user's favourite instruments: starred on Markets, kept per user so they follow the account to every
 * device. Only instruments the platform lists can be starred, so a user's list is never longer than the list
 * of instruments.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { MarketDataCtx } from './context';
import { marketFavorites } from './tables';

/** The user's favourites, oldest star first. */
export async function favorites(ctx: MarketDataCtx, userId: number): Promise<{ list: string[] }> {
  const rows = await ctx.deps.store.db
    .select({ instId: marketFavorites.instId })
    .from(marketFavorites)
    .where(eq(marketFavorites.userId, userId))
    .orderBy(asc(marketFavorites.seq));
  return { list: rows.map((r) => r.instId) };
}

/** Every instrument the platform lists now: the spot pairs and the swaps. */
export async function listed(ctx: MarketDataCtx): Promise<Set<string>> {
  const spot = await ctx.deps.venue.instruments();
  const swaps = ctx.deps.swapVenue ? await ctx.deps.swapVenue().instruments() : [];
  return new Set([...spot, ...swaps].map((i) => i.instId));
}

/** Stars or unstars one instrument; the same call twice leaves one row (or none). */
export async function setFavorite(
  ctx: MarketDataCtx,
  userId: number,
  instId: string,
  on: boolean,
): Promise<{ list: string[] }> {
  const { store, clock } = ctx.deps;
  if (on) {
    if (!(await listed(ctx)).has(instId)) throw new DomainError('NotFound');
    await store.db
      .insert(marketFavorites)
      .values({ userId, instId, createdAt: clock.now() })
      .onConflictDoNothing();
  } else {
    await store.db
      .delete(marketFavorites)
      .where(and(eq(marketFavorites.userId, userId), eq(marketFavorites.instId, instId)));
  }
  return favorites(ctx, userId);
}
