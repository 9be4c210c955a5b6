/**
 * Mining: machines sold for a term, and each platform day's emission shared by effective hash power.
 *
 * A line (the main one; the NEU line is another) has a machine catalogue, an output asset and a daily
 * emission. A purchase pays the price from the spot account and adds the machines' power (and promotional
 * bonus) to the buyer's base power at once; the order earns from the next platform day for the machine's
 * term.
 *
 * Effective power on a day is personal power (own running machines) plus, while the user runs machines of
 * their own, direct power (`direct_rate` of the direct referrals' personal power) and level power (the rate of
 * the user's team level, of the whole downline's personal power). Each ended day is settled once by the
 * rewards engine: the day's shares are fixed first (one row per user, from the orders that ran that day, in
 * one statement, never changed after), then each share is paid `emission × power ÷ network` (rounded down;
 * what rounding leaves stays in the pool) from the line's output pool.
 *
 * The figures a user sees (their power of every kind, team power, the network's) come from kept aggregates
 * updated with every purchase and every ended order, never by walking the referral tree.
 */
import { formatAmount, POWER_SCALE, parseAmount, RATE_ONE, type ResponseData } from '@nexa/contract';
import { and, asc, count, desc, eq, min, type SQL, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import { platformDays } from '../../programs/days';
import { createRewards, type ProgramReport } from '../../programs/rewards';
import { createSharedEmission, type SharedEmission, shareOf } from '../../programs/shared-emission';
import { queryRows, schema, type Tx } from '../../store';
import { onPage, pageAnswer, slicePage } from '../../store/paging';
import { type PowerRates, powerWeights } from './power-weights';
import { MINING_SETTINGS } from './settings';
import { miningMachines, miningOrders, miningPower, miningPowerLog } from './tables';

export const MINING_SYSTEM = {
  /** What buyers pay for machines. */
  sales: 'system:mining:sales',
  /** The output pool each line pays from (one account per output asset). */
  output: 'system:mining:output',
  capital: SYSTEM.capital('mining'),
} as const;

/** An emission epoch: its platform days (the last runs on: `lastDay` null) and daily output. */
export interface Epoch {
  readonly index: number;
  readonly firstDay: number;
  readonly lastDay: number | null;
  readonly emission: bigint;
}

/** A line's epochs from its settings: consecutive from `start` (a platform day index). */
export function epochsOf(start: number, list: readonly { days: number; emission: bigint }[]): Epoch[] {
  const out: Epoch[] = [];
  let first = start;
  list.forEach((e, i) => {
    const last = i === list.length - 1 ? null : first + e.days - 1;
    out.push({ index: i + 1, firstDay: first, lastDay: last, emission: e.emission });
    first += e.days;
  });
  return out;
}

/** The epoch holding a day (null before the first). */
export function epochOn(epochs: readonly Epoch[], day: number): Epoch | null {
  for (const e of epochs) if (day >= e.firstDay && (e.lastDay === null || day <= e.lastDay)) return e;
  return null;
}

/** A platform date (YYYY-MM-DD) as its day index. */
const dayIndexOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const DAY_MS = 86_400_000;

export { powerWeights } from './power-weights';

type MachineRow = typeof miningMachines.$inferSelect;
type OrderRow = typeof miningOrders.$inferSelect;
type MachineView = ResponseData<'/api/machine/getMachinePowerOrder'>;
type AdminMachineView = ResponseData<'/admin/mining/saveMachine'>;

/** An estimate of a day's output for `power` against a network that holds at least it. */
/** The quota a payment grants: amount × perPay (units of 10^-8), from the pay asset's scale to the quota's, rounded down. */
export function quotaFor(amount: bigint, payScale: number, quotaScale: number, perPay: bigint): bigint {
  const scaled = amount * perPay * 10n ** BigInt(quotaScale);
  return scaled / (10n ** BigInt(payScale) * 100_000_000n);
}

export function estimateOf(emission: bigint, power: bigint, network: bigint): bigint {
  if (network < power) return shareOf(emission, power, power);
  return shareOf(emission, power, network);
}

/** Effective power: personal, plus direct and level while the user runs machines of their own. */
export function effectivePower(
  p: { personal: bigint; directSum: bigint; team: bigint },
  directRate: bigint,
  levelRate: bigint,
): { direct: bigint; level: bigint; effective: bigint } {
  const direct = (p.directSum * directRate) / RATE_ONE;
  const level = (p.team * levelRate) / RATE_ONE;
  return { direct, level, effective: p.personal > 0n ? p.personal + direct + level : 0n };
}

const showPower = (v: bigint) => formatAmount(v, POWER_SCALE);
const NETWORK_TTL_MS = 10_000;

export function createMining(deps: AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort }) {
  const { store, clock, ledger, log, assets } = deps;
  const settings = deps.settings.of(MINING_SETTINGS);
  const rewards = createRewards({ store, clock, ledger, log });
  const shared = createSharedEmission({ store, clock, rewards });
  const days = platformDays(deps);

  interface Line {
    readonly key: string;
    readonly outputAsset: string;
    readonly outputScale: number;
    /** Today's daily output (the current epoch's, when the line has epochs). */
    readonly emission: bigint;
    /** Its emission epochs, or null when every day emits the same. */
    readonly epochs: readonly Epoch[] | null;
    /** The quota granted with a purchase: `perPay` (units of 10^-8) of it per unit of the price. */
    readonly quota: { readonly asset: string; readonly scale: number; readonly perPay: bigint } | null;
    /** Its daily output, shared by effective power: `mining:<line>` of the rewards engine. */
    readonly output: SharedEmission;
  }

  /** A line's output on a day: its epoch's, or the fixed daily emission. */
  function emissionOn(l: Pick<Line, 'epochs' | 'emission'> & { base: bigint }, day: number): bigint {
    if (!l.epochs) return l.base;
    return epochOn(l.epochs, day)?.emission ?? 0n;
  }

  const outputs = new Map<string, SharedEmission>();
  async function lines(): Promise<Map<string, Line>> {
    const all = await settings.get('mining.lines');
    const today = await days.today();
    const out = new Map<string, Line>();
    for (const [key, l] of Object.entries(all)) {
      const a = assets.get(l.output_asset);
      let output = outputs.get(key);
      if (!output || output.asset !== a.symbol) {
        output = outputOf(key, a.symbol);
        outputs.set(key, output);
      }
      const base = parseAmount(l.daily_emission, a.scale) ?? 0n;
      const epochs =
        l.epochs && l.epoch_start
          ? epochsOf(
              dayIndexOf(l.epoch_start),
              l.epochs.map((e) => ({ days: e.days, emission: parseAmount(e.daily_emission, a.scale) ?? 0n })),
            )
          : null;
      const quota =
        l.quota_asset && l.quota_per_pay
          ? {
              asset: l.quota_asset,
              scale: assets.get(l.quota_asset).scale,
              perPay: parseAmount(l.quota_per_pay, 8) ?? 0n,
            }
          : null;
      out.set(key, {
        key,
        outputAsset: a.symbol,
        outputScale: a.scale,
        emission: emissionOn({ epochs, emission: base, base }, today),
        epochs,
        quota,
        output,
      });
    }
    return out;
  }
  async function line(key: string): Promise<Line> {
    const l = (await lines()).get(key);
    if (!l) throw new DomainError('MiningLineNotFound');
    return l;
  }

  let rateCache: (PowerRates & { levels: bigint[]; levelTexts: string[] }) | null = null;
  /** The rates as last read (the output's weights are built inside a statement, never beside a query). */
  function ratesNow() {
    if (!rateCache) throw new Error('mining rates read before start');
    return rateCache;
  }
  async function rates() {
    const levels = (await settings.get('mining.level_rates')).map((r) => parseAmount(r, 8) ?? 0n);
    rateCache = {
      direct: (await settings.get('mining.direct_rate')).units,
      levels,
      levelTexts: await settings.get('mining.level_rates'),
      share: (await settings.get('mining.referral_share')).units,
    };
    return rateCache;
  }

  // ---------------------------------------------------------------- the daily output

  /**
   * A line's daily output: each user with machines running that day weighs their effective power, direct and
   * level power counted from the same day's orders of their referrals and team.
   */
  function outputOf(key: string, asset: string): SharedEmission {
    return {
      key: `mining:${key}`,
      asset,
      pool: MINING_SYSTEM.output,
      cause: 'mining.output',
      emission: async (day) => {
        const l = await line(key);
        return l.epochs ? (epochOn(l.epochs, day)?.emission ?? 0n) : l.emission;
      },
      weights: (day) => powerWeights(key, day, ratesNow()),
      // Each order of the user that ran that day gets its part of the payout, by its power.
      earned: async (tx, rows, day) => {
        const values = sql.join(
          rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
          sql`, `,
        );
        await tx.execute(sql`
          update mining_orders as o
          set output = o.output + div(v.amount * (o.power + o.bonus_power), v.power)
          from (values ${values}) as v(user_id, amount, power)
          where o.user_id = v.user_id and o.line = ${key} and o.first_day <= ${day} and o.end_day > ${day}`);
      },
      firstDay: async () =>
        (
          await store.db
            .select({ d: min(miningOrders.firstDay) })
            .from(miningOrders)
            .where(and(eq(miningOrders.line, key), eq(miningOrders.status, 'running')))
        )[0]?.d ?? null,
    };
  }

  // ---------------------------------------------------------------- power aggregates

  /**
   * Adds (or with negative amounts removes) an order's power: the owner's base, bonus (and on a purchase
   * cumulative), the parent's direct sum, every ancestor's team; with the records of what changed.
   */
  async function movePower(
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
    const now = clock.now();
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
    const direct = (personal * (await rates()).direct) / RATE_ONE;
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

  let networkCache: { at: number; line: string; value: bigint }[] = [];
  /** The network's effective power now (from the kept aggregates; cached for a few seconds). */
  async function networkPower(lineKey: string): Promise<bigint> {
    const now = clock.now().getTime();
    const hit = networkCache.find((c) => c.line === lineKey && now - c.at < NETWORK_TTL_MS);
    if (hit) return hit.value;
    const r = await rates();
    const levelCase = sql.join(
      r.levels.map((rate, level) => sql`when ${level} then ${rate}::numeric`),
      sql` `,
    );
    const [row] = await queryRows<{ n: string }>(
      store.db,
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
    networkCache = [...networkCache.filter((c) => c.line !== lineKey), { at: now, line: lineKey, value }];
    return value;
  }

  // ---------------------------------------------------------------- views

  async function machineView(
    m: MachineRow,
    l: Line,
    network: bigint,
  ): Promise<ResponseData<'/api/machine/list'>['list'][number]> {
    const pay = assets.get(m.payAsset);
    const power = m.power + m.bonusPower;
    return {
      id: m.id,
      name: m.name,
      price: formatAmount(m.price, pay.scale),
      pay_asset: m.payAsset,
      power: showPower(m.power),
      bonus_power: showPower(m.bonusPower),
      term_days: m.termDays,
      output_asset: l.outputAsset,
      daily_output: formatAmount(estimateOf(l.emission, power, network + power), l.outputScale),
      left: m.stock === null ? null : Math.max(0, m.stock - m.sold),
      status: m.status,
    };
  }

  async function adminMachineView(m: MachineRow): Promise<AdminMachineView> {
    const l = await line(m.line);
    return {
      ...(await machineView(m, l, await networkPower(m.line))),
      line: m.line,
      stock: m.stock,
      sold: m.sold,
      sort: m.sort,
    };
  }

  async function orderView(o: OrderRow): Promise<MachineView> {
    const l = await line(o.line);
    return {
      id: o.id,
      machine_id: o.machineId,
      name: o.name,
      quantity: o.quantity,
      amount: formatAmount(o.amount, assets.get(o.payAsset).scale),
      pay_asset: o.payAsset,
      power: showPower(o.power),
      bonus_power: showPower(o.bonusPower),
      term_days: o.termDays,
      output_asset: l.outputAsset,
      output: formatAmount(o.output, l.outputScale),
      status: o.status,
      start_at: (await days.dayStart(o.firstDay)).toISOString(),
      end_at: (await days.dayStart(o.endDay)).toISOString(),
      created_at: o.createdAt.toISOString(),
    };
  }

  // ---------------------------------------------------------------- catalogue and purchase

  async function machines(q: { page: number; size: number }, lineKey = 'main') {
    const l = await line(lineKey);
    const where = and(eq(miningMachines.line, lineKey), eq(miningMachines.status, 'active'));
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(miningMachines)
          .where(where)
          .orderBy(asc(miningMachines.sort), asc(miningMachines.id)),
        q,
      ),
      store.db.select({ n: count() }).from(miningMachines).where(where),
    ]);
    const network = await networkPower(lineKey);
    const list = [];
    for (const m of rows) list.push(await machineView(m, l, network));
    return {
      ...pageAnswer(list, total),
      output_asset: l.outputAsset,
      daily_emission: formatAmount(l.emission, l.outputScale),
      network: showPower(network),
    };
  }

  async function buy(
    userId: number,
    body: { machine_id: number; quantity: number; request_id?: string | undefined },
    /** Only a machine of this line (the NEU line's own call); the general call buys any line's. */
    lineKey?: string,
  ): Promise<MachineView> {
    const [m0] = await store.db.select().from(miningMachines).where(eq(miningMachines.id, body.machine_id));
    if (m0?.status !== 'active' || (lineKey !== undefined && m0.line !== lineKey))
      throw new DomainError('MachineNotFound');
    const l = await line(m0.line);
    await rates();
    const firstDay = (await days.today()) + 1;
    const view = await ledger.withIdempotency(userId, body.request_id, 'mining.buy', body, async (tx) => {
      const [m] = await tx
        .select()
        .from(miningMachines)
        .where(eq(miningMachines.id, body.machine_id))
        .for('update');
      if (m?.status !== 'active') throw new DomainError('MachineNotFound');
      if (m.stock !== null && m.sold + body.quantity > m.stock)
        throw new DomainError('MachineSoldOut', { left: String(Math.max(0, m.stock - m.sold)) });
      const q = BigInt(body.quantity);
      const [o] = await tx
        .insert(miningOrders)
        .values({
          line: m.line,
          userId,
          machineId: m.id,
          name: m.name,
          quantity: body.quantity,
          payAsset: m.payAsset,
          amount: m.price * q,
          power: m.power * q,
          bonusPower: m.bonusPower * q,
          termDays: m.termDays,
          firstDay,
          endDay: firstDay + m.termDays,
          status: 'running',
          createdAt: clock.now(),
        })
        .returning();
      if (!o) throw new Error('machine order not written');
      await tx
        .update(miningMachines)
        .set({ sold: sql`${miningMachines.sold} + ${body.quantity}` })
        .where(eq(miningMachines.id, m.id));
      await ledger.transfer(tx, {
        from: { userId, asset: m.payAsset, kind: 'spot' },
        to: { system: MINING_SYSTEM.sales, asset: m.payAsset },
        amount: o.amount,
        cause: 'mining.buy',
        ref: `mining:${o.id}`,
        remark: `${m.name} × ${body.quantity}`,
        userId,
        requestId: body.request_id ?? null,
      });
      await movePower(tx, o, 1n);
      // The line's quota comes with the purchase: `perPay` of it per unit paid, issued from the capital.
      if (l.quota && l.quota.perPay > 0n) {
        const payScale = assets.get(o.payAsset).scale;
        const granted = quotaFor(o.amount, payScale, l.quota.scale, l.quota.perPay);
        if (granted > 0n)
          await ledger.transfer(tx, {
            from: { system: MINING_SYSTEM.capital, asset: l.quota.asset },
            to: { userId, asset: l.quota.asset, kind: 'spot' },
            amount: granted,
            cause: 'mining.quota',
            ref: `mining:${o.id}`,
            remark: `${m.name} × ${body.quantity}`,
            userId,
          });
      }
      // A machine bought with USDT counts in the referral team's volume and performance while it runs.
      if (o.payAsset === 'USDT')
        await deps.team?.record(tx, {
          userId,
          volume: o.amount,
          performance: o.amount,
          node: 0n,
          ref: `mining:${o.id}`,
        });
      return orderView(o);
    });
    networkCache = [];
    return view;
  }

  async function orders(
    userId: number,
    q: { status?: OrderRow['status'] | undefined; page: number; size: number },
    /** One line's orders (the NEU line's own call); the general call lists every line's. */
    lineKey?: string,
  ) {
    const where = and(
      eq(miningOrders.userId, userId),
      lineKey === undefined ? undefined : eq(miningOrders.line, lineKey),
      q.status ? eq(miningOrders.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(miningOrders).where(where).orderBy(desc(miningOrders.id)), q),
      store.db.select({ n: count() }).from(miningOrders).where(where),
    ]);
    const list: MachineView[] = [];
    for (const r of rows) list.push(await orderView(r));
    return pageAnswer(list, total);
  }

  // ---------------------------------------------------------------- my power

  async function power(userId: number, lineKey = 'main') {
    const l = await line(lineKey);
    const r = await rates();
    const [[p], [u], [running], network, today] = await Promise.all([
      store.db
        .select()
        .from(miningPower)
        .where(and(eq(miningPower.line, lineKey), eq(miningPower.userId, userId))),
      store.db.select({ level: schema.users.level }).from(schema.users).where(eq(schema.users.id, userId)),
      store.db
        .select({ n: count() })
        .from(miningOrders)
        .where(
          and(
            eq(miningOrders.userId, userId),
            eq(miningOrders.line, lineKey),
            eq(miningOrders.status, 'running'),
          ),
        ),
      networkPower(lineKey),
      days.today(),
    ]);
    const level = Math.min(Math.max(u?.level ?? 0, 0), r.levels.length - 1);
    const base = p?.base ?? 0n;
    const bonus = p?.bonus ?? 0n;
    const personal = base + bonus;
    const team = p?.team ?? 0n;
    const e = effectivePower(
      { personal, directSum: p?.directSum ?? 0n, team },
      r.direct,
      r.levels[level] ?? 0n,
    );
    const { rewardPayouts } = schema;
    const mine = and(eq(rewardPayouts.userId, userId), eq(rewardPayouts.program, l.output.key));
    const [[sums], [yesterday]] = await Promise.all([
      store.db
        .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
        .from(rewardPayouts)
        .where(mine),
      store.db
        .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
        .from(rewardPayouts)
        .where(and(mine, eq(rewardPayouts.period, today - 1))),
    ]);
    const fmt = (v: bigint) => formatAmount(v, l.outputScale);
    return {
      output_asset: l.outputAsset,
      level,
      level_rate: r.levelTexts[level] ?? '0',
      direct_rate: (await settings.get('mining.direct_rate')).text,
      base: showPower(base),
      bonus: showPower(bonus),
      personal: showPower(personal),
      direct: showPower(e.direct),
      level_power: showPower(e.level),
      team: showPower(team),
      cumulative: showPower(p?.cumulative ?? 0n),
      network: showPower(network),
      effective: showPower(e.effective),
      daily_emission: fmt(l.emission),
      estimated_daily: fmt(estimateOf(l.emission, e.effective, network)),
      yesterday_output: fmt(BigInt(yesterday?.s ?? '0')),
      total_output: fmt(BigInt(sums?.s ?? '0')),
      running_orders: running?.n ?? 0,
    };
  }

  async function powerCategories(userId: number) {
    const p = await power(userId);
    return {
      list: [
        { kind: 'base' as const, power: p.base },
        { kind: 'bonus' as const, power: p.bonus },
        { kind: 'personal' as const, power: p.personal },
        { kind: 'direct' as const, power: p.direct },
        { kind: 'level' as const, power: p.level_power },
        { kind: 'team' as const, power: p.team },
        { kind: 'cumulative' as const, power: p.cumulative },
        { kind: 'network' as const, power: p.network },
      ],
    };
  }

  async function powerLog(
    userId: number,
    q: { kind?: 'base' | 'bonus' | 'direct' | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(miningPowerLog.userId, userId),
      q.kind ? eq(miningPowerLog.kind, q.kind) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(miningPowerLog).where(where).orderBy(desc(miningPowerLog.id)), q),
      store.db.select({ n: count() }).from(miningPowerLog).where(where),
    ]);
    return pageAnswer(
      rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        change: showPower(r.change),
        reason: r.reason,
        order_id: r.orderId,
        created_at: r.createdAt.toISOString(),
      })),
      total,
    );
  }

  /** My output per settled day (the mining records and the profit log). */
  async function outputDays(userId: number, q: { page: number; size: number }, lineKey = 'main') {
    const l = await line(lineKey);
    const mine = await shared.myDays(l.output.key, userId, q);
    const list = [];
    for (const r of mine.rows) {
      list.push({
        id: r.id,
        day: (await days.dayStart(r.period)).toISOString(),
        power: showPower(r.weight),
        network: showPower(r.total),
        asset: l.outputAsset,
        amount: formatAmount(r.amount, l.outputScale),
        status: r.status,
      });
    }
    return {
      list,
      total: mine.total,
      asset: l.outputAsset,
      total_paid: formatAmount(mine.paid, l.outputScale),
    };
  }

  async function investments(userId: number, q: { valid?: boolean | undefined; page: number; size: number }) {
    const where = and(
      eq(miningOrders.userId, userId),
      q.valid === undefined ? undefined : eq(miningOrders.status, q.valid ? 'running' : 'expired'),
    );
    const [rows, [total], [valid], [cheapest]] = await Promise.all([
      onPage(store.db.select().from(miningOrders).where(where).orderBy(desc(miningOrders.id)), q),
      store.db.select({ n: count() }).from(miningOrders).where(where),
      store.db
        .select({ s: sql<string>`coalesce(sum(${miningOrders.amount}), 0)::text` })
        .from(miningOrders)
        .where(and(eq(miningOrders.userId, userId), eq(miningOrders.status, 'running'))),
      store.db
        .select({ p: min(miningMachines.price), asset: min(miningMachines.payAsset) })
        .from(miningMachines)
        .where(and(eq(miningMachines.line, 'main'), eq(miningMachines.status, 'active'))),
    ]);
    const payAsset = cheapest?.asset ?? rows[0]?.payAsset ?? 'USDT';
    const scale = assets.get(payAsset).scale;
    const list = [];
    for (const o of rows) {
      list.push({
        id: o.id,
        kind: 'machine' as const,
        name: `${o.name} × ${o.quantity}`,
        amount: formatAmount(o.amount, assets.get(o.payAsset).scale),
        asset: o.payAsset,
        valid: o.status === 'running',
        start_at: (await days.dayStart(o.firstDay)).toISOString(),
        end_at: (await days.dayStart(o.endDay)).toISOString(),
      });
    }
    return {
      ...pageAnswer(list, total),
      min_price: formatAmount(cheapest?.p ?? 0n, scale),
      asset: payAsset,
      valid_total: formatAmount(BigInt(valid?.s ?? '0'), scale),
    };
  }

  // ---------------------------------------------------------------- settlement

  /** Orders past their term end: their power leaves the aggregates. */
  async function expire(): Promise<number> {
    const today = await days.today();
    await rates();
    let n = 0;
    for (;;) {
      const ids = await store.db
        .select({ id: miningOrders.id })
        .from(miningOrders)
        .where(and(eq(miningOrders.status, 'running'), sql`${miningOrders.endDay} <= ${today}`))
        .orderBy(asc(miningOrders.id))
        .limit(200);
      if (ids.length === 0) break;
      for (const { id } of ids) {
        await store.db.transaction(async (tx) => {
          const [o] = await tx
            .update(miningOrders)
            .set({ status: 'expired', endedAt: clock.now() })
            .where(and(eq(miningOrders.id, id), eq(miningOrders.status, 'running')))
            .returning();
          if (o) await movePower(tx, o, -1n);
          if (o?.payAsset === 'USDT')
            await deps.team?.record(tx, {
              userId: o.userId,
              volume: 0n,
              performance: -o.amount,
              node: 0n,
              ref: `mining:${o.id}`,
            });
        });
        n++;
      }
    }
    if (n > 0) networkCache = [];
    return n;
  }

  /** Settles every ended day of every line once (its shares fixed first), pays what waited, ends orders. */
  async function settleDue(): Promise<void> {
    const today = await days.today();
    await rates();
    for (const l of (await lines()).values()) await shared.settleDue(l.output, today);
    await expire();
  }

  // ---------------------------------------------------------------- operators

  async function poolBalance(tx: Tx, asset: string): Promise<bigint> {
    const acc = await ledger.systemAccount(tx, MINING_SYSTEM.output, asset);
    return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
  }

  async function adminMachines(lineKey: string) {
    await line(lineKey);
    const rows = await store.db
      .select()
      .from(miningMachines)
      .where(eq(miningMachines.line, lineKey))
      .orderBy(asc(miningMachines.sort), asc(miningMachines.id));
    const list = [];
    for (const m of rows) list.push(await adminMachineView(m));
    return { list };
  }

  async function saveMachine(
    operatorId: number,
    body: {
      id?: number | undefined;
      line: string;
      name: string;
      price: string;
      power: string;
      bonus_power: string;
      term_days: number;
      stock: number | null;
      sort: number;
    },
  ) {
    await line(body.line);
    const payAsset = 'USDT';
    const price = parseAmount(body.price, assets.get(payAsset).scale);
    if (price === null || price <= 0n) throw new ValidationError('price', 'invalid_value');
    const powerUnits = parseAmount(body.power, POWER_SCALE);
    if (powerUnits === null || powerUnits <= 0n) throw new ValidationError('power', 'invalid_value');
    const bonus = parseAmount(body.bonus_power, POWER_SCALE);
    if (bonus === null) throw new ValidationError('bonus_power', 'invalid_value');
    const fields = {
      line: body.line,
      name: body.name,
      payAsset,
      price,
      power: powerUnits,
      bonusPower: bonus,
      termDays: body.term_days,
      stock: body.stock,
      sort: body.sort,
    };
    const row = await store.db.transaction(async (tx) => {
      if (body.id === undefined) {
        const [m] = await tx
          .insert(miningMachines)
          .values({ ...fields, status: 'active', createdAt: clock.now() })
          .returning();
        if (!m) throw new Error('machine not written');
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: 'mining.machine.create',
          subject: `machine:${m.id}`,
          before: null,
          after: m,
        });
        return m;
      }
      const [before] = await tx
        .select()
        .from(miningMachines)
        .where(eq(miningMachines.id, body.id))
        .for('update');
      if (!before) throw new DomainError('MachineNotFound');
      const [m] = await tx
        .update(miningMachines)
        .set(fields)
        .where(eq(miningMachines.id, body.id))
        .returning();
      if (!m) throw new DomainError('MachineNotFound');
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: 'mining.machine.update',
        subject: `machine:${m.id}`,
        before,
        after: m,
      });
      return m;
    });
    return adminMachineView(row);
  }

  async function machineStatus(operatorId: number, body: { id: number; status: MachineRow['status'] }) {
    const row = await store.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(miningMachines)
        .where(eq(miningMachines.id, body.id))
        .for('update');
      if (!before) throw new DomainError('MachineNotFound');
      // A closed machine stays closed: its listing ends for good.
      if (before.status === 'closed' && body.status !== 'closed') throw new DomainError('MachineNotFound');
      const [m] = await tx
        .update(miningMachines)
        .set({ status: body.status })
        .where(eq(miningMachines.id, body.id))
        .returning();
      if (!m) throw new DomainError('MachineNotFound');
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: `mining.machine.${body.status}`,
        subject: `machine:${m.id}`,
        before,
        after: m,
      });
      return m;
    });
    return adminMachineView(row);
  }

  async function fund(
    operatorId: number | null,
    body: { line: string; amount: string; reason?: string | undefined },
  ) {
    const l = await line(body.line);
    const amount = parseAmount(body.amount, l.outputScale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    const balance = await store.db.transaction(async (tx) => {
      return fundPoolAudited(tx, ledger, clock.now(), {
        operatorId,
        action: 'mining.fund',
        subject: `mining:${l.key}`,
        pool: MINING_SYSTEM.output,
        asset: l.outputAsset,
        scale: l.outputScale,
        amount,
        reason: body.reason,
        from: MINING_SYSTEM.capital,
        remark: `line ${l.key}`,
      });
    });
    return { line: l.key, asset: l.outputAsset, pool_balance: formatAmount(balance, l.outputScale) };
  }

  /** Each line's output as the solvency report shows it. */
  async function programReports(): Promise<ProgramReport[]> {
    const list: ProgramReport[] = [];
    for (const l of (await lines()).values()) {
      const r = await shared.report(l.output.key);
      list.push({
        program: l.output.key,
        pool: MINING_SYSTEM.output,
        asset: l.outputAsset,
        poolBalance: await store.db.transaction((tx) => poolBalance(tx, l.outputAsset)),
        paid: r.paid,
        owed: r.queued,
        lastDay: r.lastDay,
      });
    }
    return list;
  }

  async function linesReport() {
    const list = [];
    for (const l of (await lines()).values()) {
      const r = await shared.report(l.output.key);
      const balance = await store.db.transaction((tx) => poolBalance(tx, l.outputAsset));
      const fmt = (v: bigint) => formatAmount(v, l.outputScale);
      list.push({
        line: l.key,
        asset: l.outputAsset,
        daily_emission: fmt(l.emission),
        pool_balance: fmt(balance),
        paid: fmt(r.paid),
        queued: fmt(r.queued),
        network: showPower(await networkPower(l.key)),
        last_period_day: r.lastDay === null ? null : (await days.dayStart(r.lastDay)).toISOString(),
      });
    }
    return { list };
  }

  /** A line's emission epochs, newest state first by index: their days, output, what they paid, my part. */
  async function periods(userId: number, q: { page: number; size: number }, lineKey: string) {
    const l = await line(lineKey);
    const today = await days.today();
    const { rewardPayouts } = schema;
    const epochs = l.epochs ?? [];
    const shown = slicePage(epochs, q);
    const date = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
    const list = [];
    for (const e of shown) {
      const inEpoch = and(
        eq(rewardPayouts.program, l.output.key),
        eq(rewardPayouts.status, 'paid'),
        sql`${rewardPayouts.period} >= ${e.firstDay}`,
        e.lastDay === null ? undefined : sql`${rewardPayouts.period} <= ${e.lastDay}`,
      );
      const [sums] = await store.db
        .select({
          all: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text`,
          mine: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.userId} = ${userId}), 0)::text`,
        })
        .from(rewardPayouts)
        .where(inEpoch);
      list.push({
        index: e.index,
        first_day: date(e.firstDay),
        last_day: e.lastDay === null ? null : date(e.lastDay),
        daily_emission: formatAmount(e.emission, l.outputScale),
        status:
          e.lastDay !== null && e.lastDay < today
            ? ('done' as const)
            : e.firstDay > today
              ? ('upcoming' as const)
              : ('current' as const),
        output: formatAmount(BigInt(sums?.all ?? '0'), l.outputScale),
        mine: formatAmount(BigInt(sums?.mine ?? '0'), l.outputScale),
      });
    }
    return {
      list,
      total: epochs.length,
      asset: l.outputAsset,
      current: epochOn(epochs, today)?.index ?? 0,
    };
  }

  /** At start: settings read once; the demo lists its machines and funds the output pools, once. */
  async function start(): Promise<void> {
    for (const key of Object.keys(MINING_SETTINGS) as (keyof typeof MINING_SETTINGS)[])
      await settings.get(key);
    await days.offsetMs();
    const all = await lines();
    if (!deps.config.seedDemo) return;
    for (const [key, machines, pool] of [
      ['main', 'mining.demo_machines', 'mining.demo_pool'],
      ['neu', 'mining.demo_neu_machines', 'mining.demo_neu_pool'],
    ] as const) {
      const l = all.get(key);
      if (l) await seedLine(l, await settings.get(machines), await settings.get(pool));
    }
  }

  /** The demo's machines of a line and its output pool, once. */
  async function seedLine(
    l: Line,
    list: readonly { name: string; price: string; power: string; bonus_power: string; term_days: number }[],
    pool: string,
  ): Promise<void> {
    const [any] = await store.db
      .select({ id: miningMachines.id })
      .from(miningMachines)
      .where(eq(miningMachines.line, l.key))
      .limit(1);
    if (!any) {
      await store.db.insert(miningMachines).values(
        list.map((m, i) => ({
          line: l.key,
          name: m.name,
          payAsset: 'USDT',
          price: parseAmount(m.price, assets.get('USDT').scale) ?? 0n,
          power: parseAmount(m.power, POWER_SCALE) ?? 0n,
          bonusPower: parseAmount(m.bonus_power, POWER_SCALE) ?? 0n,
          termDays: m.term_days,
          sort: i,
          status: 'active' as const,
          createdAt: clock.now(),
        })),
      );
    }
    const amount = parseAmount(pool, l.outputScale);
    if (!amount) return;
    const funded = await store.db.transaction(async (tx) => {
      const capital = await ledger.systemAccount(tx, MINING_SYSTEM.capital, l.outputAsset);
      return ((await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n) !== 0n;
    });
    if (!funded) await fund(null, { line: l.key, amount: pool });
  }

  /** The quota a line grants per unit paid, as text ('0' when it grants none). */
  async function quotaPerPay(lineKey: string): Promise<string> {
    const l = await line(lineKey);
    return formatAmount(l.quota?.perPay ?? 0n, 8);
  }

  return {
    quotaPerPay,
    machines,
    buy,
    orders,
    power,
    powerCategories,
    powerLog,
    outputDays,
    investments,
    expire,
    settleDue,
    adminMachines,
    saveMachine,
    machineStatus,
    fund,
    linesReport,
    programReports,
    start,
    periods,
    lines,
    rewards,
  };
}

export type Mining = ReturnType<typeof createMining>;
