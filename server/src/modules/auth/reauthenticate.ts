/**
 * Asks a signed-in user to prove again that they hold their wallet (before a card's number is shown): a fresh
 * sign-in message for their own address, checked like a sign-in's, its nonce used up.
 */
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import type { AuthCtx } from './context';
import { verifyMessage } from './verify-message';

const { users, loginNonces } = schema;

export async function reauthenticate(
  ctx: AuthCtx,
  userId: number,
  input: { message: string; sign_message: string },
): Promise<void> {
  const { store, clock } = ctx;
  const [me] = await store.db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  if (!me) throw new DomainError('SessionInvalid');
  const { nonce } = await verifyMessage(ctx, { name: me.address, ...input });
  const used = await store.db
    .insert(loginNonces)
    .values({ nonce, address: me.address, usedAt: clock.now() })
    .onConflictDoNothing()
    .returning();
  if (used.length === 0) throw new DomainError('NonceReused');
}
