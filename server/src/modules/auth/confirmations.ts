/**
 * Confirming what moves money (withdrawals, transfers to another user, large purchases): a one-time nonce
 * issued to the user, an EIP-712 message naming the action, asset, amount, destination and that nonce, signed
 * by the wallet that owns the account and checked here with viem; the authenticator's code where one is
 * enabled; and, for withdrawals and transfers, the lock after a change of the security settings. `check`
 * only reads, so a refused call changes nothing; the module that moves the money calls `consume` in the
 * transaction of the move (the nonce is used if and only if the move commits) and `release` if its entry is
 * refused after that.
 */
import { randomBytes } from 'node:crypto';
import { type ConfirmAction, confirmTypedData, type ExactDecimal, parseExact } from '@nexa/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recoverTypedDataAddress } from 'viem';
import { DomainError } from '../../kernel/errors';
import type { ConfirmExpect, ConfirmInput, ConfirmTicket } from '../../ports/confirm';
import { schema, type Tx } from '../../store';
import type { AuthCtx } from './context';
import { checkTotp, refuseWhileLocked } from './second-factor';
import { confirmNonces, userSecondFactors } from './tables';

const { users } = schema;

export async function issueNonce(ctx: AuthCtx, userId: number, action: ConfirmAction) {
  const now = ctx.clock.now();
  const perMinute = await ctx.settings.get('auth.confirm_per_minute');
  if (!(await ctx.limiter.hit(`confirm:${userId}`, perMinute, 60_000, now.getTime())))
    throw new DomainError('RateLimited');
  const nonce = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + (await ctx.settings.get('auth.confirm_ttl_s')) * 1000);
  await ctx.store.db.insert(confirmNonces).values({ nonce, userId, action, createdAt: now, expiresAt });
  return {
    nonce,
    expires_at: expiresAt.toISOString(),
    domain: confirmTypedData(ctx.config.chainId, {
      action,
      asset: '',
      amount: '',
      destination: '',
      nonce,
    }).domain,
  };
}

const sameAmount = (text: string, want: ExactDecimal) => {
  const got = parseExact(text.trim());
  return got !== null && got.units === want.units && got.decimals === want.decimals;
};

const sameDestination = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Everything but the use: refuses with the first rule broken, in the order the user can act on. */
export async function checkConfirmation(
  ctx: AuthCtx,
  userId: number,
  want: ConfirmExpect,
  input: ConfirmInput,
): Promise<ConfirmTicket> {
  if (want.locked) await refuseWhileLocked(ctx, userId);
  const c = input.confirm;
  if (!c) throw new DomainError('ConfirmationRequired');
  const [issued] = await ctx.store.db.select().from(confirmNonces).where(eq(confirmNonces.nonce, c.nonce));
  if (!issued || issued.userId !== userId) throw new DomainError('ConfirmationUnknown');
  if (issued.usedAt) throw new DomainError('ConfirmationReplayed');
  if (issued.expiresAt <= ctx.clock.now()) throw new DomainError('ConfirmationExpired');
  const [me] = await ctx.store.db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  if (!me) throw new DomainError('SessionInvalid');
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({
      ...confirmTypedData(ctx.config.chainId, c),
      signature: c.signature as `0x${string}`,
    });
  } catch {
    throw new DomainError('ConfirmationWrongSigner');
  }
  if (signer.toLowerCase() !== me.address.toLowerCase()) throw new DomainError('ConfirmationWrongSigner');
  if (c.action !== want.action || issued.action !== want.action)
    throw new DomainError('SignedActionMismatch');
  if (c.asset !== want.asset) throw new DomainError('SignedAssetMismatch');
  if (!sameAmount(c.amount, want.amount)) throw new DomainError('SignedAmountMismatch');
  if (!sameDestination(c.destination, want.destination)) throw new DomainError('SignedDestinationMismatch');
  const totp = await checkTotp(ctx, userId, input.totp_code);
  return { userId, nonce: c.nonce, totp };
}

/** Uses the confirmation up inside the move's transaction: a second use (a race) is refused. */
export async function consumeConfirmation(ctx: AuthCtx, tx: Tx, t: ConfirmTicket): Promise<void> {
  const used = await tx
    .update(confirmNonces)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(eq(confirmNonces.nonce, t.nonce), eq(confirmNonces.userId, t.userId), isNull(confirmNonces.usedAt)),
    )
    .returning({ nonce: confirmNonces.nonce });
  if (used.length === 0) throw new DomainError('ConfirmationReplayed');
  if (!t.totp) return;
  const taken = await tx
    .update(userSecondFactors)
    .set({ lastStep: t.totp.step })
    .where(
      and(
        eq(userSecondFactors.userId, t.userId),
        or(isNull(userSecondFactors.lastStep), lt(userSecondFactors.lastStep, t.totp.step)),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  if (taken.length === 0) {
    // Put the nonce back: this call changes nothing.
    await releaseConfirmation(ctx, tx, { ...t, totp: null });
    throw new DomainError('TotpInvalid');
  }
}

/** Gives the confirmation back when the move it was used for was refused after all (a short balance). */
export async function releaseConfirmation(_ctx: AuthCtx, tx: Tx, t: ConfirmTicket): Promise<void> {
  await tx.update(confirmNonces).set({ usedAt: null }).where(eq(confirmNonces.nonce, t.nonce));
  if (t.totp)
    await tx
      .update(userSecondFactors)
      .set({ lastStep: t.totp.before })
      .where(and(eq(userSecondFactors.userId, t.userId), eq(userSecondFactors.lastStep, t.totp.step)));
}

/** Housekeeping: forget nonces an hour past their expiry. */
export async function sweepConfirmNonces(ctx: AuthCtx): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - 3_600_000);
  await ctx.store.db.delete(confirmNonces).where(lt(confirmNonces.expiresAt, cutoff));
}
