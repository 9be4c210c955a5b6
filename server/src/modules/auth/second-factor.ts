/**
 * A user's second factor: an authenticator app's TOTP (`otpauth`: SHA-1, 30-second steps, six digits, a step
 * of drift either way, each code taken once). Set up (a secret sealed at rest and its otpauth:// link for the
 * QR code), enabled by its first code (ten recovery codes shown once, kept as SHA-256), disabled with a code or
 * a recovery code. Each change is told to the user (a security notice) and holds withdrawals and transfers for
 * `auth.security_lock_h`.
 */
import { hkdfSync } from 'node:crypto';
import { formatDateMinute } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { DomainError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { seal, unseal } from '../../kernel/seal';
import { sha256Hex } from '../../kernel/tokens';
import { schema, type Tx } from '../../store';
import type { AuthCtx } from './context';
import { userSecondFactors } from './tables';

const { users } = schema;
const ISSUER = 'Nexa';
const PERIOD_S = 30;
/** Codes tried per user in ten minutes (right or wrong): six digits are not guessed in that many tries. */
const TRIES_PER_10_MIN = 10;

/** Ten one-time recovery codes (`XXXXX-XXXXX`, base32), shown once; only their hashes are kept. */
function newRecoveryCodes(n = 10): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: n }, () => {
    const t = new OTPAuth.Secret({ size: 7 }).base32.slice(0, 10);
    return `${t.slice(0, 5)}-${t.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

const recoveryHash = (code: string): string => sha256Hex(`recovery:${code.trim().toUpperCase()}`);

/** The key the authenticator secrets are sealed with: derived from OPERATOR_KEY for this use only. */
export const totpKey = (operatorKey: Uint8Array) =>
  new Uint8Array(hkdfSync('sha256', operatorKey, new Uint8Array(0), 'user-totp', 32));

function totpOf(secretBase32: string, account: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

async function rowOf(db: Tx | AuthCtx['store']['db'], userId: number) {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
  return row ?? null;
}

/** Until when withdrawals wait after the last change (null once open). */
export async function lockedUntil(ctx: AuthCtx, changedAt: Date | null): Promise<Date | null> {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + (await ctx.settings.get('auth.security_lock_h')) * 3_600_000);
  return until > ctx.clock.now() ? until : null;
}

export const showTime = (d: Date) => formatDateMinute(d, 0);

export async function securityStatus(ctx: AuthCtx, userId: number) {
  const [row, [user]] = await Promise.all([
    rowOf(ctx.store.db, userId),
    ctx.store.db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
  ]);
  const until = await lockedUntil(ctx, row?.changedAt ?? null);
  return {
    totp_enabled: Boolean(row?.secretSealed),
    locked_until: until ? until.toISOString() : null,
    recovery_left: row?.secretSealed ? row.recoveryHashes.length : 0,
    email: user?.email ?? null,
  };
}

/**
 * The step a code was taken at, when it is right and newer than the last one taken; else null. Tries are
 * counted per user, so the six digits cannot be walked.
 */
async function stepOf(ctx: AuthCtx, userId: number, sealed: string, code: string, lastStep: number | null) {
  const now = ctx.clock.now().getTime();
  if (!(await ctx.limiter.hit(`totp:${userId}`, TRIES_PER_10_MIN, 600_000, now)))
    throw new DomainError('RateLimited');
  const secret = unseal(totpKey(ctx.config.operatorKey), sealed).toString('utf8');
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Records a change of the security settings: the lock starts, the user is told (in the caller's transaction). */
export async function markChanged(ctx: AuthCtx, tx: Tx, userId: number, change: string): Promise<Date> {
  const now = ctx.clock.now();
  await tx
    .insert(userSecondFactors)
    .values({ userId, changedAt: now })
    .onConflictDoUpdate({ target: userSecondFactors.userId, set: { changedAt: now } });
  const until = new Date(now.getTime() + (await ctx.settings.get('auth.security_lock_h')) * 3_600_000);
  await writeNotice(ctx.outbox, tx, {
    userId,
    kind: 'security_changed',
    ref: `security_${change}_${now.getTime()}`,
    params: { change, until: showTime(until) },
  });
  return until;
}

export async function totpSetup(ctx: AuthCtx, userId: number) {
  const row = await rowOf(ctx.store.db, userId);
  if (row?.secretSealed) throw new DomainError('TotpAlreadyEnabled');
  const [me] = await ctx.store.db.select({ uid: users.uid }).from(users).where(eq(users.id, userId));
  if (!me) throw new DomainError('SessionInvalid');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const pendingSealed = seal(totpKey(ctx.config.operatorKey), Buffer.from(secret, 'utf8'));
  await ctx.store.db
    .insert(userSecondFactors)
    .values({ userId, pendingSealed })
    .onConflictDoUpdate({ target: userSecondFactors.userId, set: { pendingSealed } });
  return { secret, uri: totpOf(secret, `UID ${me.uid}`).toString() };
}

export async function totpEnable(ctx: AuthCtx, userId: number, code: string) {
  const row = await rowOf(ctx.store.db, userId);
  if (row?.secretSealed) throw new DomainError('TotpAlreadyEnabled');
  if (!row?.pendingSealed) throw new DomainError('TotpSetupMissing');
  const step = await stepOf(ctx, userId, row.pendingSealed, code, null);
  if (step === null) throw new DomainError('TotpInvalid');
  const { codes, hashes } = newRecoveryCodes();
  const pending = row.pendingSealed;
  const until = await ctx.store.db.transaction(async (tx) => {
    const done = await tx
      .update(userSecondFactors)
      .set({
        secretSealed: pending,
        pendingSealed: null,
        enabledAt: ctx.clock.now(),
        lastStep: step,
        recoveryHashes: hashes,
      })
      .where(eq(userSecondFactors.userId, userId))
      .returning({ userId: userSecondFactors.userId });
    if (done.length === 0) throw new DomainError('TotpSetupMissing');
    return markChanged(ctx, tx, userId, 'totp_enabled');
  });
  return { recovery_codes: codes, locked_until: until.toISOString() };
}

export async function totpDisable(ctx: AuthCtx, userId: number, code: string) {
  const row = await rowOf(ctx.store.db, userId);
  if (!row?.secretSealed) throw new DomainError('TotpNotEnabled');
  if (/^\d{6}$/.test(code)) {
    if ((await stepOf(ctx, userId, row.secretSealed, code, row.lastStep)) === null)
      throw new DomainError('TotpInvalid');
  } else {
    // A recovery code ends the factor, so it is used up with it. Tries count as a code's do.
    const now = ctx.clock.now().getTime();
    if (!(await ctx.limiter.hit(`totp:${userId}`, TRIES_PER_10_MIN, 600_000, now)))
      throw new DomainError('RateLimited');
    if (!row.recoveryHashes.includes(recoveryHash(code))) throw new DomainError('TotpInvalid');
  }
  const until = await ctx.store.db.transaction(async (tx) => {
    await tx
      .update(userSecondFactors)
      .set({ secretSealed: null, pendingSealed: null, enabledAt: null, lastStep: null, recoveryHashes: [] })
      .where(eq(userSecondFactors.userId, userId));
    return markChanged(ctx, tx, userId, 'totp_disabled');
  });
  return { locked_until: until.toISOString() };
}

/**
 * A money move's authenticator check: nothing where none is enabled; else a right code not taken before.
 * Answers the step to record with the move (null without a factor).
 */
export async function checkTotp(
  ctx: AuthCtx,
  userId: number,
  code: string | undefined,
): Promise<{ step: number; before: number | null } | null> {
  const row = await rowOf(ctx.store.db, userId);
  if (!row?.secretSealed) return null;
  if (!code) throw new DomainError('TotpRequired');
  const step = await stepOf(ctx, userId, row.secretSealed, code, row.lastStep);
  if (step === null) throw new DomainError('TotpInvalid');
  return { step, before: row.lastStep };
}

/** The security lock's refusal, when one holds. */
export async function refuseWhileLocked(ctx: AuthCtx, userId: number): Promise<void> {
  const row = await rowOf(ctx.store.db, userId);
  const until = await lockedUntil(ctx, row?.changedAt ?? null);
  if (until) throw new DomainError('WithdrawalsLocked', { until: showTime(until) });
}
