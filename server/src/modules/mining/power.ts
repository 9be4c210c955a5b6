/**
 * Power as the kept aggregates hold it: the referral rates (read, and as last read), an order's power added to
 * or taken from its owner, parent and ancestors (with the records of what changed), and the network's effective
 * power now.
 */
import { parseAmount, RATE_ONE } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { queryRows, schema, type Tx } from '../../store';
import { type MiningCtx, NETWORK_TTL_MS, type Rates } from './context';
import { miningPowerLog } from './tables';

/** The rates as last read (the output's weights are built inside a statement, never beside a query). */
export function ratesNow(ctx: MiningCtx): Rates {
  if (!ctx.state.rates) throw new Error('mining rates read before start');
  return ctx.state.rates;
}

/** Reads the rates (and keeps them for `ratesNow`). */
export async function rates(ctx: MiningCtx): Promise<Rates> {
  const { settings } = ctx;
  const levels = (await settings.get('mining.level_rates')).map((r) => parseAmount(r, 8) ?? 0n);
  ctx.state.rates = {
    direct: (await settings.get('mining.direct_rate')).units,
    levels,
    levelTexts: await settings.get('mining.level_rates'),
    share: (await settings.get('mining.referral_share')).units,
  };
  return ctx.state.rates;
}

/**
 * Adds (or with negative amounts removes) an order's power: the owner's base, bonus (and on a purchase
 * cumulative), the parent's direct sum, every ancestor's team; with the records of what changed.
 */
export async function movePower(
  ctx: MiningCtx,
  tx: Tx,
  o: { line: string; userId: number; id: number; power: bigint; bonusPower: bigint },
  sign: 1n | -1n,
): Promise<void> {
  const base = o.power * sign;
  const bonus = o.bonusPower * sign;
  const personal = base + bonus;
  const cumulative = sign > 0n ? personal : 0n;
  await tx.execute(sql`
    insert into mining_power (line, user_id, base, bonus, cumulative)
    values (${o.line}, ${o.userId}, ${base}::numeric, ${bonus}::numeric, ${cumulative}::numeric)
    on conflict (line, user_id) do update set
      base = mining_power.base + excluded.base,
      bonus = mining_power.bonus + excluded.bonus,
      cumulative = mining_power.cumulative + excluded.cumulative`);
  await tx.execute(sql`
    insert into mining_power (line, user_id, direct_sum, team)
    select ${o.line}, ancestor_id, case when distance = 1 then ${personal}::numeric else 0 end, ${personal}::numeric
    from user_ancestors where descendant_id = ${o.userId}
    on conflict (line, user_id) do update set
      direct_sum = mining_power.direct_sum + excluded.direct_sum,
      team = mining_power.team + excluded.team`);
  const reason = sign > 0n ? ('buy' as const) : ('expire' as const);
  const now = ctx.clock.now();
  const records: (typeof miningPowerLog.$inferInsert)[] = [
    { line: o.line, userId: o.userId, kind: 'base', change: base, reason, orderId: o.id, createdAt: now },
  ];
  if (bonus !== 0n)
    records.push({
      line: o.line,
      userId: o.userId,
      kind: 'bonus',
      change: bonus,
      reason,
      orderId: o.id,
      createdAt: now,
    });
  const [parent] = await tx
    .select({ id: schema.users.parentId })
    .from(schema.users)
    .where(eq(schema.users.id, o.userId));
  const direct = (personal * (await rates(ctx)).direct) / RATE_ONE;
  if (parent?.id && direct !== 0n)
    records.push({
      line: o.line,
      userId: parent.id,
      kind: 'direct',
      change: direct,
      reason,
      orderId: o.id,
      createdAt: now,
    });
  await tx.insert(miningPowerLog).values(records);
}

/** The network's effective power now (from the kept aggregates; cached for a few seconds). */
export async function networkPower(ctx: MiningCtx, lineKey: string): Promise<bigint> {
  const { state } = ctx;
  const now = ctx.clock.now().getTime();
  const hit = state.network.find((c) => c.line === lineKey && now - c.at < NETWORK_TTL_MS);
  if (hit) return hit.value;
  const r = await rates(ctx);
  const levelCase = sql.join(
    r.levels.map((rate, level) => sql`when ${level} then ${rate}::numeric`),
    sql` `,
  );
  const [row] = await queryRows<{ n: string }>(
    ctx.store.db,
    sql`
    select coalesce(sum(
      m.base + m.bonus
      + div(m.direct_sum * ${r.direct}::numeric, ${RATE_ONE}::numeric)
      + div(m.team * (case u.level ${levelCase} else 0 end), ${RATE_ONE}::numeric)
    ), 0)::text as n
    from mining_power m join users u on u.id = m.user_id
    where m.line = ${lineKey} and m.base + m.bonus > 0`,
  );
  const value = BigInt(row?.n ?? '0');
  state.network = [...state.network.filter((c) => c.line !== lineKey), { at: now, line: lineKey, value }];
  return value;
}

/** Forgets the network's power (after a purchase or an ended order). */
export function forgetNetwork(ctx: MiningCtx): void {
  ctx.state.network = [];
}
