/**
 * An operator's sign-in: the password, then the second factor where enrolled (a TOTP code taken once, or a
 * recovery code used up; wrong codes counted toward a lock), a session that expires; a token's session read
 * back; sign-out.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { newToken, sha256Hex } from '../../kernel/tokens';
import { schema } from '../../store';
import type { AdminCtx } from './context';
import { checkPassword } from './passwords';
import { recoveryHash, unseal, verifyTotp } from './totp';

const { operators, operatorSessions } = schema;

const OPERATOR_SESSION_S = 12 * 3600;

/** The second factor's answer: a TOTP code (taken once), or a recovery code (used up). */
async function secondFactorOk(
  ctx: AdminCtx,
  op: typeof operators.$inferSelect,
  given: string,
): Promise<boolean> {
  const { store, clock, config } = ctx;
  if (/^\d{6}$/.test(given) && op.totpSecret) {
    const step = verifyTotp(
      unseal(config.operatorKey, op.totpSecret),
      given,
      clock.now().getTime(),
      op.totpLastStep,
    );
    if (step === null) return false;
    // Taken once: a concurrent sign-in with the same code loses the race.
    const taken = await store.db
      .update(operators)
      .set({ totpLastStep: step })
      .where(
        and(eq(operators.id, op.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
      )
      .returning({ id: operators.id });
    return taken.length === 1;
  }
  const hash = recoveryHash(given);
  if (!op.recoveryCodes.includes(hash)) return false;
  const used = await store.db
    .update(operators)
    .set({ recoveryCodes: op.recoveryCodes.filter((h) => h !== hash) })
    .where(and(eq(operators.id, op.id), sql`${operators.recoveryCodes} @> ${JSON.stringify([hash])}::jsonb`))
    .returning({ id: operators.id });
  return used.length === 1;
}

export async function login(ctx: AdminCtx, name: string, password: string, ip: string, totp?: string) {
  const { store, clock, limiter, settings, lockout } = ctx;
  const perMinute = await settings.get('admin.login_per_ip_per_minute');
  if (!(await limiter.hit(`admin-login:${ip}`, perMinute, 60_000, clock.now().getTime())))
    throw new DomainError('RateLimited');
  const [op] = await store.db
    .select()
    .from(operators)
    .where(and(eq(operators.name, name), isNull(operators.disabledAt)));
  // Compare against a dummy hash when the name is unknown, so timing does not tell names apart.
  const ok = await checkPassword(password, op?.passwordHash ?? `${'0'.repeat(32)}:${'0'.repeat(64)}`);
  if (!op || !ok || op.status === 'refused') throw new DomainError('OperatorLoginFailed');
  if (op.status === 'pending') throw new DomainError('OperatorPending');
  if (op.lockedAt) throw new DomainError('OperatorLocked');
  if (op.totpConfirmedAt) {
    if (!totp) throw new DomainError('SecondFactorRequired');
    if (!(await secondFactorOk(ctx, op, totp))) {
      if (await lockout.wrongCode(op.id)) throw new DomainError('OperatorLocked');
      throw new DomainError('OperatorLoginFailed');
    }
    if (op.failedCodes > 0) await lockout.rightCode(op.id);
  }
  const token = newToken();
  const expiresAt = new Date(clock.now().getTime() + OPERATOR_SESSION_S * 1000);
  await store.db.insert(operatorSessions).values({
    operatorId: op.id,
    tokenHash: sha256Hex(token),
    createdAt: clock.now(),
    expiresAt,
    // Only a session opened with the code counts as second-factor, also after a later enrolment.
    secondFactor: op.totpConfirmedAt !== null,
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    roles: op.roles,
    second_factor: op.totpConfirmedAt !== null,
  };
}

export async function authenticate(ctx: AdminCtx, token: string): Promise<OperatorUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.store.db
    .select({
      id: operators.id,
      name: operators.name,
      roles: operators.roles,
      sessionId: operatorSessions.id,
      totpConfirmedAt: operators.totpConfirmedAt,
      sessionSecondFactor: operatorSessions.secondFactor,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, sha256Hex(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, ctx.clock.now()),
        isNull(operators.disabledAt),
        isNull(operators.lockedAt),
        eq(operators.status, 'active'),
      ),
    );
  if (!row) return null;
  const { totpConfirmedAt, sessionSecondFactor, ...op } = row;
  return { ...op, secondFactor: totpConfirmedAt !== null && sessionSecondFactor };
}

export async function logout(ctx: AdminCtx, op: OperatorUser): Promise<null> {
  await ctx.store.db
    .update(operatorSessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(operatorSessions.id, op.sessionId));
  return null;
}
