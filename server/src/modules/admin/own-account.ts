/**
 * An operator's own account: enrolling a TOTP second factor (set up, then confirmed with a first code, which
 * answers the recovery codes once) and changing the password; each ends the operator's other sessions.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorUser } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import type { AdminCtx } from './context';
import { checkPassword, hashPassword } from './passwords';
import { base32Encode, newRecoveryCodes, newTotpSecret, otpauthUri, seal, unseal, verifyTotp } from './totp';

const { operators } = schema;

const ISSUER = 'Nexa operators';

async function enrolled(ctx: AdminCtx, operatorId: number): Promise<boolean> {
  const [row] = await ctx.store.db
    .select({ at: operators.totpConfirmedAt })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return Boolean(row?.at);
}

/** Starts (or restarts, before it is confirmed) the enrolment of a TOTP second factor. */
export async function totpSetup(ctx: AdminCtx, op: OperatorUser) {
  // The operator's record decides, not the session: an enrolled factor is never replaced this way.
  if (op.secondFactor || (await enrolled(ctx, op.id))) throw new DomainError('InvalidState');
  const secret = newTotpSecret();
  await ctx.store.db
    .update(operators)
    .set({ totpSecret: seal(ctx.config.operatorKey, secret), totpLastStep: null })
    .where(eq(operators.id, op.id));
  return { secret: base32Encode(secret), otpauth_uri: otpauthUri(ISSUER, op.name, secret) };
}

/** Confirms the enrolment with a first code; answers the recovery codes, once. */
export async function totpConfirm(ctx: AdminCtx, op: OperatorUser, code: string) {
  const { store, clock, config } = ctx;
  if (op.secondFactor) throw new DomainError('InvalidState');
  const [row] = await store.db.select().from(operators).where(eq(operators.id, op.id));
  if (!row?.totpSecret || row.totpConfirmedAt) throw new DomainError('InvalidState');
  const step = verifyTotp(unseal(config.operatorKey, row.totpSecret), code, clock.now().getTime(), null);
  if (step === null) throw new ValidationError('code', 'invalid_value');
  const { codes, hashes } = newRecoveryCodes();
  const done = await store.db
    .update(operators)
    .set({ totpConfirmedAt: clock.now(), totpLastStep: step, recoveryCodes: hashes })
    .where(and(eq(operators.id, op.id), isNull(operators.totpConfirmedAt)))
    .returning({ id: operators.id });
  if (done.length !== 1) throw new DomainError('InvalidState');
  // Every other session (opened with the password alone) ends; this one just proved the code.
  const revoked = await ctx.sessions.endOthers(op, { secondFactor: true });
  await auditOperator(store.db, clock.now(), {
    operatorId: op.id,
    action: 'operator.second_factor',
    subject: `operator:${op.id}`,
    before: null,
    after: { enrolled: true, revoked },
  });
  return { recovery_codes: codes };
}

/** An operator changes their own password: every other session ends. */
export async function changePassword(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { password: string; new_password: string },
) {
  const { store, clock } = ctx;
  const [row] = await store.db.select().from(operators).where(eq(operators.id, op.id));
  if (!row || !(await checkPassword(body.password, row.passwordHash)))
    throw new DomainError('OperatorLoginFailed');
  await store.db
    .update(operators)
    .set({ passwordHash: await hashPassword(body.new_password) })
    .where(eq(operators.id, op.id));
  const revoked = await ctx.sessions.endOthers(op, {});
  await auditOperator(store.db, clock.now(), {
    operatorId: op.id,
    action: 'operator.password',
    subject: `operator:${op.id}`,
    before: null,
    after: { changed: true, revoked },
  });
  return null;
}
