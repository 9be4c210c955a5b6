/**
 * Earn: staking (pledge) and burn (destroy), each a program of the rewards engine.
 *
 * Staking: a user stakes an amount for a plan's days; the principal moves from the spot account into the
 * staking pool (`system:earn:staked`). For each platform day from the day after the stake, the day's
 * settlement pays `amount × apr ÷ 365` (rounded down; the last day pays what is left of the maximum, so the
 * days add up to `amount × apr × days ÷ 365` exactly) from the profit pool (`system:earn:pledge`). After the
 * last day the principal returns, or with auto-renew stays staked in a new order. Early redemption returns
 * the principal less the profit received beyond the flexible rate over the days it ran; that part goes back
 * to the profit pool.
 *
 * Staking runs on lines: the main line in `earn.asset` (USDT) and the NEU line (`earn.neu_staking`), one mechanism
 * configured per line. A line's orders are those in its asset; its profit is the rewards program `pledge` (main)
 * or `pledge:<line>`, paid from the same pool account in the line's asset.
 *
 * Burn: the amount burned leaves the user for the burn sink (`system:earn:burned`); `multiple` times it is
 * released back, `daily_rate` of that maximum a day, from the release pool (`system:earn:release`).
 */
import { formatAmount, INCOME_PROGRAMS, parseAmount, RATE_ONE, type ResponseData } from '@nexa/contract';
import { and, count, desc, eq, gte, inArray, like, lt, lte, min, or, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import { DAY_MS as DAY, platformDays } from '../../programs/days';
import { createRewards, type ProgramReport, type RewardProgram } from '../../programs/rewards';
import { queryRows, schema, type Tx } from '../../store';
import { onPage, pageAnswer, pageClause, pageWindow } from '../../store/paging';
import { loanCollateral, loanCovers } from './loan-collateral';
import { EARN_SETTINGS } from './settings';
import { burnOrders, earnLoans, nodePerformance, pledgeOrders } from './tables';

export const EARN_SYSTEM = {
  staked: 'system:earn:staked',
  pledge: 'system:earn:pledge',
  burned: 'system:earn:burned',
  release: 'system:earn:release',
  loans: 'system:earn:loans',
  capital: SYSTEM.capital('earn'),
} as const;

type PledgeRow = typeof pledgeOrders.$inferSelect;
type BurnRow = typeof burnOrders.$inferSelect;
type PledgeView = ResponseData<'/api/pledge/getPledgeOrder'>;
type BurnView = ResponseData<'/api/destroy/getDestroyOrder'>;
type LoanRow = typeof earnLoans.$inferSelect;
type LoanView = ResponseData<'/v1/earn/borrow'>;

/** Interest of a loan: amount × daily rate × started days (at least one), rounded up. */
export function loanInterest(amount: bigint, dailyRate: bigint, fromMs: number, toMs: number): bigint {
  const days = BigInt(Math.max(1, Math.ceil((toMs - fromMs) / DAY)));
  return (amount * dailyRate * days + RATE_ONE - 1n) / RATE_ONE;
}

const DAYS_A_YEAR = 365n;

/** The income kind of a program's key (`pledge`, `burn`, or the kind before the colon). */
function programKind(key: string): (typeof INCOME_PROGRAMS)[number] {
  const kind = key.split(':')[0];
  return INCOME_PROGRAMS.find((k) => k === kind) ?? 'pledge';
}

/** A day's profit of a staking order: amount × apr ÷ 365, rounded down. */
export function dailyProfit(amount: bigint, apr: bigint): bigint {
  return (amount * apr) / (DAYS_A_YEAR * RATE_ONE);
}

/** The whole profit of a staking order: amount × apr × days ÷ 365, rounded down. */
export function maxProfit(amount: bigint, apr: bigint, days: number): bigint {
  return (amount * apr * BigInt(days)) / (DAYS_A_YEAR * RATE_ONE);
}

/** The daily rate of a yearly one (apr ÷ 365) as text, to 10 decimals. */
function dailyRateText(apr: bigint): string {
  return formatAmount((apr * 10n ** 10n) / DAYS_A_YEAR, 18).replace(/(\.\d{10})\d+$/, '$1');
}

/** What an early redemption returns: principal less the profit received beyond the flexible rate. */
export function redeemValue(o: { amount: bigint; received: bigint; daysPaid: number }, flexibleApr: bigint) {
  const allowed = maxProfit(o.amount, flexibleApr, o.daysPaid);
  const penalty = o.received > allowed ? o.received - allowed : 0n;
  return { back: o.amount - (penalty < o.amount ? penalty : o.amount), penalty };
}

/** The staking lines: the main one and the NEU line, one mechanism configured per line. */
export const STAKING_LINES = ['main', 'neu'] as const;
export type StakingLine = (typeof STAKING_LINES)[number];

export function createEarn(deps: AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort }) {
  const { store, clock, ledger, log } = deps;
  const settings = deps.settings.of(EARN_SETTINGS);
  const rewards = createRewards({ store, clock, ledger, log });
  const collateral = loanCollateral({
    ledger,
    clock,
    pools: { staked: EARN_SYSTEM.staked, loans: EARN_SYSTEM.loans },
    interest: (l, now) => loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), now),
  });

  // The asset's scale is read once (views are built inside transactions, which must not query beside them).
  const scales = new Map<string, number>();
  async function asset() {
    const symbol = await settings.get('earn.asset');
    let scale = scales.get(symbol);
    if (scale === undefined) {
      const [row] = await store.db.select().from(schema.assets).where(eq(schema.assets.symbol, symbol));
      if (!row) throw new Error(`earn asset ${symbol} is not listed`);
      scale = row.scale;
      scales.set(symbol, scale);
    }
    return { symbol, scale };
  }

  const { offsetMs, dayOf, dayStart } = platformDays(deps);

  /** The plans users may stake in (paused ones take no new stakes). */
  async function plans() {
    return (await allPlans()).filter((p) => p.status === 'active');
  }
  async function allPlans() {
    return (await settings.get('earn.pledge_plans')).map((p) => ({
      days: p.days,
      aprText: p.apr,
      apr: parseAmount(p.apr, 8) ?? 0n,
      status: p.status,
    }));
  }

  /** A staking line: the main one (USDT) or the NEU line, with its asset, plans, minimum and flexible rate. */
  interface Terms {
    readonly line: StakingLine;
    readonly symbol: string;
    readonly scale: number;
    readonly plans: Awaited<ReturnType<typeof allPlans>>;
    readonly minText: string;
    readonly flexible: bigint;
    readonly flexibleText: string;
    readonly demoPool: string;
  }
  async function terms(line: StakingLine): Promise<Terms> {
    if (line === 'main') {
      const a = await asset();
      const flexible = await settings.get('earn.flexible_apr');
      return {
        line,
        symbol: a.symbol,
        scale: a.scale,
        plans: await allPlans(),
        minText: await settings.get('earn.pledge_min'),
        flexible: flexible.units,
        flexibleText: flexible.text,
        demoPool: await settings.get('earn.demo_pool'),
      };
    }
    const n = await settings.get('earn.neu_staking');
    const a = deps.assets.get(n.asset);
    return {
      line,
      symbol: a.symbol,
      scale: a.scale,
      plans: n.plans.map((p) => ({
        days: p.days,
        aprText: p.apr,
        apr: parseAmount(p.apr, 8) ?? 0n,
        status: p.status,
      })),
      minText: n.min,
      flexible: parseAmount(n.flexible_apr, 8) ?? 0n,
      flexibleText: n.flexible_apr,
      demoPool: n.demo_pool,
    };
  }
  /** The line whose asset an order is in (orders of an asset no line stakes any more run on the main line's terms). */
  async function lineOf(symbol: string): Promise<Terms> {
    for (const l of STAKING_LINES) {
      const t = await terms(l);
      if (t.symbol === symbol) return t;
    }
    return terms('main');
  }

  async function adminPlans() {
    const { scale } = await asset();
    const sums = await store.db
      .select({
        days: pledgeOrders.days,
        n: sql<number>`count(*)::int`,
        staked: sql<string>`sum(${pledgeOrders.amount})::text`,
      })
      .from(pledgeOrders)
      .where(eq(pledgeOrders.status, 'in_progress'))
      .groupBy(pledgeOrders.days);
    return {
      list: (await allPlans()).map((p) => {
        const s = sums.find((x) => x.days === p.days);
        return {
          days: p.days,
          apr: p.aprText,
          status: p.status,
          orders: s?.n ?? 0,
          staked: formatAmount(BigInt(s?.staked ?? '0'), scale),
        };
      }),
    };
  }

  /** An operator adds, changes, pauses or closes a plan; orders keep the rate they were made at. */
  async function savePlan(
    operatorId: number,
    body: { days: number; apr: string; status: 'active' | 'paused' | 'closed' },
  ) {
    const before = await settings.get('earn.pledge_plans');
    const others = before.filter((p) => p.days !== body.days);
    const after =
      body.status === 'closed'
        ? others
        : [...others, { days: body.days, apr: body.apr, status: body.status }].sort(
            (a, b) => a.days - b.days,
          );
    await settings.set('earn.pledge_plans', after);
    await auditOperator(store.db, clock.now(), {
      operatorId,
      action: `earn.plan.${body.status}`,
      subject: `plan:${body.days}`,
      before,
      after,
    });
    return {
      list: (await allPlans()).map((p) => ({
        days: p.days,
        apr: p.aprText,
        daily_rate: dailyRateText(p.apr),
        status: p.status,
      })),
    };
  }

  const rate8 = (v: bigint) => formatAmount(v, 8);

  async function pledgeView(o: PledgeRow): Promise<PledgeView> {
    const { scale, flexible } = await lineOf(o.asset);
    const fmt = (v: bigint) => formatAmount(v, scale);
    return {
      id: o.id,
      asset: o.asset,
      amount: fmt(o.amount),
      days: o.days,
      apr: rate8(o.apr),
      daily_rate: dailyRateText(o.apr),
      accumulated: fmt(o.accumulated),
      max_profit: fmt(o.maxProfit),
      received: fmt(o.received),
      remaining: fmt(o.maxProfit - o.received),
      days_paid: o.daysPaid,
      auto_renew: o.autoRenew,
      status: o.status,
      redeem_value: fmt(o.status === 'in_progress' ? redeemValue(o, flexible).back : 0n),
      start_at: o.startAt.toISOString(),
      end_at: o.endAt.toISOString(),
      closed_at: o.closedAt?.toISOString() ?? null,
      renewed_to: o.renewedTo,
    };
  }

  async function burnView(o: BurnRow): Promise<BurnView> {
    const { scale } = await asset();
    const fmt = (v: bigint) => formatAmount(v, scale);
    return {
      id: o.id,
      asset: o.asset,
      amount: fmt(o.amount),
      multiple: rate8(o.multiple),
      max_release: fmt(o.maxRelease),
      daily_release: fmt(o.daily),
      released: fmt(o.released),
      remaining: fmt(o.maxRelease - o.released),
      status: o.status,
      created_at: o.createdAt.toISOString(),
      completed_at: o.completedAt?.toISOString() ?? null,
    };
  }

  // ---------------------------------------------------------------- the two programs

  const programs = new Map<string, RewardProgram<PledgeRow>>();
  /** A line's staking profit program: `pledge` for the main line, `pledge:<line>` for another; its asset's orders. */
  function programOf(line: StakingLine, symbol: string): RewardProgram<PledgeRow> {
    const key = line === 'main' ? 'pledge' : `pledge:${line}`;
    const known = programs.get(key);
    if (known && known.asset === symbol) return known;
    const made = pledgeProgramOf(key, symbol);
    programs.set(key, made);
    return made;
  }
  const pledgeProgramOf = (key: string, symbol: string): RewardProgram<PledgeRow> => ({
    key,
    pool: EARN_SYSTEM.pledge,
    asset: symbol,
    cause: 'earn.profit',
    due: (tx, period, after, limit) =>
      tx
        .select()
        .from(pledgeOrders)
        .where(
          and(
            eq(pledgeOrders.status, 'in_progress'),
            eq(pledgeOrders.asset, symbol),
            lte(pledgeOrders.firstDay, period),
            gte(pledgeOrders.endDay, period + 1),
            sql`${pledgeOrders.id} > ${after}`,
          ),
        )
        .orderBy(pledgeOrders.id)
        .limit(limit)
        .for('update'),
    id: (o) => o.id,
    userId: (o) => o.userId,
    amount: (o, period) => {
      const left = o.maxProfit - o.accumulated;
      if (period === o.endDay - 1) return left;
      const day = dailyProfit(o.amount, o.apr);
      return day < left ? day : left;
    },
    earned: async (tx, o, _period, amount, paid) => {
      await tx
        .update(pledgeOrders)
        .set({
          accumulated: sql`${pledgeOrders.accumulated} + ${amount}`,
          received: paid ? sql`${pledgeOrders.received} + ${amount}` : pledgeOrders.received,
          daysPaid: sql`${pledgeOrders.daysPaid} + 1`,
        })
        .where(eq(pledgeOrders.id, o.id));
    },
    earnedMany: async (tx, rows) => {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.p.id}::bigint, ${r.amount}::numeric, ${r.paid ? r.amount : 0n}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`
        update pledge_orders as o
        set accumulated = o.accumulated + v.amount, received = o.received + v.paid, days_paid = o.days_paid + 1
        from (values ${values}) as v(id, amount, paid)
        where o.id = v.id`);
    },
  });

  const burnProgram: RewardProgram<BurnRow> = {
    key: 'burn',
    pool: EARN_SYSTEM.release,
    asset: 'USDT',
    cause: 'earn.release',
    due: (tx, period, after, limit) =>
      tx
        .select()
        .from(burnOrders)
        .where(
          and(
            eq(burnOrders.status, 'releasing'),
            lte(burnOrders.firstDay, period),
            sql`${burnOrders.id} > ${after}`,
          ),
        )
        .orderBy(burnOrders.id)
        .limit(limit)
        .for('update'),
    id: (o) => o.id,
    userId: (o) => o.userId,
    amount: (o) => {
      const left = o.maxRelease - o.released;
      return o.daily < left ? o.daily : left;
    },
    earned: async (tx, o, _period, amount) => {
      const done = o.released + amount >= o.maxRelease;
      await tx
        .update(burnOrders)
        .set({
          released: sql`${burnOrders.released} + ${amount}`,
          ...(done ? { status: 'complete' as const, completedAt: clock.now() } : {}),
        })
        .where(eq(burnOrders.id, o.id));
    },
    earnedMany: async (tx, rows) => {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.p.id}::bigint, ${r.amount}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`
        update burn_orders as o
        set released = o.released + v.amount,
            status = case when o.released + v.amount >= o.max_release then 'complete' else o.status end,
            completed_at = case when o.released + v.amount >= o.max_release then ${clock.now()} else o.completed_at end
        from (values ${values}) as v(id, amount)
        where o.id = v.id`);
    },
  };

  // ---------------------------------------------------------------- staking

  async function pledgeInfo(line: StakingLine = 'main') {
    const t = await terms(line);
    return {
      asset: t.symbol,
      min_amount: t.minText,
      flexible_apr: t.flexibleText,
      plans: t.plans
        .filter((p) => p.status === 'active')
        .map((p) => ({
          days: p.days,
          apr: p.aprText,
          daily_rate: dailyRateText(p.apr),
        })),
    };
  }

  async function newPledge(
    tx: Tx,
    userId: number,
    o: { amount: bigint; days: number; apr: bigint; autoRenew: boolean; asset: string },
  ): Promise<PledgeRow> {
    const now = clock.now();
    const firstDay = (await dayOf(now)) + 1;
    const endDay = firstDay + o.days;
    const [row] = await tx
      .insert(pledgeOrders)
      .values({
        userId,
        asset: o.asset,
        amount: o.amount,
        days: o.days,
        apr: o.apr,
        maxProfit: maxProfit(o.amount, o.apr, o.days),
        firstDay,
        endDay,
        autoRenew: o.autoRenew,
        status: 'in_progress',
        startAt: now,
        endAt: await dayStart(endDay),
      })
      .returning();
    if (!row) throw new Error('staking order not written');
    return row;
  }

  /** A stake (or its end, negative) in the referral team's figures: USDT stakes are node performance. */
  async function teamRecord(
    tx: Tx,
    userId: number,
    symbol: string,
    volume: bigint,
    held: bigint,
    ref: string,
  ) {
    if (symbol !== 'USDT' || !deps.team) return;
    await deps.team.record(tx, { userId, volume, performance: held, node: held, ref });
  }

  /** A stake counts to the node performance of its line for every ancestor, on today's platform day. */
  async function addNodePerformance(
    tx: Tx,
    userId: number,
    amount: bigint,
    line: StakingLine,
  ): Promise<void> {
    const day = await dayOf(clock.now());
    await tx.execute(sql`
      insert into node_performance (line, day, user_id, amount)
      select ${line}, ${day}, ancestor_id, ${amount}::numeric from user_ancestors where descendant_id = ${userId}
      on conflict (line, day, user_id) do update set amount = node_performance.amount + excluded.amount`);
  }

  /** First and end (exclusive) platform day of the period holding today: the day, the week (Monday on), the month. */
  async function periodDays(period: 'day' | 'week' | 'month'): Promise<[number, number]> {
    const today = await dayOf(clock.now());
    if (period === 'day') return [today, today + 1];
    if (period === 'week') {
      // Day 0 (1970-01-01) was a Thursday: Monday is where (day + 3) % 7 is 0.
      const monday = today - ((today + 3) % 7);
      return [monday, monday + 7];
    }
    const d = new Date(today * DAY);
    const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY;
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY;
    return [first, next];
  }

  const maskAddress = (a: string) => (a.length > 10 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

  /** The node-performance leaderboard of a line and period, with my place. */
  async function ranking(
    userId: number,
    q: { period: 'day' | 'week' | 'month'; page: number; size: number },
    line: StakingLine = 'main',
  ) {
    const [from, until] = await periodDays(q.period);
    const { users } = schema;
    const inPeriod = and(
      eq(nodePerformance.line, line),
      gte(nodePerformance.day, from),
      lt(nodePerformance.day, until),
    );
    const sum = sql<string>`sum(${nodePerformance.amount})`;
    const [rows, [total], [mine]] = await Promise.all([
      onPage(
        store.db
          .select({
            userId: nodePerformance.userId,
            s: sql<string>`${sum}::text`,
            uid: users.uid,
            address: users.address,
          })
          .from(nodePerformance)
          .innerJoin(users, eq(users.id, nodePerformance.userId))
          .where(inPeriod)
          .groupBy(nodePerformance.userId, users.uid, users.address)
          .orderBy(desc(sum), nodePerformance.userId),
        q,
      ),
      store.db
        .select({ n: sql<number>`count(distinct ${nodePerformance.userId})::int` })
        .from(nodePerformance)
        .where(inPeriod),
      store.db
        .select({ s: sql<string>`coalesce(sum(${nodePerformance.amount}), 0)::text` })
        .from(nodePerformance)
        .where(and(inPeriod, eq(nodePerformance.userId, userId))),
    ]);
    const my = BigInt(mine?.s ?? '0');
    let rank: number | null = null;
    if (my > 0n) {
      const [ahead] = await queryRows<{ n: number }>(
        store.db,
        sql`select count(*)::int as n from (
          select user_id, sum(amount) as s from node_performance
          where line = ${line} and day >= ${from} and day < ${until}
          group by user_id) x where x.s > ${my}::numeric or (x.s = ${my}::numeric and x.user_id < ${userId})`,
      );
      rank = (ahead?.n ?? 0) + 1;
    }
    const { symbol, scale } = await terms(line);
    return {
      ...pageAnswer(
        rows.map((r, i) => ({
          rank: pageWindow(q).offset + i + 1,
          uid: r.uid,
          address: maskAddress(r.address),
          performance: formatAmount(BigInt(r.s), scale),
        })),
        total,
      ),
      asset: symbol,
      period_start: (await dayStart(from)).toISOString(),
      period_end: (await dayStart(until)).toISOString(),
      first_day: new Date(from * DAY).toISOString().slice(0, 10),
      last_day: new Date((until - 1) * DAY).toISOString().slice(0, 10),
      mine: { rank, performance: formatAmount(my, scale) },
    };
  }

  async function stake(
    userId: number,
    body: { amount: string; days: number; auto_renew: boolean; request_id?: string | undefined },
    line: StakingLine = 'main',
  ): Promise<PledgeView> {
    const a = await terms(line);
    const plan = a.plans.find((p) => p.days === body.days && p.status === 'active');
    if (!plan) throw new DomainError('PlanNotFound');
    const amount = parseAmount(body.amount, a.scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    if (amount < (parseAmount(a.minText, a.scale) ?? 0n)) throw new ValidationError('amount', 'too_small');
    const action = line === 'main' ? 'earn.stake' : `earn.stake.${line}`;
    const row = await ledger.withIdempotency(userId, body.request_id, action, body, async (tx) => {
      const order = await newPledge(tx, userId, {
        amount,
        days: plan.days,
        apr: plan.apr,
        autoRenew: body.auto_renew,
        asset: a.symbol,
      });
      await addNodePerformance(tx, userId, amount, line);
      await teamRecord(tx, userId, a.symbol, amount, amount, `pledge:${order.id}`);
      await ledger.transfer(tx, {
        from: { userId, asset: a.symbol, kind: 'spot' },
        to: { system: EARN_SYSTEM.staked, asset: a.symbol },
        amount,
        cause: 'earn.stake',
        ref: `pledge:${order.id}`,
        remark: `${plan.days} days`,
        userId,
        requestId: body.request_id ?? null,
      });
      return pledgeView(order);
    });
    return row;
  }

  /** One of the user's orders on a line (another line's order, or another user's, is not found). */
  async function mine(userId: number, id: number, line: StakingLine = 'main'): Promise<PledgeRow> {
    const { symbol } = await terms(line);
    const [o] = await store.db
      .select()
      .from(pledgeOrders)
      .where(and(eq(pledgeOrders.id, id), eq(pledgeOrders.userId, userId), eq(pledgeOrders.asset, symbol)));
    if (!o) throw new DomainError('EarnOrderNotFound');
    return o;
  }

  async function pledgeOrder(userId: number, id: number, line: StakingLine = 'main') {
    return pledgeView(await mine(userId, id, line));
  }

  async function pledgeList(
    userId: number,
    q: { status?: PledgeRow['status'] | undefined; page: number; size: number },
    line: StakingLine = 'main',
  ) {
    const { symbol, scale } = await terms(line);
    const mineOnLine = and(eq(pledgeOrders.userId, userId), eq(pledgeOrders.asset, symbol));
    const where = and(mineOnLine, q.status ? eq(pledgeOrders.status, q.status) : undefined);
    const [rows, [total], [sums]] = await Promise.all([
      onPage(store.db.select().from(pledgeOrders).where(where).orderBy(desc(pledgeOrders.id)), q),
      store.db.select({ n: count() }).from(pledgeOrders).where(where),
      store.db
        .select({
          staked: sql<string>`coalesce(sum(${pledgeOrders.amount}) filter (where ${pledgeOrders.status} = 'in_progress'), 0)::text`,
          accumulated: sql<string>`coalesce(sum(${pledgeOrders.accumulated}), 0)::text`,
          received: sql<string>`coalesce(sum(${pledgeOrders.received}), 0)::text`,
        })
        .from(pledgeOrders)
        .where(mineOnLine),
    ]);
    const list: PledgeView[] = [];
    for (const r of rows) list.push(await pledgeView(r));
    return {
      ...pageAnswer(list, total),
      staked: formatAmount(BigInt(sums?.staked ?? '0'), scale),
      accumulated: formatAmount(BigInt(sums?.accumulated ?? '0'), scale),
      received: formatAmount(BigInt(sums?.received ?? '0'), scale),
    };
  }

  async function operate(
    userId: number,
    body: { id: number; action: 'redeem' | 'renew' | 'no_renew'; request_id?: string | undefined },
    line: StakingLine = 'main',
  ): Promise<PledgeView> {
    await mine(userId, body.id, line);
    const { flexible } = await terms(line);
    const action = line === 'main' ? 'earn.operate' : `earn.operate.${line}`;
    return ledger.withIdempotency(userId, body.request_id, action, body, async (tx) => {
      const [o] = await tx.select().from(pledgeOrders).where(eq(pledgeOrders.id, body.id)).for('update');
      if (!o || o.userId !== userId) throw new DomainError('EarnOrderNotFound');
      if (o.status !== 'in_progress') throw new DomainError('EarnOrderClosed');
      if (body.action !== 'redeem') {
        const [row] = await tx
          .update(pledgeOrders)
          .set({ autoRenew: body.action === 'renew' })
          .where(eq(pledgeOrders.id, o.id))
          .returning();
        return pledgeView(row ?? o);
      }
      const value = redeemValue(o, flexible);
      const { penalty } = value;
      // An open loan against the order is settled from what it returns first; the rest is paid out.
      const back = await collateral.settleFrom(tx, o, value.back, 'settled from the early redemption');
      if (back > 0n) {
        await ledger.transfer(tx, {
          from: { system: EARN_SYSTEM.staked, asset: o.asset },
          to: { userId, asset: o.asset, kind: 'spot' },
          amount: back,
          cause: 'earn.principal',
          ref: `pledge:${o.id}`,
          remark: 'early redemption',
          userId,
          requestId: body.request_id ?? null,
        });
      }
      if (penalty > 0n) {
        // Profit received beyond the flexible rate goes back to the pool it came from.
        await ledger.transfer(tx, {
          from: { system: EARN_SYSTEM.staked, asset: o.asset },
          to: { system: EARN_SYSTEM.pledge, asset: o.asset },
          amount: penalty < o.amount ? penalty : o.amount,
          cause: 'earn.principal',
          ref: `pledge:${o.id}`,
          remark: 'profit beyond the flexible rate',
          userId,
        });
      }
      const [row] = await tx
        .update(pledgeOrders)
        .set({ status: 'redeemed', closedAt: clock.now() })
        .where(eq(pledgeOrders.id, o.id))
        .returning();
      await teamRecord(tx, userId, o.asset, 0n, -o.amount, `pledge:${o.id}`);
      return pledgeView(row ?? o);
    });
  }

  /** Orders whose last day is settled: the principal returns, or with auto-renew stays in a new order. */
  async function expire(): Promise<number> {
    const today = await dayOf(clock.now());
    const rows = await store.db
      .select({ id: pledgeOrders.id })
      .from(pledgeOrders)
      .where(
        and(
          eq(pledgeOrders.status, 'in_progress'),
          lte(pledgeOrders.endDay, today),
          sql`${pledgeOrders.daysPaid} >= ${pledgeOrders.days}`,
        ),
      );
    let n = 0;
    for (const { id } of rows) {
      await store.db.transaction(async (tx) => {
        const [o] = await tx.select().from(pledgeOrders).where(eq(pledgeOrders.id, id)).for('update');
        if (!o || o.status !== 'in_progress') return;
        const plan = (await lineOf(o.asset)).plans.find((p) => p.days === o.days && p.status === 'active');
        if (o.autoRenew && plan && (await collateral.mayRenew(tx, o))) {
          const next = await newPledge(tx, o.userId, {
            amount: o.amount,
            days: o.days,
            apr: plan.apr,
            autoRenew: true,
            asset: o.asset,
          });
          await tx
            .update(pledgeOrders)
            .set({ status: 'renewed', renewedTo: next.id, closedAt: clock.now() })
            .where(eq(pledgeOrders.id, o.id));
          // The principal stays staked: the loan against it follows it to the new order.
          await collateral.follow(tx, o, next);
        } else {
          // An open loan is settled from the principal first; the rest returns.
          const back = await collateral.settleFrom(tx, o, o.amount, 'settled from the staking principal');
          if (back > 0n) {
            await ledger.transfer(tx, {
              from: { system: EARN_SYSTEM.staked, asset: o.asset },
              to: { userId: o.userId, asset: o.asset, kind: 'spot' },
              amount: back,
              cause: 'earn.principal',
              ref: `pledge:${o.id}`,
              userId: o.userId,
            });
          }
          await tx
            .update(pledgeOrders)
            .set({ status: 'expired', closedAt: clock.now() })
            .where(eq(pledgeOrders.id, o.id));
          await teamRecord(tx, o.userId, o.asset, 0n, -o.amount, `pledge:${o.id}`);
        }
        n++;
      });
    }
    return n;
  }

  // ---------------------------------------------------------------- burn

  async function burnTerms() {
    const a = await asset();
    return {
      asset: a.symbol,
      scale: a.scale,
      min: parseAmount(await settings.get('earn.burn_min'), a.scale) ?? 0n,
      minText: await settings.get('earn.burn_min'),
      multiple: parseAmount(await settings.get('earn.burn_multiple'), 8) ?? RATE_ONE,
      multipleText: await settings.get('earn.burn_multiple'),
      daily: await settings.get('earn.burn_daily_rate'),
    };
  }

  async function burn(
    userId: number,
    body: { amount: string; request_id?: string | undefined },
  ): Promise<BurnView> {
    const t = await burnTerms();
    const amount = parseAmount(body.amount, t.scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    if (amount < t.min) throw new ValidationError('amount', 'too_small');
    const maxRelease = (amount * t.multiple) / RATE_ONE;
    const daily = (maxRelease * t.daily.units) / RATE_ONE;
    return ledger.withIdempotency(userId, body.request_id, 'earn.burn', body, async (tx) => {
      const [row] = await tx
        .insert(burnOrders)
        .values({
          userId,
          asset: t.asset,
          amount,
          multiple: t.multiple,
          maxRelease,
          daily: daily > 0n ? daily : 1n,
          firstDay: (await dayOf(clock.now())) + 1,
          status: 'releasing',
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('burn order not written');
      await ledger.transfer(tx, {
        from: { userId, asset: t.asset, kind: 'spot' },
        to: { system: EARN_SYSTEM.burned, asset: t.asset },
        amount,
        cause: 'earn.burn',
        ref: `burn:${row.id}`,
        userId,
        requestId: body.request_id ?? null,
      });
      return burnView(row);
    });
  }

  async function burnOrder(userId: number, id: number) {
    const [o] = await store.db
      .select()
      .from(burnOrders)
      .where(and(eq(burnOrders.id, id), eq(burnOrders.userId, userId)));
    if (!o) throw new DomainError('EarnOrderNotFound');
    return burnView(o);
  }

  async function burnList(
    userId: number,
    q: { status?: BurnRow['status'] | undefined; page: number; size: number },
  ) {
    const where = and(eq(burnOrders.userId, userId), q.status ? eq(burnOrders.status, q.status) : undefined);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(burnOrders).where(where).orderBy(desc(burnOrders.id)), q),
      store.db.select({ n: count() }).from(burnOrders).where(where),
    ]);
    const t = await burnTerms();
    const list: BurnView[] = [];
    for (const r of rows) list.push(await burnView(r));
    return {
      ...pageAnswer(list, total),
      asset: t.asset,
      min_amount: t.minText,
      multiple: t.multipleText,
      daily_rate: t.daily.text,
    };
  }

  // ---------------------------------------------------------------- loans

  function loanView(l: LoanRow, scale: number): LoanView {
    const interest =
      l.status === 'open'
        ? loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), clock.now().getTime())
        : l.interest;
    return {
      id: l.id,
      pledge_id: l.pledgeId,
      asset: l.asset,
      amount: formatAmount(l.amount, scale),
      daily_rate: rate8(l.dailyRate),
      interest: formatAmount(interest, scale),
      due: formatAmount(l.status === 'open' ? l.amount + interest : 0n, scale),
      status: l.status,
      created_at: l.createdAt.toISOString(),
      closed_at: l.closedAt?.toISOString() ?? null,
    };
  }

  async function borrow(
    userId: number,
    body: { pledge_id: number; amount: string; request_id?: string | undefined },
  ): Promise<LoanView> {
    const { scale } = await asset();
    const ltv = (await settings.get('earn.loan_ltv')).units;
    const rate = (await settings.get('earn.loan_daily_rate')).units;
    const amount = parseAmount(body.amount, scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    await mine(userId, body.pledge_id);
    return ledger.withIdempotency(userId, body.request_id, 'earn.borrow', body, async (tx) => {
      const [o] = await tx
        .select()
        .from(pledgeOrders)
        .where(eq(pledgeOrders.id, body.pledge_id))
        .for('update');
      if (!o || o.userId !== userId) throw new DomainError('EarnOrderNotFound');
      if (o.status !== 'in_progress') throw new DomainError('EarnOrderClosed');
      const [open] = await tx
        .select({ id: earnLoans.id })
        .from(earnLoans)
        .where(and(eq(earnLoans.pledgeId, o.id), eq(earnLoans.status, 'open')));
      if (open) throw new DomainError('LoanOpen');
      const max = (o.amount * ltv) / RATE_ONE;
      if (amount > max) throw new DomainError('LoanLimit', { max: `${formatAmount(max, scale)} ${o.asset}` });
      const pool = await ledger.systemAccount(tx, EARN_SYSTEM.loans, o.asset);
      const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
      if (held < amount) throw new DomainError('LoanUnavailable');
      const [loan] = await tx
        .insert(earnLoans)
        .values({
          userId,
          pledgeId: o.id,
          asset: o.asset,
          amount,
          dailyRate: rate,
          status: 'open',
          createdAt: clock.now(),
        })
        .returning();
      if (!loan) throw new Error('loan not written');
      await ledger.transfer(tx, {
        from: pool,
        to: { userId, asset: o.asset, kind: 'spot' },
        amount,
        cause: 'earn.loan',
        ref: `loan:${loan.id}`,
        remark: `against staking order ${o.id}`,
        userId,
        requestId: body.request_id ?? null,
      });
      return loanView(loan, scale);
    });
  }

  async function repay(
    userId: number,
    body: { id: number; request_id?: string | undefined },
  ): Promise<LoanView> {
    const { scale } = await asset();
    return ledger.withIdempotency(userId, body.request_id, 'earn.repay', body, async (tx) => {
      const [l] = await tx.select().from(earnLoans).where(eq(earnLoans.id, body.id)).for('update');
      if (!l || l.userId !== userId) throw new DomainError('EarnOrderNotFound');
      if (l.status !== 'open') throw new DomainError('EarnOrderClosed');
      const interest = loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), clock.now().getTime());
      await ledger.transfer(tx, {
        from: { userId, asset: l.asset, kind: 'spot' },
        to: { system: EARN_SYSTEM.loans, asset: l.asset },
        amount: l.amount + interest,
        cause: 'earn.repay',
        ref: `loan:${l.id}`,
        userId,
        requestId: body.request_id ?? null,
      });
      const [row] = await tx
        .update(earnLoans)
        .set({ status: 'repaid', interest, closedAt: clock.now() })
        .where(eq(earnLoans.id, l.id))
        .returning();
      return loanView(row ?? l, scale);
    });
  }

  async function loans(
    userId: number,
    q: { status?: LoanRow['status'] | undefined; page: number; size: number },
  ) {
    const where = and(eq(earnLoans.userId, userId), q.status ? eq(earnLoans.status, q.status) : undefined);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(earnLoans).where(where).orderBy(desc(earnLoans.id)), q),
      store.db.select({ n: count() }).from(earnLoans).where(where),
    ]);
    const { scale } = await asset();
    return {
      ...pageAnswer(
        rows.map((r) => loanView(r, scale)),
        total,
      ),
      ltv: (await settings.get('earn.loan_ltv')).text,
      daily_rate: (await settings.get('earn.loan_daily_rate')).text,
    };
  }

  // ---------------------------------------------------------------- income

  async function income(
    userId: number,
    q: { program?: (typeof INCOME_PROGRAMS)[number] | undefined; page: number; size: number },
  ) {
    const { rewardPayouts } = schema;
    // Shared programs are named `<kind>:<what>` (`mining:main`, `nft:pool:1`, `lp:BWC-USDT`).
    const shared = ['mining', 'nft', 'lp'] as const;
    const byProgram =
      q.program === 'pledge' || q.program === 'burn'
        ? eq(rewardPayouts.program, q.program)
        : q.program
          ? like(rewardPayouts.program, `${q.program}:%`)
          : or(
              inArray(rewardPayouts.program, ['pledge', 'burn']),
              ...shared.map((k) => like(rewardPayouts.program, `${k}:%`)),
            );
    const where = and(eq(rewardPayouts.userId, userId), byProgram);
    const [rows, [total], sums] = await Promise.all([
      onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
      store.db.select({ n: count() }).from(rewardPayouts).where(where),
      store.db
        .select({
          asset: rewardPayouts.asset,
          s: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
        })
        .from(rewardPayouts)
        .where(where)
        .groupBy(rewardPayouts.asset)
        .orderBy(rewardPayouts.asset),
    ]);
    const scaleOf = (symbol: string) => deps.assets.get(symbol).scale;
    const list = [];
    for (const r of rows) {
      list.push({
        id: r.id,
        program: programKind(r.program),
        order_id: r.positionId,
        asset: r.asset,
        amount: formatAmount(r.amount, scaleOf(r.asset)),
        status: r.status,
        day: (await dayStart(r.period)).toISOString(),
        created_at: r.createdAt.toISOString(),
      });
    }
    return {
      ...pageAnswer(list, total),
      totals: sums.map((t) => ({ asset: t.asset, paid: formatAmount(BigInt(t.s), scaleOf(t.asset)) })),
    };
  }

  /** Each staking line's profit program. */
  async function stakingPrograms() {
    const list: RewardProgram<PledgeRow>[] = [];
    for (const line of STAKING_LINES) list.push(programOf(line, (await terms(line)).symbol));
    return list;
  }

  /** Staking profit and burn release as the solvency report shows them. */
  async function programReports(): Promise<ProgramReport[]> {
    const { rewardPayouts } = schema;
    const list: ProgramReport[] = [];
    for (const p of [...(await stakingPrograms()), burnProgram] as RewardProgram<unknown>[]) {
      const [sums] = await store.db
        .select({
          paid: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
          queued: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'queued'), 0)::text`,
        })
        .from(rewardPayouts)
        .where(eq(rewardPayouts.program, p.key));
      const poolBalance = await store.db.transaction(async (tx) => {
        const acc = await ledger.systemAccount(tx, p.pool, p.asset);
        return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
      });
      list.push({
        program: p.key,
        pool: p.pool,
        asset: p.asset,
        poolBalance,
        paid: BigInt(sums?.paid ?? '0'),
        owed: BigInt(sums?.queued ?? '0'),
        lastDay: await rewards.lastDone(p.key),
      });
    }
    return list;
  }

  /** The operators' view of every program: pool balance, paid, queued (owed), last settled day. */
  async function programsReport() {
    const { rewardRuns } = schema;
    const list = [];
    for (const p of await programReports()) {
      const { scale } = deps.assets.get(p.asset);
      const [runs] = await store.db
        .select({ open: sql<number>`count(*) filter (where ${rewardRuns.status} = 'running')::int` })
        .from(rewardRuns)
        .where(eq(rewardRuns.program, p.program));
      list.push({
        program: p.program,
        pool: p.pool,
        asset: p.asset,
        pool_balance: formatAmount(p.poolBalance, scale),
        paid: formatAmount(p.paid, scale),
        queued: formatAmount(p.owed, scale),
        last_period_day: p.lastDay === null ? null : (await dayStart(p.lastDay)).toISOString(),
        runs_open: runs?.open ?? 0,
      });
    }
    return { list };
  }

  // ---------------------------------------------------------------- settlement

  /** Settles every day that ended and is not settled, for both programs, then ends the orders that are due. */
  async function settleDue(): Promise<void> {
    const today = await dayOf(clock.now());
    const due: [RewardProgram<PledgeRow> | RewardProgram<BurnRow>, number | null][] = [];
    for (const program of await stakingPrograms()) {
      const [first] = await store.db
        .select({ d: min(pledgeOrders.firstDay) })
        .from(pledgeOrders)
        .where(and(eq(pledgeOrders.status, 'in_progress'), eq(pledgeOrders.asset, program.asset)));
      due.push([program, first?.d ?? null]);
    }
    due.push([
      burnProgram,
      (
        await store.db
          .select({ d: min(burnOrders.firstDay) })
          .from(burnOrders)
          .where(eq(burnOrders.status, 'releasing'))
      )[0]?.d ?? null,
    ]);
    for (const [program, from] of due) {
      if (from !== null) await rewards.settleRange(program as RewardProgram<unknown>, from, today);
      await rewards.payQueued(program as RewardProgram<unknown>, async (tx, p) => {
        if (program.key.startsWith('pledge')) {
          await tx
            .update(pledgeOrders)
            .set({ received: sql`${pledgeOrders.received} + ${p.amount}` })
            .where(eq(pledgeOrders.id, p.positionId));
        }
      });
    }
    await expire();
  }

  /** An operator funds a pool (profit, burn release, loans) from the platform's capital. */
  async function fund(
    operatorId: number,
    body: {
      pool: 'pledge' | 'burn' | 'loans';
      amount: string;
      line?: StakingLine | undefined;
      reason?: string | undefined;
    },
  ) {
    // Another line's pool is its staking profit pool, in its asset.
    if (body.line && body.line !== 'main' && body.pool !== 'pledge')
      throw new ValidationError('pool', 'invalid_value');
    const a = await terms(body.line ?? 'main');
    const amount = parseAmount(body.amount, a.scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    const pool = { pledge: EARN_SYSTEM.pledge, burn: EARN_SYSTEM.release, loans: EARN_SYSTEM.loans }[
      body.pool
    ];
    const balance = await store.db.transaction(async (tx) => {
      return fundPoolAudited(tx, ledger, clock.now(), {
        operatorId,
        action: 'earn.fund',
        subject: pool,
        pool: pool,
        asset: a.symbol,
        scale: a.scale,
        amount,
        reason: body.reason,
        from: EARN_SYSTEM.capital,
        remark: pool,
      });
    });
    return { pool, asset: a.symbol, pool_balance: formatAmount(balance, a.scale) };
  }

  /** The demo's first start funds the profit and release pools, so the first days pay at once. */
  async function seedPools(): Promise<void> {
    // Settings and the asset's scale are read before any transaction needs them (none queries beside one).
    for (const key of Object.keys(EARN_SETTINGS) as (keyof typeof EARN_SETTINGS)[]) await settings.get(key);
    await offsetMs();
    for (const line of STAKING_LINES) await terms(line);
    if (!deps.config.seedDemo) return;
    for (const line of STAKING_LINES) await seedLine(await terms(line));
  }
  async function seedLine(a: Terms): Promise<void> {
    const amount = parseAmount(a.demoPool, a.scale);
    if (!amount || amount <= 0n) return;
    await store.db.transaction(async (tx) => {
      const capital = await ledger.systemAccount(tx, EARN_SYSTEM.capital, a.symbol);
      const seen = (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
      if (seen !== 0n) return;
      const pools =
        a.line === 'main'
          ? [EARN_SYSTEM.pledge, EARN_SYSTEM.release, EARN_SYSTEM.loans]
          : [EARN_SYSTEM.pledge];
      for (const pool of pools) {
        await ledger.transfer(tx, {
          from: capital,
          to: { system: pool, asset: a.symbol },
          amount,
          cause: 'earn.fund',
          remark: `${pool} (demo)`,
          userId: null,
        });
      }
    });
  }

  /** What is staked on a line in orders in progress, everyone's. */
  async function totalStaked(line: StakingLine): Promise<string> {
    const t = await terms(line);
    const [row] = await store.db
      .select({ s: sql<string>`coalesce(sum(${pledgeOrders.amount}), 0)::text` })
      .from(pledgeOrders)
      .where(and(eq(pledgeOrders.asset, t.symbol), eq(pledgeOrders.status, 'in_progress')));
    return formatAmount(BigInt(row?.s ?? '0'), t.scale);
  }

  /**
   * A user's stakes, burns and loans, newest first, for the operators' user page: one paged query over the three
   * tables (each read by its user index).
   */
  async function adminStakes(
    userId: number,
    q: { kind?: 'pledge' | 'burn' | 'loan' | undefined; page: number; size: number },
  ) {
    // Every part names its columns: a kind filter may leave any of them first.
    const parts = [
      (!q.kind || q.kind === 'pledge') &&
        sql`select 'pledge' as kind, id, asset, amount::text as amount, days, apr::text as rate,
              received::text as paid, null::bigint as pledge_id, status as state, start_at,
              coalesce(closed_at, end_at) as end_at
            from ${pledgeOrders} where user_id = ${userId}`,
      (!q.kind || q.kind === 'burn') &&
        sql`select 'burn' as kind, id, asset, amount::text as amount, null::int as days, multiple::text as rate,
              released::text as paid, null::bigint as pledge_id, status as state, created_at as start_at,
              completed_at as end_at
            from ${burnOrders} where user_id = ${userId}`,
      (!q.kind || q.kind === 'loan') &&
        sql`select 'loan' as kind, id, asset, amount::text as amount, null::int as days,
              daily_rate::text as rate, interest::text as paid, pledge_id, status as state,
              created_at as start_at, closed_at as end_at
            from ${earnLoans} where user_id = ${userId}`,
    ].filter((x): x is ReturnType<typeof sql> => x !== false);
    const union = sql.join(parts, sql` union all `);
    type Row = {
      kind: 'pledge' | 'burn' | 'loan';
      id: string | number;
      asset: string;
      amount: string;
      days: number | null;
      rate: string;
      paid: string;
      pledge_id: string | number | null;
      state: string;
      start_at: string | Date;
      end_at: string | Date | null;
    };
    const [rows, totals] = await Promise.all([
      queryRows<Row>(
        store.db,
        sql`select * from (${union}) s order by start_at desc, id desc
            ${pageClause(q)}`,
      ),
      queryRows<{ n: string | number }>(store.db, sql`select count(*) as n from (${union}) s`),
    ]);
    const iso = (t: string | Date) => (t instanceof Date ? t : new Date(t)).toISOString();
    const rate = (units: string) => formatAmount(BigInt(units), 8);
    const list = [];
    for (const r of rows) {
      const scale = deps.assets.get(r.asset).scale;
      // A loan runs on the line of the stake it is against, which is in the same asset.
      const line = r.kind === 'burn' ? null : (await lineOf(r.asset)).line;
      list.push({
        kind: r.kind,
        id: Number(r.id),
        line,
        asset: r.asset,
        amount: formatAmount(BigInt(r.amount), scale),
        days: r.days === null ? null : Number(r.days),
        rate: rate(r.rate),
        paid: formatAmount(BigInt(r.paid), scale),
        pledge_id: r.pledge_id === null ? null : Number(r.pledge_id),
        state: r.state,
        start_at: iso(r.start_at),
        end_at: r.end_at === null ? null : iso(r.end_at),
      });
    }
    return pageAnswer(list, totals[0]);
  }

  /** Every open loan against the order that secures it (the solvency report). */
  async function loanReport() {
    const ltv = (await settings.get('earn.loan_ltv')).units;
    return loanCovers(
      store.db,
      ltv,
      (l, now) => loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), now),
      clock.now().getTime(),
    );
  }

  return {
    loanReport,
    totalStaked,
    pledgeInfo,
    adminStakes,
    stake,
    pledgeOrder,
    pledgeList,
    operate,
    expire,
    burn,
    burnOrder,
    burnList,
    income,
    programsReport,
    adminPlans,
    savePlan,
    programReports,
    ranking,
    fund,
    borrow,
    repay,
    loans,
    settleDue,
    seedPools,
    dayOf,
    stakingPrograms,
    rewards,
  };
}

export type Earn = ReturnType<typeof createEarn>;
