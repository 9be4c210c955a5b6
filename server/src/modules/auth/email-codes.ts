/**
 * Email codes: one sent (limited per client address, per user and per recipient; kept as a hash with its
 * expiry), and one consumed (five tries at most).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { newEmailCode, sha256Hex } from '../../kernel/tokens';
import { schema } from '../../store';
import type { AuthCtx } from './context';

const { emailOutbox } = schema;

export async function sendEmail(
  ctx: AuthCtx,
  email: string,
  scene: string,
  ip: string,
  userId?: number,
): Promise<{ expires_in_s: number }> {
  const { store, clock, limiter, settings } = ctx;
  const nowMs = clock.now().getTime();
  const perIp = await settings.get('auth.email_per_ip_per_10min');
  const intervalS = await settings.get('auth.email_interval_s');
  const ttlS = await settings.get('auth.email_code_ttl_s');
  if (!(await limiter.hit(`email-ip:${ip}`, perIp, 600_000, nowMs))) throw new DomainError('RateLimited');
  if (userId !== undefined && !(await limiter.hit(`email-user:${userId}`, perIp, 600_000, nowMs))) {
    throw new DomainError('RateLimited');
  }
  if (!(await limiter.hit(`email-to:${email.toLowerCase()}`, 1, intervalS * 1000, nowMs)))
    throw new DomainError('RateLimited');
  const code = newEmailCode();
  const [row] = await store.db
    .insert(emailOutbox)
    .values({
      email: email.toLowerCase(),
      scene,
      codeHash: sha256Hex(`${email.toLowerCase()}:${code}`),
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + ttlS * 1000),
    })
    .returning({ id: emailOutbox.id });
  const delivered = await ctx.mailer.send({
    to: email,
    subject: 'Your verification code',
    text: `Your verification code is ${code}. It is valid for ${Math.round(ttlS / 60)} minutes.`,
  });
  if (delivered && row) {
    await store.db.update(emailOutbox).set({ deliveredAt: clock.now() }).where(eq(emailOutbox.id, row.id));
  }
  return { expires_in_s: ttlS };
}

/** Consumes a code sent to an address; false when wrong, used or expired (five tries at most). */
export async function verifyEmailCode(ctx: AuthCtx, email: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const addr = email.toLowerCase();
  return ctx.store.db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.email, addr), isNull(emailOutbox.usedAt), gt(emailOutbox.expiresAt, now)))
      .orderBy(sql`${emailOutbox.createdAt} desc`)
      .limit(1);
    if (!latest || latest.attempts >= 5) return false;
    if (latest.codeHash !== sha256Hex(`${addr}:${code}`)) {
      await tx
        .update(emailOutbox)
        .set({ attempts: latest.attempts + 1 })
        .where(eq(emailOutbox.id, latest.id));
      return false;
    }
    await tx.update(emailOutbox).set({ usedAt: now }).where(eq(emailOutbox.id, latest.id));
    return true;
  });
}
