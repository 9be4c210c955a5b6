/**
 * The typed settings as the console shows and changes them: each declared key with its value, default, JSON
 * schema and last change (from the audit log); a change checked by its type and by its module, then audited.
 */
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditOperator } from '../../kernel/audit';
import type { OperatorUser } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import type { AdminCtx, Json } from './context';

const { operators, auditLog, settings: settingsTable } = schema;

function schemaOf(ctx: AdminCtx, key: string): z.ZodType {
  const s = ctx.catalogue[key];
  if (!s) throw new DomainError('NotFound');
  return s;
}

function jsonSchema(s: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** The last change of each setting, from the audit log. */
async function lastChanges(ctx: AdminCtx) {
  const changes = await ctx.store.db
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
  return lastChange;
}

async function settingRows(ctx: AdminCtx, keys: readonly string[]) {
  const stored = await ctx.store.db
    .select({
      key: settingsTable.key,
      text: sql<string>`${settingsTable.value}::text`,
      updatedAt: settingsTable.updatedAt,
    })
    .from(settingsTable);
  const byKey = new Map(stored.map((r) => [r.key, r]));
  const lastChange = await lastChanges(ctx);
  return keys.map((key) => {
    const type = jsonSchema(schemaOf(ctx, key));
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

export const settingsList = (ctx: AdminCtx) => settingRows(ctx, Object.keys(ctx.catalogue).sort());

export async function setSetting(
  ctx: AdminCtx,
  op: OperatorUser,
  body: { key: string; value: unknown; reason: string },
) {
  const type = schemaOf(ctx, body.key);
  const parsed = type.safeParse(body.value);
  if (!parsed.success || body.value === undefined || body.value === null) {
    throw new ValidationError('value', 'invalid_value');
  }
  // What holds across fields, or what the market needs to start with it, is its module's to say.
  const problem = ctx.checkSetting(body.key, parsed.data);
  if (problem !== null) throw new DomainError('SettingRefused', { why: problem });
  const [before] = await settingRows(ctx, [body.key]);
  await ctx.allSettings.of(ctx.catalogue).set(body.key, body.value as never);
  const [after] = await settingRows(ctx, [body.key]);
  if (!after) throw new DomainError('NotFound');
  await auditOperator(ctx.store.db, ctx.clock.now(), {
    operatorId: op.id,
    action: 'setting.set',
    subject: `setting:${body.key}`,
    before: { value: before?.value ?? null },
    after: { value: after.value, reason: body.reason },
  });
  // The change just written is the last one.
  return { ...after, changed_at: ctx.clock.now().toISOString(), changed_by: op.name };
}
