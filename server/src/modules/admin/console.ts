import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, gt, gte, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps, OperatorUser } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { DashboardPart } from '../../kernel/module';
import type { SettingsCatalogue } from '../../kernel/settings';
import { platformDays } from '../../programs/days';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';

const { operators, operatorSessions, auditLog, settings: settingsTable } = schema;

export interface ConsoleDeps extends AppDeps {
  /** Every running module's part of the dashboard, since a moment. */
  readonly dashboard: (since: Date) => Promise<readonly DashboardPart[]>;
  /** Every declared setting with its type. */
  readonly catalogue: SettingsCatalogue;
  /** The running modules' checks of a setting's new value beyond its type: what is wrong, or null. */
  readonly checkSetting: (key: string, value: unknown) => string | null;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A time filter given as text: an ISO time, or a refusal naming the field. */
function timeFilter(field: string, text: string | undefined): Date | null {
  if (text === undefined || text === '') return null;
  const t = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(t.getTime()))
    throw new ValidationError(field, 'invalid_format');
  return t;
}

/** An exact value, or a prefix when the filter ends in the separator ('withdrawal.', 'setting:'). */
function exactOrPrefix(
  column: typeof auditLog.action | typeof auditLog.subject,
  text: string,
  sep: string,
): SQL {
  if (!text.endsWith(sep)) return eq(column, text);
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return like(column, `${escaped}%`);
}

/**
 * The console's own operator calls: who is signed in, the operators, the dashboard (each module's figures
 * and queues), the typed settings with their history, and the audit log.
 */
export function createConsole(deps: ConsoleDeps) {
  const { store, clock, assets } = deps;
  const days = platformDays(deps);

  const audit = (op: OperatorUser, action: string, subject: string, before: unknown, after: unknown) =>
    auditOperator(store.db, clock.now(), { operatorId: op.id, action, subject, before, after });

  async function me(op: OperatorUser) {
    const [s] = await store.db
      .select({ expiresAt: operatorSessions.expiresAt })
      .from(operatorSessions)
      .where(eq(operatorSessions.id, op.sessionId));
    return {
      id: op.id,
      name: op.name,
      roles: [...op.roles],
      second_factor: op.secondFactor,
      expires_at: (s?.expiresAt ?? clock.now()).toISOString(),
    };
  }

  async function operatorRows(id?: number) {
    const now = clock.now();
    const active = store.db
      .select({ operatorId: operatorSessions.operatorId, n: count().as('n') })
      .from(operatorSessions)
      .where(and(isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
      .groupBy(operatorSessions.operatorId)
      .as('active');
    const rows = await store.db
      .select({
        id: operators.id,
        name: operators.name,
        roles: operators.roles,
        totpConfirmedAt: operators.totpConfirmedAt,
        createdAt: operators.createdAt,
        disabledAt: operators.disabledAt,
        sessions: active.n,
      })
      .from(operators)
      .leftJoin(active, eq(active.operatorId, operators.id))
      .where(id === undefined ? undefined : eq(operators.id, id))
      .orderBy(operators.id);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      roles: r.roles,
      second_factor: r.totpConfirmedAt !== null,
      created_at: r.createdAt.toISOString(),
      disabled_at: r.disabledAt?.toISOString() ?? null,
      active_sessions: Number(r.sessions ?? 0),
    }));
  }

  async function oneOperator(id: number) {
    const [row] = await operatorRows(id);
    if (!row) throw new DomainError('NotFound');
    return row;
  }

  async function revokeAll(operatorId: number): Promise<number> {
    const revoked = await store.db
      .update(operatorSessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    return revoked.length;
  }

  async function revokeSessions(op: OperatorUser, body: { operator_id: number; reason: string }) {
    const before = await oneOperator(body.operator_id);
    const revoked = await revokeAll(body.operator_id);
    await audit(op, 'operator.revoke_sessions', `operator:${body.operator_id}`, before, {
      ...(await oneOperator(body.operator_id)),
      reason: body.reason,
    });
    return { revoked };
  }

  async function setDisabled(
    op: OperatorUser,
    body: { operator_id: number; disabled: boolean; reason: string },
  ) {
    if (body.operator_id === op.id) throw new DomainError('InvalidState');
    const before = await oneOperator(body.operator_id);
    if ((before.disabled_at !== null) === body.disabled) throw new DomainError('InvalidState');
    await store.db
      .update(operators)
      .set({ disabledAt: body.disabled ? clock.now() : null })
      .where(eq(operators.id, body.operator_id));
    if (body.disabled) await revokeAll(body.operator_id);
    const after = await oneOperator(body.operator_id);
    await audit(
      op,
      body.disabled ? 'operator.disable' : 'operator.enable',
      `operator:${body.operator_id}`,
      before,
      {
        ...after,
        reason: body.reason,
      },
    );
    return after;
  }

  async function dashboard() {
    const since = await days.dayStart(await days.today());
    const parts = await deps.dashboard(since);
    const figures = parts.flatMap((p) => p.figures ?? []);
    const queues = parts.flatMap((p) => p.queues ?? []);
    return {
      day_start: since.toISOString(),
      figures: figures.map((f) => ({
        key: f.key,
        asset: f.asset,
        count: f.count,
        amount:
          f.amount === null || f.asset === null ? null : formatAmount(f.amount, assets.get(f.asset).scale),
      })),
      queues: queues.map((q) => ({ key: q.key, count: q.count, oldest: q.oldest?.toISOString() ?? null })),
    };
  }

  // ---- settings ----

  function schemaOf(key: string): z.ZodType {
    const s = deps.catalogue[key];
    if (!s) throw new DomainError('NotFound');
    return s;
  }

  function jsonSchema(s: z.ZodType): Record<string, unknown> {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  }

  async function settingRows(keys: readonly string[]) {
    const stored = await store.db
      .select({
        key: settingsTable.key,
        text: sql<string>`${settingsTable.value}::text`,
        updatedAt: settingsTable.updatedAt,
      })
      .from(settingsTable);
    const byKey = new Map(stored.map((r) => [r.key, r]));
    // The last change of each setting, from the audit log.
    const changes = await store.db
      .select({ subject: auditLog.subject, name: operators.name, at: auditLog.createdAt, id: auditLog.id })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.actorId))
      .where(and(eq(auditLog.action, 'setting.set'), like(auditLog.subject, 'setting:%')))
      .orderBy(desc(auditLog.id));
    const lastChange = new Map<string, { name: string | null; at: Date }>();
    for (const c of changes) {
      const key = c.subject.slice('setting:'.length);
      if (!lastChange.has(key)) lastChange.set(key, { name: c.name, at: c.at });
    }
    return keys.map((key) => {
      const type = jsonSchema(schemaOf(key));
      const row = byKey.get(key);
      const value = row ? (JSON.parse(row.text) as Json) : ((type.default as Json | undefined) ?? null);
      const change = lastChange.get(key);
      return {
        key,
        value,
        default: (type.default as Json | undefined) ?? null,
        schema: type,
        changed: row !== undefined && JSON.stringify(value) !== JSON.stringify(type.default ?? null),
        changed_at: change?.at.toISOString() ?? row?.updatedAt.toISOString() ?? null,
        changed_by: change?.name ?? null,
      };
    });
  }

  const settingsList = () => settingRows(Object.keys(deps.catalogue).sort());

  async function setSetting(op: OperatorUser, body: { key: string; value: unknown; reason: string }) {
    const type = schemaOf(body.key);
    const parsed = type.safeParse(body.value);
    if (!parsed.success || body.value === undefined || body.value === null) {
      throw new ValidationError('value', 'invalid_value');
    }
    // What holds across fields, or what the market needs to start with it, is its module's to say.
    const problem = deps.checkSetting(body.key, parsed.data);
    if (problem !== null) throw new DomainError('SettingRefused', { why: problem });
    const [before] = await settingRows([body.key]);
    await deps.settings.of(deps.catalogue).set(body.key, body.value as never);
    const [after] = await settingRows([body.key]);
    if (!after) throw new DomainError('NotFound');
    await audit(
      op,
      'setting.set',
      `setting:${body.key}`,
      { value: before?.value ?? null },
      { value: after.value, reason: body.reason },
    );
    // The change just written is the last one.
    return { ...after, changed_at: clock.now().toISOString(), changed_by: op.name };
  }

  // ---- audit log ----

  async function auditList(body: {
    action?: string | undefined;
    operator_id?: number | undefined;
    subject?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    size: number;
  }) {
    const from = timeFilter('from', body.from);
    const to = timeFilter('to', body.to);
    const where = and(
      body.action ? exactOrPrefix(auditLog.action, body.action, '.') : undefined,
      body.subject ? exactOrPrefix(auditLog.subject, body.subject, ':') : undefined,
      body.operator_id === undefined
        ? undefined
        : and(eq(auditLog.actorKind, 'operator'), eq(auditLog.actorId, body.operator_id)),
      from ? gte(auditLog.createdAt, from) : undefined,
      to ? lte(auditLog.createdAt, to) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({
            id: auditLog.id,
            createdAt: auditLog.createdAt,
            actorKind: auditLog.actorKind,
            actorId: auditLog.actorId,
            actorName: operators.name,
            action: auditLog.action,
            subject: auditLog.subject,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .leftJoin(operators, and(eq(auditLog.actorKind, 'operator'), eq(operators.id, auditLog.actorId)))
          .where(where)
          .orderBy(desc(auditLog.id)),
        body,
      ),
      store.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return pageAnswer(
      rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        actor_kind: r.actorKind,
        actor_id: r.actorId,
        actor_name: r.actorName,
        action: r.action,
        subject: r.subject,
        before: r.before as Json,
        after: r.after as Json,
      })),
      total,
    );
  }

  return {
    me,
    operators: () => operatorRows(),
    operator: oneOperator,
    revokeSessions,
    setDisabled,
    dashboard,
    settingsList,
    setSetting,
    auditList,
  };
}

export type AdminConsole = ReturnType<typeof createConsole>;
