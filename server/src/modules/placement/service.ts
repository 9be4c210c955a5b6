/**
 * Private placement: rounds of a platform token sold at a set price, up to a hard cap and a per-user cap.
 *
 * Opening a round issues its hard cap from the platform's capital into the round's supply. A subscription
 * pays amount × price from the spot account and moves the tokens from the supply into the vesting pool in
 * the same ledger entry; they unlock in `vesting_months` equal parts, the first on the platform day after
 * the subscription and then every 30 days, each part paid once by the rewards engine from the vesting pool
 * (the last part is what is left). Closing a round returns what it did not sell to capital.
 */
import { formatAmount, parseAmount, type ResponseData } from '@nexa/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { platformDays } from '../../programs/days';
import { createRewards, type ProgramReport, type RewardProgram } from '../../programs/rewards';
import { type Db, schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { PLACEMENT_SETTINGS } from './settings';
import { placementRounds, placementSubscriptions } from './tables';

export const PLACEMENT_SYSTEM = {
  /** Tokens of open rounds not sold yet. */
  supply: 'system:placement:supply',
  /** Sold tokens waiting for their parts to unlock. */
  vesting: 'system:placement:vesting',
  /** What subscribers paid. */
  sales: 'system:placement:sales',
  capital: SYSTEM.capital('placement'),
} as const;

/** Days between two unlocked parts. */
export const PART_DAYS = 30;

type RoundRow = typeof placementRounds.$inferSelect;
type SubRow = typeof placementSubscriptions.$inferSelect;
type RoundView = NonNullable<ResponseData<'/api/basic/checkBuy'>['round']>;
type SubView = ResponseData<'/api/basic/saveBuy'>;

/** Part k (1-based) of a subscription: an equal share, rounded down; the last part is what is left. */
export function partOf(amount: bigint, parts: number, k: number): bigint {
  const each = amount / BigInt(parts);
  return k === parts ? amount - each * BigInt(parts - 1) : each;
}

/** What `amount` tokens cost at `price` (pay minor units per whole token), rounded up. */
export function costOf(amount: bigint, price: bigint, tokenScale: number): bigint {
  const one = 10n ** BigInt(tokenScale);
  return (amount * price + one - 1n) / one;
}

export function createPlacement(deps: AppDeps & { readonly ledger: Ledger }) {
  const { store, clock, ledger, log, assets } = deps;
  const settings = deps.settings.of(PLACEMENT_SETTINGS);
  const rewards = createRewards({ store, clock, ledger, log });
  const days = platformDays(deps);

  const token = (r: { asset: string }) => assets.get(r.asset);
  const pay = (r: { payAsset: string }) => assets.get(r.payAsset);

  function roundView(r: RoundRow): RoundView {
    const fmt = (v: bigint) => formatAmount(v, token(r).scale);
    return {
      id: r.id,
      name: r.name,
      asset: r.asset,
      pay_asset: r.payAsset,
      price: formatAmount(r.price, pay(r).scale),
      hard_cap: fmt(r.hardCap),
      per_user_cap: fmt(r.perUserCap),
      min_amount: fmt(r.minAmount),
      sold: fmt(r.sold),
      left: fmt(r.hardCap - r.sold),
      vesting_months: r.vestingMonths,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      status: r.status,
    };
  }

  async function subView(s: SubRow, roundName: string): Promise<SubView> {
    const fmt = (v: bigint) => formatAmount(v, assets.get(s.asset).scale);
    const next = s.partsReleased < s.parts ? s.firstDay + PART_DAYS * s.partsReleased : null;
    return {
      id: s.id,
      round_id: s.roundId,
      round: roundName,
      asset: s.asset,
      amount: fmt(s.amount),
      cost: formatAmount(s.cost, assets.get(s.payAsset).scale),
      pay_asset: s.payAsset,
      released: fmt(s.released),
      locked: fmt(s.amount - s.released),
      parts: s.parts,
      parts_released: s.partsReleased,
      next_release_at: next === null ? null : (await days.dayStart(next)).toISOString(),
      status: s.status,
      created_at: s.createdAt.toISOString(),
    };
  }

  /** Why the user cannot subscribe to the round now, or null. */
  function blocked(r: RoundRow, bought: bigint, now: Date) {
    if (r.status === 'closed' || now >= r.endsAt) return 'ended' as const;
    if (r.status === 'paused') return 'paused' as const;
    if (now < r.startsAt) return 'not_started' as const;
    if (r.sold >= r.hardCap) return 'sold_out' as const;
    if (bought >= r.perUserCap) return 'cap_reached' as const;
    return null;
  }

  async function boughtIn(db: Db | Tx, roundId: number, userId: number): Promise<bigint> {
    const [row] = await db
      .select({ s: sql<string>`coalesce(sum(${placementSubscriptions.amount}), 0)::text` })
      .from(placementSubscriptions)
      .where(and(eq(placementSubscriptions.roundId, roundId), eq(placementSubscriptions.userId, userId)));
    return BigInt(row?.s ?? '0');
  }

  /** The round a user sees: the open one, else the next to open, else the last one. */
  async function currentRound(): Promise<RoundRow | null> {
    const now = clock.now();
    const rows = await store.db.select().from(placementRounds).orderBy(desc(placementRounds.id)).limit(50);
    const live = rows.filter((r) => r.status !== 'closed' && r.endsAt > now);
    return (
      live.find((r) => r.startsAt <= now && r.status === 'active') ??
      live.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0] ??
      rows[0] ??
      null
    );
  }

  async function check(userId: number, q: { round_id?: number | undefined }) {
    let r: RoundRow | null;
    if (q.round_id !== undefined) {
      [r = null] = await store.db.select().from(placementRounds).where(eq(placementRounds.id, q.round_id));
      if (!r) throw new DomainError('RoundNotFound');
    } else r = await currentRound();
    const usdt = assets.get('USDT');
    if (!r) {
      return { round: null, eligible: false, reason: null, bought: '0', allowance: '0', available: '0' };
    }
    const [bought, balances] = await Promise.all([boughtIn(store.db, r.id, userId), ledger.balances(userId)]);
    const reason = blocked(r, bought, clock.now());
    const room = r.perUserCap - bought;
    const left = r.hardCap - r.sold;
    const allowance = reason ? 0n : room < left ? room : left;
    const spot = balances.find((b) => b.asset === r.payAsset && b.kind === 'spot');
    return {
      round: roundView(r),
      eligible: reason === null,
      reason,
      bought: formatAmount(bought, token(r).scale),
      allowance: formatAmount(allowance, token(r).scale),
      available: formatAmount(spot?.available ?? 0n, (assets.find(r.payAsset) ?? usdt).scale),
    };
  }

  async function subscribe(
    userId: number,
    body: { round_id: number; amount: string; request_id?: string | undefined },
  ): Promise<SubView> {
    const [r0] = await store.db.select().from(placementRounds).where(eq(placementRounds.id, body.round_id));
    if (!r0) throw new DomainError('RoundNotFound');
    const scale = token(r0).scale;
    const amount = parseAmount(body.amount, scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    if (amount < r0.minAmount) throw new ValidationError('amount', 'too_small');
    const firstDay = (await days.today()) + 1;
    await days.dayStart(firstDay);
    return ledger.withIdempotency(userId, body.request_id, 'placement.buy', body, async (tx) => {
      const [r] = await tx
        .select()
        .from(placementRounds)
        .where(eq(placementRounds.id, body.round_id))
        .for('update');
      if (!r) throw new DomainError('RoundNotFound');
      const bought = await boughtIn(tx, r.id, userId);
      const reason = blocked(r, bought, clock.now());
      const fmt = (v: bigint) => `${formatAmount(v, scale)} ${r.asset}`;
      if (reason === 'sold_out') throw new DomainError('RoundSoldOut', { left: fmt(0n) });
      if (reason === 'cap_reached') throw new DomainError('PlacementCapReached', { max: fmt(0n) });
      if (reason) throw new DomainError('RoundNotOpen');
      if (amount > r.hardCap - r.sold)
        throw new DomainError('RoundSoldOut', { left: fmt(r.hardCap - r.sold) });
      if (bought + amount > r.perUserCap)
        throw new DomainError('PlacementCapReached', { max: fmt(r.perUserCap - bought) });
      const cost = costOf(amount, r.price, scale);
      const [s] = await tx
        .insert(placementSubscriptions)
        .values({
          roundId: r.id,
          userId,
          asset: r.asset,
          amount,
          payAsset: r.payAsset,
          cost,
          parts: r.vestingMonths,
          firstDay,
          status: 'vesting',
          createdAt: clock.now(),
        })
        .returning();
      if (!s) throw new Error('subscription not written');
      await tx
        .update(placementRounds)
        .set({ sold: sql`${placementRounds.sold} + ${amount}` })
        .where(eq(placementRounds.id, r.id));
      // One after another: a transaction's connection runs one statement at a time.
      const buyer = await ledger.account(tx, { userId, asset: r.payAsset, kind: 'spot' });
      const sales = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.sales, r.payAsset);
      const supply = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.supply, r.asset);
      const vesting = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.vesting, r.asset);
      // One entry: the cost leaves the buyer, the tokens leave the supply for the vesting pool.
      await ledger.post(tx, {
        cause: 'placement.buy',
        ref: `placement:${s.id}`,
        remark: `${r.name}: ${formatAmount(amount, scale)} ${r.asset}`,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: buyer, bucket: 'available', amount: -cost },
          { account: sales, bucket: 'available', amount: cost },
          { account: supply, bucket: 'available', amount: -amount },
          { account: vesting, bucket: 'available', amount },
        ],
      });
      return subView(s, r.name);
    });
  }

  async function mine(
    userId: number,
    q: { status?: SubRow['status'] | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(placementSubscriptions.userId, userId),
      q.status ? eq(placementSubscriptions.status, q.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ s: placementSubscriptions, name: placementRounds.name })
          .from(placementSubscriptions)
          .innerJoin(placementRounds, eq(placementRounds.id, placementSubscriptions.roundId))
          .where(where)
          .orderBy(desc(placementSubscriptions.id)),
        q,
      ),
      store.db.select({ n: count() }).from(placementSubscriptions).where(where),
    ]);
    const list: SubView[] = [];
    for (const r of rows) list.push(await subView(r.s, r.name));
    return pageAnswer(list, total);
  }

  // ---------------------------------------------------------------- vesting

  /** One program per token sold: each subscription's part due on the period's day. */
  const programs = new Map<string, RewardProgram<SubRow>>();
  function vestingProgram(asset: string): RewardProgram<SubRow> {
    let p = programs.get(asset);
    if (p) return p;
    p = {
      key: `placement:${asset}`,
      pool: PLACEMENT_SYSTEM.vesting,
      asset,
      cause: 'placement.release',
      due: (tx, period, after, limit) =>
        tx
          .select()
          .from(placementSubscriptions)
          .where(
            and(
              eq(placementSubscriptions.asset, asset),
              eq(placementSubscriptions.status, 'vesting'),
              sql`${placementSubscriptions.firstDay} + ${PART_DAYS} * ${placementSubscriptions.partsReleased} = ${period}`,
              sql`${placementSubscriptions.id} > ${after}`,
            ),
          )
          .orderBy(asc(placementSubscriptions.id))
          .limit(limit)
          .for('update'),
      id: (s) => s.id,
      userId: (s) => s.userId,
      amount: (s) => partOf(s.amount, s.parts, s.partsReleased + 1),
      earned: async (tx, s, _period, amount) => {
        const done = s.partsReleased + 1 >= s.parts;
        await tx
          .update(placementSubscriptions)
          .set({
            released: sql`${placementSubscriptions.released} + ${amount}`,
            partsReleased: sql`${placementSubscriptions.partsReleased} + 1`,
            ...(done ? { status: 'complete' as const } : {}),
          })
          .where(eq(placementSubscriptions.id, s.id));
      },
    };
    programs.set(asset, p);
    return p;
  }

  /** Releases every part due up to yesterday, each once (the vesting pool holds every sold token). */
  async function settleDue(): Promise<void> {
    const today = await days.today();
    const open = await store.db
      .select({
        asset: placementSubscriptions.asset,
        first: sql<number>`min(${placementSubscriptions.firstDay} + ${PART_DAYS} * ${placementSubscriptions.partsReleased})::int`,
      })
      .from(placementSubscriptions)
      .where(eq(placementSubscriptions.status, 'vesting'))
      .groupBy(placementSubscriptions.asset);
    for (const { asset, first } of open) {
      // A part is released on the first sweep of its day (the period is that day, not one that ended).
      await rewards.settleRange(vestingProgram(asset), first, today + 1);
    }
  }

  /** Vesting per token as the solvency report shows it: the pool holds every part still locked. */
  async function programReports(): Promise<ProgramReport[]> {
    const { rewardPayouts } = schema;
    const rows = await store.db
      .select({
        asset: placementSubscriptions.asset,
        locked: sql<string>`sum(${placementSubscriptions.amount} - ${placementSubscriptions.released})::text`,
        released: sql<string>`sum(${placementSubscriptions.released})::text`,
      })
      .from(placementSubscriptions)
      .groupBy(placementSubscriptions.asset);
    const list: ProgramReport[] = [];
    for (const r of rows) {
      const key = vestingProgram(r.asset).key;
      const [queued] = await store.db
        .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
        .from(rewardPayouts)
        .where(and(eq(rewardPayouts.program, key), eq(rewardPayouts.status, 'queued')));
      const poolBalance = await store.db.transaction(async (tx) => {
        const acc = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.vesting, r.asset);
        return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
      });
      list.push({
        program: key,
        pool: PLACEMENT_SYSTEM.vesting,
        asset: r.asset,
        poolBalance,
        paid: BigInt(r.released),
        owed: BigInt(r.locked) + BigInt(queued?.s ?? '0'),
        lastDay: await rewards.lastDone(key),
      });
    }
    return list;
  }

  // ---------------------------------------------------------------- operators

  async function adminView(r: RoundRow) {
    const [buyers] = await store.db
      .select({ n: sql<number>`count(distinct ${placementSubscriptions.userId})::int` })
      .from(placementSubscriptions)
      .where(eq(placementSubscriptions.roundId, r.id));
    return { ...roundView(r), buyers: buyers?.n ?? 0 };
  }

  async function rounds() {
    const rows = await store.db.select().from(placementRounds).orderBy(desc(placementRounds.id));
    const list = [];
    for (const r of rows) list.push(await adminView(r));
    return { list };
  }

  async function openRound(
    operatorId: number | null,
    body: {
      name: string;
      asset: string;
      price: string;
      hard_cap: string;
      per_user_cap: string;
      min_amount: string;
      vesting_months: number;
      starts_at: string;
      ends_at: string;
    },
  ) {
    const a = assets.find(body.asset);
    if (!a || a.kind !== 'platform') throw new ValidationError('asset', 'invalid_value');
    const usdt = assets.get('USDT');
    const num = (field: string, text: string, scale: number) => {
      const v = parseAmount(text, scale);
      if (v === null || v <= 0n) throw new ValidationError(field, 'invalid_value');
      return v;
    };
    const price = num('price', body.price, usdt.scale);
    const hardCap = num('hard_cap', body.hard_cap, a.scale);
    const perUserCap = num('per_user_cap', body.per_user_cap, a.scale);
    const minAmount = num('min_amount', body.min_amount, a.scale);
    if (perUserCap > hardCap) throw new ValidationError('per_user_cap', 'too_big');
    if (minAmount > perUserCap) throw new ValidationError('min_amount', 'too_big');
    const startsAt = new Date(body.starts_at);
    const endsAt = new Date(body.ends_at);
    if (!(endsAt > startsAt)) throw new ValidationError('ends_at', 'invalid_value');
    const row = await store.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(placementRounds)
        .values({
          name: body.name,
          asset: a.symbol,
          payAsset: usdt.symbol,
          price,
          hardCap,
          perUserCap,
          minAmount,
          vestingMonths: body.vesting_months,
          startsAt,
          endsAt,
          status: 'active',
          createdAt: clock.now(),
        })
        .returning();
      if (!r) throw new Error('round not written');
      await ledger.transfer(tx, {
        from: { system: PLACEMENT_SYSTEM.capital, asset: a.symbol },
        to: { system: PLACEMENT_SYSTEM.supply, asset: a.symbol },
        amount: hardCap,
        cause: 'placement.supply',
        ref: `round:${r.id}`,
        remark: r.name,
        userId: null,
      });
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: 'placement.round.open',
          subject: `round:${r.id}`,
          before: null,
          after: r,
        });
      return r;
    });
    return adminView(row);
  }

  async function roundStatus(operatorId: number, body: { id: number; status: RoundRow['status'] }) {
    const row = await store.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(placementRounds)
        .where(eq(placementRounds.id, body.id))
        .for('update');
      if (!before) throw new DomainError('RoundNotFound');
      if (before.status === 'closed') throw new DomainError('RoundNotOpen');
      const [r] = await tx
        .update(placementRounds)
        .set({ status: body.status })
        .where(eq(placementRounds.id, body.id))
        .returning();
      if (!r) throw new DomainError('RoundNotFound');
      if (body.status === 'closed' && r.hardCap > r.sold) {
        // What the round did not sell goes back to capital.
        await ledger.transfer(tx, {
          from: { system: PLACEMENT_SYSTEM.supply, asset: r.asset },
          to: { system: PLACEMENT_SYSTEM.capital, asset: r.asset },
          amount: r.hardCap - r.sold,
          cause: 'placement.supply',
          ref: `round:${r.id}`,
          remark: `${r.name}: unsold`,
          userId: null,
        });
      }
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: `placement.round.${body.status}`,
        subject: `round:${r.id}`,
        before,
        after: r,
      });
      return r;
    });
    return adminView(row);
  }

  /** At start: the demo opens its round once. */
  async function start(): Promise<void> {
    const demo = await settings.get('placement.demo_round');
    await days.offsetMs();
    if (!deps.config.seedDemo) return;
    const [any] = await store.db.select({ id: placementRounds.id }).from(placementRounds).limit(1);
    if (any) return;
    const now = clock.now();
    await openRound(null, {
      name: demo.name,
      asset: demo.asset,
      price: demo.price,
      hard_cap: demo.hard_cap,
      per_user_cap: demo.per_user_cap,
      min_amount: demo.min_amount,
      vesting_months: demo.vesting_months,
      starts_at: now.toISOString(),
      ends_at: new Date(now.getTime() + demo.open_days * 86_400_000).toISOString(),
    });
  }

  return {
    check,
    subscribe,
    mine,
    settleDue,
    rounds,
    openRound,
    roundStatus,
    start,
    vestingProgram,
    programReports,
    rewards,
  };
}

export type Placement = ReturnType<typeof createPlacement>;
