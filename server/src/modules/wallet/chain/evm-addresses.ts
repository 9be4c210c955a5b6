/** The EVM watcher's deposit addresses: user N's is child m/0/N of the extended public key, stored once. */
import assert from 'node:assert/strict';
import { ECDH } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { publicKeyToAddress } from 'viem/accounts';
import { schema } from '../../../store';
import { type EvmCtx, MAX_CHILD_INDEX } from './evm-context';

const { depositAddresses } = schema;

export function deriveAddress(ctx: EvmCtx, index: number): string {
  const child = ctx.depositBranch.deriveChild(index);
  assert(child.publicKey, 'derived key without public key');
  const uncompressed = ECDH.convertKey(
    Buffer.from(child.publicKey),
    'secp256k1',
    undefined,
    'hex',
    'uncompressed',
  );
  return publicKeyToAddress(`0x${uncompressed as string}`).toLowerCase();
}

export async function storedAddress(ctx: EvmCtx, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, ctx.chain)));
  return row?.address ?? null;
}

export async function depositAddress(ctx: EvmCtx, userId: number): Promise<string> {
  assert(Number.isSafeInteger(userId) && userId >= 0 && userId <= MAX_CHILD_INDEX, `bad user id ${userId}`);
  const existing = await storedAddress(ctx, userId);
  if (existing) return existing;
  const address = deriveAddress(ctx, userId);
  await ctx.db
    .insert(depositAddresses)
    .values({ userId, chain: ctx.chain, address, derivationIndex: userId, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const stored = await storedAddress(ctx, userId);
  assert(stored, 'deposit address vanished after insert');
  return stored;
}

/** Every deposit address of the chain, lowercase → user id. */
export async function knownAddresses(ctx: EvmCtx): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(depositAddresses.chain, ctx.chain));
  return new Map(rows.map((r) => [r.address.toLowerCase(), r.userId]));
}
