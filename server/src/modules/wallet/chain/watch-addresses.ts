/** A watcher's deposit addresses: user N's is child N of its family's branch of the extended public key, stored once. */
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { schema } from '../../../store';
import { MAX_CHILD_INDEX } from './addresses';
import type { WatchCtx } from './watch-context';

const { depositAddresses } = schema;

export async function storedAddress(ctx: WatchCtx, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, ctx.chain)));
  return row?.address ?? null;
}

export async function depositAddress(ctx: WatchCtx, userId: number): Promise<string> {
  assert(Number.isSafeInteger(userId) && userId >= 0 && userId <= MAX_CHILD_INDEX, `bad user id ${userId}`);
  const existing = await storedAddress(ctx, userId);
  if (existing) return existing;
  const address = ctx.derive(userId);
  await ctx.db
    .insert(depositAddresses)
    .values({ userId, chain: ctx.chain, address, derivationIndex: userId, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const stored = await storedAddress(ctx, userId);
  assert(stored, 'deposit address vanished after insert');
  return stored;
}

/** Every deposit address of the chain as stored → user id. */
export async function knownAddresses(ctx: WatchCtx): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(depositAddresses.chain, ctx.chain));
  return new Map(rows.map((r) => [r.address, r.userId]));
}
