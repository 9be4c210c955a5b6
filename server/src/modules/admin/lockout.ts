import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps, OperatorUser } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { ADMIN_SETTINGS } from './settings';

const { operators, operatorSessions, auditLog } = schema;

/**
 * Wrong second-factor codes lock an operator: counted in the operator's row (not in memory, so every server
 * and every restart sees the same count), `admin.totp_max_failures` in a row lock it until an admin unlocks it.
 */
export function createLockout(deps: AppDeps) {
  const { store, clock } = deps;
  const settings = deps.settings.of(ADMIN_SETTINGS);

  /** Counts a wrong code after a right password; answers whether the operator is locked now. */
  async function wrongCode(operatorId: number): Promise<boolean> {
    const max = await settings.get('admin.totp_max_failures');
    return store.db.transaction(async (tx) => {
      const [row] = await tx
        .update(operators)
        .set({ failedCodes: sql`${operators.failedCodes} + 1` })
        .where(eq(operators.id, operatorId))
        .returning({ failed: operators.failedCodes, lockedAt: operators.lockedAt });
      if (!row || row.failed < max) return false;
      if (row.lockedAt) return true;
      await tx.update(operators).set({ lockedAt: clock.now() }).where(eq(operators.id, operatorId));
      // Sessions already open end too: whoever guesses codes may hold one.
      await tx
        .update(operatorSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
      await tx.insert(auditLog).values({
        actorKind: 'system',
        actorId: null,
        action: 'operator.locked',
        subject: `operator:${operatorId}`,
        before: { locked: false },
        after: { locked: true, failed_codes: row.failed },
        createdAt: clock.now(),
      });
      return true;
    });
  }

  async function rightCode(operatorId: number): Promise<void> {
    await store.db
      .update(operators)
      .set({ failedCodes: 0 })
      .where(and(eq(operators.id, operatorId), isNull(operators.lockedAt)));
  }

  /** An admin unlocks an operator (the count starts again). */
  async function unlock(op: OperatorUser, body: { operator_id: number; reason: string }): Promise<void> {
    const [row] = await store.db
      .select({ lockedAt: operators.lockedAt, failed: operators.failedCodes })
      .from(operators)
      .where(eq(operators.id, body.operator_id));
    if (!row) throw new DomainError('NotFound');
    if (!row.lockedAt) throw new DomainError('InvalidState');
    await store.db.transaction(async (tx) => {
      await tx
        .update(operators)
        .set({ lockedAt: null, failedCodes: 0 })
        .where(eq(operators.id, body.operator_id));
      await auditOperator(tx, clock.now(), {
        operatorId: op.id,
        action: 'operator.unlock',
        subject: `operator:${body.operator_id}`,
        before: { locked_at: row.lockedAt?.toISOString() ?? null, failed_codes: row.failed },
        after: { locked_at: null, failed_codes: 0, reason: body.reason },
      });
    });
  }

  return { wrongCode, rightCode, unlock };
}

/** An operator's sessions as a change of password or factor leaves them. */
export function operatorSessionsOf(deps: AppDeps) {
  const { store, clock } = deps;

  /**
   * Ends every session of the operator but the one that made the change; that one becomes second-factor when
   * it just proved a code. Answers how many ended.
   */
  async function endOthers(op: OperatorUser, keep: { secondFactor?: boolean }): Promise<number> {
    return store.db.transaction(async (tx) => {
      const ended = await tx
        .update(operatorSessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(operatorSessions.operatorId, op.id),
            ne(operatorSessions.id, op.sessionId),
            isNull(operatorSessions.revokedAt),
          ),
        )
        .returning({ id: operatorSessions.id });
      if (keep.secondFactor)
        await tx
          .update(operatorSessions)
          .set({ secondFactor: true })
          .where(eq(operatorSessions.id, op.sessionId));
      return ended.length;
    });
  }

  return { endOthers };
}
