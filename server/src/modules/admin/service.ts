import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { OperatorAccess } from '@nexa/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { newToken, sha256Hex } from '../../kernel/tokens';
import { schema } from '../../store';
import {
  base32Encode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryHash,
  seal,
  unseal,
  verifyTotp,
} from './totp';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const { operators, operatorSessions, auditLog } = schema;

import type { OperatorRole, OperatorUser } from '../../kernel/context';
import { createFourEyes } from './four-eyes';
import { createLockout, operatorSessionsOf } from './lockout';
import { ADMIN_SETTINGS } from './settings';
import { createSolvency, type SolvencyDeps } from './solvency';

export type { OperatorRole, OperatorUser };

const OPERATOR_SESSION_S = 12 * 3600;
const ISSUER = 'Nexa operators';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * Operators: sign-in with a second factor (TOTP, or a one-time recovery code), sessions that expire and
 * can be revoked, roles, a limit on actions per minute, and the operator side of deposits, withdrawals and
 * solvency. Where the second factor is required (production by default), an operator without one may
 * only enrol it.
 */
export function createAdmin(deps: SolvencyDeps) {
  const { store, clock, limiter, config } = deps;
  const settings = deps.settings.of(ADMIN_SETTINGS);
  const fourEyes = createFourEyes(deps, hashPassword);
  const sessions = operatorSessionsOf(deps);
  const lockout = createLockout(deps);

  async function createOperator(name: string, password: string, roles: readonly OperatorRole[]) {
    const [row] = await store.db
      .insert(operators)
      .values({ name, passwordHash: await hashPassword(password), roles: [...roles], createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    return row?.id ?? null;
  }

  /** The second factor's answer: a TOTP code (taken once), or a recovery code (used up). */
  async function secondFactorOk(op: typeof operators.$inferSelect, given: string): Promise<boolean> {
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
      .where(
        and(eq(operators.id, op.id), sql`${operators.recoveryCodes} @> ${JSON.stringify([hash])}::jsonb`),
      )
      .returning({ id: operators.id });
    return used.length === 1;
  }

  async function login(name: string, password: string, ip: string, totp?: string) {
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
      if (!(await secondFactorOk(op, totp))) {
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

  async function authenticate(token: string): Promise<OperatorUser | null> {
    if (!token || token.length > 200) return null;
    const [row] = await store.db
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
          gt(operatorSessions.expiresAt, clock.now()),
          isNull(operators.disabledAt),
          isNull(operators.lockedAt),
          eq(operators.status, 'active'),
        ),
      );
    if (!row) return null;
    const { totpConfirmedAt, sessionSecondFactor, ...op } = row;
    return { ...op, secondFactor: totpConfirmedAt !== null && sessionSecondFactor };
  }

  async function logout(op: OperatorUser): Promise<null> {
    await store.db
      .update(operatorSessions)
      .set({ revokedAt: clock.now() })
      .where(eq(operatorSessions.id, op.sessionId));
    return null;
  }

  /** Starts (or restarts, before it is confirmed) the enrolment of a TOTP second factor. */
  async function totpSetup(op: OperatorUser) {
    // The operator's record decides, not the session: an enrolled factor is never replaced this way.
    if (op.secondFactor || (await enrolled(op.id))) throw new DomainError('InvalidState');
    const secret = newTotpSecret();
    await store.db
      .update(operators)
      .set({ totpSecret: seal(config.operatorKey, secret), totpLastStep: null })
      .where(eq(operators.id, op.id));
    return { secret: base32Encode(secret), otpauth_uri: otpauthUri(ISSUER, op.name, secret) };
  }

  /** Confirms the enrolment with a first code; answers the recovery codes, once. */
  async function totpConfirm(op: OperatorUser, code: string) {
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
    const revoked = await sessions.endOthers(op, { secondFactor: true });
    await audit(op, 'operator.second_factor', `operator:${op.id}`, null, { enrolled: true, revoked });
    return { recovery_codes: codes };
  }

  async function enrolled(operatorId: number): Promise<boolean> {
    const [row] = await store.db
      .select({ at: operators.totpConfirmedAt })
      .from(operators)
      .where(eq(operators.id, operatorId));
    return Boolean(row?.at);
  }

  /** An operator changes their own password: every other session ends. */
  async function changePassword(op: OperatorUser, body: { password: string; new_password: string }) {
    const [row] = await store.db.select().from(operators).where(eq(operators.id, op.id));
    if (!row || !(await checkPassword(body.password, row.passwordHash)))
      throw new DomainError('OperatorLoginFailed');
    await store.db
      .update(operators)
      .set({ passwordHash: await hashPassword(body.new_password) })
      .where(eq(operators.id, op.id));
    const revoked = await sessions.endOthers(op, {});
    await audit(op, 'operator.password', `operator:${op.id}`, null, { changed: true, revoked });
    return null;
  }

  async function audit(op: OperatorUser, action: string, subject: string, before: unknown, after: unknown) {
    await store.db.insert(auditLog).values({
      actorKind: 'operator',
      actorId: op.id,
      action,
      subject,
      before: before as never,
      after: after as never,
      createdAt: clock.now(),
    });
  }

  /**
   * An operator call's declared access, applied by the transport before the handler runs: a second factor
   * where required, one of the roles (an admin holds all), and for calls that change something at most
   * `admin.actions_per_minute` a minute.
   */
  async function authorize(op: OperatorUser, access: OperatorAccess): Promise<void> {
    if (access.secondFactor && config.operator2fa === 'required' && !op.secondFactor) {
      throw new DomainError('SecondFactorRequired');
    }
    const admin = op.roles.includes('admin');
    if (access.roles.length > 0 && !admin && !access.roles.some((r) => op.roles.includes(r))) {
      throw new DomainError('Forbidden');
    }
    if (access.acts) {
      const perMinute = await settings.get('admin.actions_per_minute');
      if (!(await limiter.hit(`admin-act:${op.id}`, perMinute, 60_000, clock.now().getTime()))) {
        throw new DomainError('RateLimited');
      }
    }
    // A money role approves money only after its cooldown (the bootstrap's and the demo's are exempt).
    if (access.money) await fourEyes.refuseWhileCooling(op.id);
  }

  const solvencyReport = createSolvency(deps);
  /** The solvency report (admin/solvency.ts). */
  const solvency = () => solvencyReport.report();

  return {
    createOperator,
    /** An admin creates an operator; with a money role it waits for a second admin (four-eyes.ts). */
    createOperatorBy: fourEyes.create,
    fourEyes,
    changePassword,
    unlock: lockout.unlock,
    login,
    logout,
    authenticate,
    totpSetup,
    totpConfirm,
    authorize,
    solvency,
  };
}

export type AdminModule = ReturnType<typeof createAdmin>;
