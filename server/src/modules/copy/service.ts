/**
 * Copy trading.
 *
 * A lead trader's every move in a contract (open, add, reduce, close, flip, liquidation) is mirrored for each
 * active copy inside the futures writer's transaction (the copy port): the follower's target is the lead's
 * position times the copy's ratio, fixed when the lead opened from flat (`ratio` contracts per contract, or
 * the contracts `amount` of margin opens at the lead's price and leverage, per lead contract), rounded down,
 * so a follower always holds the lead's position in proportion within one contract. A follower without the
 * margin, or beyond the copy's budget, is skipped with a record; a lead position a copy did not open with
 * stays uncopied until the lead is flat again. A follower's copied position is the copy's: their own orders
 * on it are refused until they cancel the copy.
 *
 * Profit share: every `settle_interval_h` (a week) each copy pays its lead the tier's share of its realized
 * net PnL above the high-water mark, once per (copy, period): the copy's row moves its settled period forward
 * in the transaction that pays, so a restart or a second process settles nothing twice.
 */
import {
  errorMessage,
  formatAmount,
  type Lang,
  parseAmount,
  RATE_ONE,
  type ResponseData,
  USDT_SCALE,
} from '@nexa/contract';
import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Ledger } from '../../ledger';
import type { CopyOrder, CopyOutcome, CopyPort, LeadMove } from '../../ports/copy';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer, slicePage } from '../../store/paging';
import { type CounterpartyReader, createCounterpartyFlags } from './counterparty-flags';
import { createLinkVault, rotateLinks } from './links';
import { openedMargin, skippedMargin } from './margin';
import { createOkxClient, type OkxClient, OkxError } from './okx';
import { COPY_SETTINGS } from './settings';
import {
  copyFollows,
  copyLeadApplications,
  copyLeads,
  copyPositions,
  copySettlements,
  copyTrades,
  okxCopyOrders,
  okxLinks,
} from './tables';
import { adverse, copyLimitPrice, limitForMove, type Tolerances } from './tolerance';

type PositionView = ResponseData<'/v1/futures/positions'>['list'][number];
type ClosedView = ResponseData<'/v1/futures/positionHistory'>['list'][number];
type OrderView = ResponseData<'/v1/order/submitTrade'>;
type FollowView = ResponseData<'/v1/copy/follow'>;
type TraderView = ResponseData<'/v1/copy/traders'>['list'][number];
type LeadStatusView = ResponseData<'/v1/copy/lead'>;
type LeadApplicationView = ResponseData<'/admin/copy/reviewLead'>;
type AdminLeadView = ResponseData<'/admin/copy/suspendLead'>;
type ApplicationRow = typeof copyLeadApplications.$inferSelect;
type Tier = TraderView['tier'];
type FollowRow = typeof copyFollows.$inferSelect;
type CopyPosRow = typeof copyPositions.$inferSelect;

/** What copy trading reads from and asks of the futures books (wired by the app). */
export interface FuturesPort {
  positions(userId: number, instId?: string): PositionView[];
  account(userId: number): Promise<{ equity: string; available: string }>;
  submit(
    userId: number,
    o: { instId: string; side: 'buy' | 'sell'; type: 'market'; sz: string; reduceOnly?: boolean },
    source: 'user' | 'copy',
  ): Promise<OrderView>;
  positionHistory(
    userId: number,
    instId: string | undefined,
    page: { page: number; size: number },
  ): Promise<{ list: ClosedView[]; total: number }>;
  dailyPnl(userId: number, since: Date): Promise<{ day: string; pnl: bigint }[]>;
  closedCount(userId: number): Promise<number>;
  instIds(): string[];
}

export interface CopyDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly futures: () => FuturesPort;
  /** Who filled the followers' copy orders (the futures trades, read-only), for the counterparty flag. */
  readonly counterparties?: CounterpartyReader;
  /** The OKX REST client (tests give one pointed at a fake). */
  readonly okx?: OkxClient;
}

const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);
const abs = (v: bigint) => (v < 0n ? -v : v);
const DAY = 86_400_000;
const TIERS: readonly Tier[] = ['junior', 'intermediate', 'senior'];
/** Percent with two decimals of num / den ("12.34"); 0 when den is not positive. */
function pct(num: bigint, den: bigint): string {
  if (den <= 0n) return '0';
  const v = (num * 10_000n) / den;
  return `${v < 0n ? '-' : ''}${formatAmount(abs(v), 2)}`;
}
/** Public name of a user: their short id, masked in the middle for others' eyes. */
const masked = (uid: string) => (uid.length <= 4 ? uid : `${uid.slice(0, 2)}***${uid.slice(-2)}`);
const parseUsdt = (text: string) => parseAmount(text, USDT_SCALE) ?? 0n;
const parseRatio = (text: string) => parseAmount(text, 8);

export function createCopy(deps: CopyDeps) {
  const { store, clock, ledger, log, config } = deps;
  const settings = deps.settings.of(COPY_SETTINGS);
  const vault = createLinkVault(config.linkKeys);
  const counterparty = createCounterpartyFlags(deps);
  const okx = deps.okx ?? createOkxClient({ baseUrl: config.okxRestUrl, timeoutMs: config.okxRestTimeoutMs });
  /** Lead traders (kept in memory: the writer asks for every fill). */
  const leads = new Map<
    number,
    { tier: Tier; delayMin: number; suspended: { at: Date; reason: string } | null }
  >();
  /** `${follower}:${instId}` of copied positions on the platform: their owners' orders are refused. */
  const managed = new Set<string>();
  let figuresCache: { at: number; list: TraderView[] } | null = null;
  let sending: Promise<number> | null = null;

  // ---------------------------------------------------------------- settings

  async function tolerances(): Promise<Tolerances> {
    const rate = (text: string) => parseRatio(text) ?? 0n;
    return {
      lead: rate(await settings.get('copy.price_tolerance')),
      mark: rate(await settings.get('copy.mark_tolerance')),
    };
  }

  async function tierTable() {
    const t = await settings.get('copy.tiers');
    return TIERS.map((tier) => ({
      tier,
      minFollowers: t[tier].min_followers,
      minAum: parseUsdt(t[tier].min_aum),
      share: parseRatio(t[tier].profit_share) ?? 0n,
      shareText: t[tier].profit_share,
      maxFollowers: t[tier].max_followers,
    }));
  }

  async function tierOf(tier: Tier) {
    const table = await tierTable();
    const found = table.find((t) => t.tier === tier);
    if (!found) throw new Error(`tier ${tier} missing`);
    return found;
  }

  async function period(now = clock.now()): Promise<{ index: number; start: Date; end: Date }> {
    const step = (await settings.get('copy.settle_interval_h')) * 3_600_000;
    const index = Math.floor(now.getTime() / step);
    return { index, start: new Date(index * step), end: new Date((index + 1) * step) };
  }

  // ---------------------------------------------------------------- the port the futures writer calls

  async function followsOf(tx: Tx, leadId: number): Promise<FollowRow[]> {
    return tx
      .select()
      .from(copyFollows)
      .where(and(eq(copyFollows.leadId, leadId), eq(copyFollows.status, 'active')))
      .orderBy(copyFollows.id);
  }

  async function positionsOf(tx: Tx, followIds: readonly number[]): Promise<CopyPosRow[]> {
    if (followIds.length === 0) return [];
    return tx
      .select()
      .from(copyPositions)
      .where(inArray(copyPositions.followId, [...followIds]));
  }

  async function putPosition(tx: Tx, row: CopyPosRow): Promise<void> {
    await tx
      .insert(copyPositions)
      .values(row)
      .onConflictDoUpdate({
        target: [copyPositions.followId, copyPositions.instId],
        set: {
          num: row.num,
          den: row.den,
          contracts: row.contracts,
          margin: row.margin,
          detached: row.detached,
        },
      });
  }

  async function dropPosition(tx: Tx, followId: number, instId: string): Promise<void> {
    await tx
      .delete(copyPositions)
      .where(and(eq(copyPositions.followId, followId), eq(copyPositions.instId, instId)));
  }

  function missedTrade(
    f: FollowRow,
    move: LeadMove,
    side: 'buy' | 'sell',
    size: bigint,
    reason: NonNullable<(typeof copyTrades.$inferInsert)['reason']>,
  ): typeof copyTrades.$inferInsert {
    return {
      followId: f.id,
      followerId: f.followerId,
      leadId: f.leadId,
      instId: move.instId,
      side,
      size,
      filled: 0n,
      leadPrice: move.price,
      price: null,
      slippage: null,
      pnl: 0n,
      fee: 0n,
      lever: move.lever,
      venue: f.venue,
      status: 'skipped',
      reason,
      orderId: null,
      createdAt: move.at,
    };
  }

  const leadSide = (move: LeadMove): 'buy' | 'sell' => (move.after > move.before ? 'buy' : 'sell');

  /** The followers' orders for a lead's move; skips, OKX orders and ratio changes are written here. */
  async function plan(tx: Tx, move: LeadMove, sizeOf: (userId: number) => bigint): Promise<CopyOrder[]> {
    const follows = await followsOf(tx, move.leadId);
    if (follows.length === 0) return [];
    const all = await positionsOf(
      tx,
      follows.map((f) => f.id),
    );
    const orders: CopyOrder[] = [];
    const tol = await tolerances();
    const records: (typeof copyTrades.$inferInsert)[] = [];
    const okxOrders: { trade: typeof copyTrades.$inferInsert; target: bigint; cp: CopyPosRow }[] = [];
    const fromFlat = move.before === 0n;
    for (const f of follows) {
      let cp = all.find((p) => p.followId === f.id && p.instId === move.instId) ?? null;
      if (cp && fromFlat) {
        // The lead was flat: whatever the copy knew of this contract belongs to an earlier position.
        if (cp.contracts === 0n || cp.detached) cp = null;
      }
      if (!cp) {
        if (!fromFlat) {
          // The lead held this position before the copy began: it is not copied.
          await putPosition(tx, {
            followId: f.id,
            instId: move.instId,
            num: 0n,
            den: 1n,
            contracts: 0n,
            margin: 0n,
            detached: true,
          });
          continue;
        }
        let num: bigint;
        let den: bigint;
        if (f.mode === 'ratio') {
          num = f.ratio ?? 0n;
          den = RATE_ONE;
        } else {
          num = move.contractsFor(f.amount ?? 0n, move.lever);
          den = abs(move.after);
        }
        const target = (abs(move.after) * num) / den;
        cp = { followId: f.id, instId: move.instId, num, den, contracts: 0n, margin: 0n, detached: false };
        if (target === 0n) {
          records.push({
            ...missedTrade(f, move, leadSide(move), 0n, 'too_small'),
            ...skippedMargin(f, move, 'too_small'),
          });
          await putPosition(tx, { ...cp, detached: true });
          continue;
        }
      }
      if (cp.detached) {
        if (move.after === 0n) await dropPosition(tx, f.id, move.instId);
        continue;
      }
      const held = f.venue === 'platform' ? sizeOf(f.followerId) : cp.contracts;
      if (held !== cp.contracts) {
        // The follower's position changed outside the copy (their own, a liquidation): stop copying it.
        records.push(
          missedTrade(f, move, leadSide(move), 0n, cp.contracts === 0n ? 'own_position' : 'not_copied'),
        );
        await putPosition(tx, { ...cp, detached: true });
        continue;
      }
      const sign = move.after < 0n ? -1n : 1n;
      const target = sign * ((abs(move.after) * cp.num) / cp.den);
      const diff = target - held;
      if (diff === 0n) {
        if (move.after === 0n) await dropPosition(tx, f.id, move.instId);
        continue;
      }
      const side = diff > 0n ? 'buy' : 'sell';
      // What the order opens (beyond what it closes) must fit the copy's budget.
      const opens =
        abs(target) > abs(held) && (held === 0n || held > 0n === target > 0n)
          ? abs(target) - abs(held)
          : held !== 0n && held > 0n !== target > 0n
            ? abs(target)
            : 0n;
      if (opens > 0n) {
        const others = all
          .filter((p) => p.followId === f.id && p.instId !== move.instId && !p.detached)
          .reduce((s, p) => s + p.margin, 0n);
        const need = move.marginFor(opens, move.lever);
        if (others + (held !== 0n && held > 0n === target > 0n ? cp.margin : 0n) + need > f.budget) {
          records.push({
            ...missedTrade(f, move, side, abs(diff), 'budget'),
            ...skippedMargin(f, move, 'budget'),
          });
          if (fromFlat) await putPosition(tx, { ...cp, detached: true });
          continue;
        }
      }
      if (f.venue === 'okx') {
        okxOrders.push({
          trade: { ...missedTrade(f, move, side, abs(diff), 'okx_failed'), status: 'sent', reason: null },
          target,
          cp,
        });
        continue;
      }
      await putPosition(tx, cp);
      const limitPrice = limitForMove(move, side, tol);
      orders.push({
        followId: f.id,
        followerId: f.followerId,
        side,
        contracts: abs(diff),
        lever: move.lever,
        ...(limitPrice === undefined ? {} : { limitPrice }),
      });
    }
    if (records.length > 0) await tx.insert(copyTrades).values(records);
    for (const o of okxOrders) {
      const [trade] = await tx.insert(copyTrades).values(o.trade).returning({ id: copyTrades.id });
      if (!trade) continue;
      await tx.insert(okxCopyOrders).values({
        clOrdId: `nexa${trade.id}`,
        copyTradeId: trade.id,
        userId: o.trade.followerId,
        instId: move.instId,
        side: o.trade.side,
        size: o.trade.size,
        status: 'pending',
        updatedAt: new Date(0),
      });
      if (o.target === 0n) await dropPosition(tx, o.cp.followId, move.instId);
      else await putPosition(tx, { ...o.cp, contracts: o.target });
    }
    if (okxOrders.length > 0) setImmediate(() => void sendOkx());
    return orders;
  }

  /** Writes what each follower got and moves the copies' realized PnL. */
  async function record(tx: Tx, move: LeadMove, outcomes: readonly CopyOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const follows = new Map(
      (
        await tx
          .select()
          .from(copyFollows)
          .where(
            inArray(
              copyFollows.id,
              outcomes.map((o) => o.order.followId),
            ),
          )
      ).map((f) => [f.id, f]),
    );
    const rows: (typeof copyTrades.$inferInsert)[] = [];
    for (const o of outcomes) {
      const f = follows.get(o.order.followId);
      if (!f) continue;
      const slip = move.price === 0n ? null : adverse(o.order.side, o.price, move.price);
      rows.push({
        followId: f.id,
        followerId: f.followerId,
        leadId: f.leadId,
        instId: move.instId,
        side: o.order.side,
        size: o.order.contracts,
        filled: o.filled,
        leadPrice: move.price,
        price: o.price,
        slippage: slip,
        markPrice: move.mark ?? null,
        markSlippage: adverse(o.order.side, o.price, move.mark),
        limitPrice: o.limitPrice ?? null,
        pnl: o.pnl,
        fee: o.fee,
        lever: o.order.lever,
        venue: 'platform',
        status: o.status,
        reason: o.reason,
        orderId: o.orderId,
        ...openedMargin(f, move, o),
        createdAt: move.at,
      });
      const net = o.pnl - o.fee;
      if (net !== 0n) {
        await tx
          .update(copyFollows)
          .set({ realized: sql`${copyFollows.realized} + ${net}` })
          .where(eq(copyFollows.id, f.id));
      }
      const key = `${f.followerId}:${move.instId}`;
      if (o.sizeAfter === 0n) {
        await dropPosition(tx, f.id, move.instId);
        managed.delete(key);
      } else {
        const [cp] = await tx
          .select()
          .from(copyPositions)
          .where(and(eq(copyPositions.followId, f.id), eq(copyPositions.instId, move.instId)));
        if (cp) {
          // Skipped when the lead opened: this lead position is not copied.
          const detached = o.status === 'skipped' && move.before === 0n;
          await putPosition(tx, { ...cp, contracts: o.sizeAfter, margin: o.marginAfter, detached });
          if (detached) managed.delete(key);
          else managed.add(key);
        }
      }
    }
    if (rows.length > 0) await tx.insert(copyTrades).values(rows);
    figuresCache = null;
  }

  /** Contracts where a copy may hold more than its lead calls for (a close found no liquidity). */
  const lagging = new Set<string>();

  /** Reductions that bring platform copies in a contract toward their leads' positions. */
  async function catchUp(tx: Tx, instId: string, sizeOf: (userId: number) => bigint, mark?: bigint | null) {
    const tol = await tolerances();
    const rows = await tx
      .select({ f: copyFollows, p: copyPositions })
      .from(copyPositions)
      .innerJoin(copyFollows, eq(copyFollows.id, copyPositions.followId))
      .where(
        and(
          eq(copyPositions.instId, instId),
          eq(copyPositions.detached, false),
          ne(copyPositions.contracts, 0n),
          eq(copyFollows.status, 'active'),
          eq(copyFollows.venue, 'platform'),
        ),
      );
    const byLead = new Map<number, CopyOrder[]>();
    for (const { f, p } of rows) {
      const held = sizeOf(f.followerId);
      // Changed outside the copy: the lead's next move detaches it.
      if (held !== p.contracts || held === 0n) continue;
      const lead = sizeOf(f.leadId);
      const target =
        lead === 0n || lead > 0n !== held > 0n ? 0n : (lead < 0n ? -1n : 1n) * ((abs(lead) * p.num) / p.den);
      if (abs(target) >= abs(held)) continue;
      const orders = byLead.get(f.leadId) ?? [];
      const side = held > 0n ? 'sell' : 'buy';
      // No lead fill to follow: held to the tolerance from the mark.
      const limitPrice = mark ? copyLimitPrice(side, mark, mark, tol) : undefined;
      orders.push({
        followId: f.id,
        followerId: f.followerId,
        side,
        contracts: abs(held - target),
        // Unused: a reduction keeps the position's leverage.
        lever: 1,
        ...(limitPrice === undefined ? {} : { limitPrice }),
      });
      byLead.set(f.leadId, orders);
    }
    // Whatever does not fill now is marked again when it is recorded.
    lagging.delete(instId);
    return [...byLead].map(([leadId, orders]) => ({ leadId, orders }));
  }

  const port: CopyPort = {
    isLead: (userId) => leads.has(userId),
    manages: (userId, instId) => managed.has(`${userId}:${instId}`),
    plan,
    record: async (tx, move, outcomes) => {
      // A retry (the lead did not move) that fills nothing leaves no record.
      await record(tx, move, move.before === move.after ? outcomes.filter((o) => o.filled > 0n) : outcomes);
      if (outcomes.some((o) => o.filled < o.order.contracts && o.sizeAfter !== 0n)) lagging.add(move.instId);
    },
    lagging: (instId) => lagging.has(instId),
    catchUp,
  };

  // ---------------------------------------------------------------- figures

  async function leadFigures(leadId: number, now = clock.now()) {
    const f = deps.futures();
    const daily = await f.dailyPnl(leadId, new Date(now.getTime() - 90 * DAY));
    const since14 = new Date(now.getTime() - 14 * DAY).toISOString().slice(0, 10);
    const since30 = new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10);
    const pnl14 = daily.filter((d) => d.day > since14).reduce((s, d) => s + d.pnl, 0n);
    const profitDays = daily.filter((d) => d.day > since30 && d.pnl > 0n).length;
    const equity = parseUsdt((await f.account(leadId)).equity);
    const [agg] = await store.db
      .select({
        n: sql<number>`count(*) filter (where ${copyFollows.status} = 'active')::int`,
        aum: sql<string>`coalesce(sum(${copyFollows.budget}) filter (where ${copyFollows.status} = 'active'), 0)::text`,
        profit: sql<string>`coalesce(sum(${copyFollows.realized}), 0)::text`,
      })
      .from(copyFollows)
      .where(eq(copyFollows.leadId, leadId));
    const [slip] = await store.db
      .select({
        avg: sql<string | null>`avg(${copyTrades.slippage})::bigint::text`,
        n: sql<number>`count(${copyTrades.slippage})::int`,
      })
      .from(copyTrades)
      .where(and(eq(copyTrades.leadId, leadId), sql`${copyTrades.slippage} is not null`));
    return {
      daily,
      pnl14,
      profitDays,
      equity,
      followers: agg?.n ?? 0,
      aum: BigInt(agg?.aum ?? '0'),
      followerProfit: BigInt(agg?.profit ?? '0'),
      slippage: slip?.avg ? BigInt(slip.avg) : 0n,
      copiedTrades: slip?.n ?? 0,
    };
  }

  async function traderView(
    leadId: number,
    figures?: Awaited<ReturnType<typeof leadFigures>>,
  ): Promise<TraderView> {
    const lead = leads.get(leadId);
    if (!lead) throw new DomainError('TraderNotFound');
    const [u] = await store.db
      .select({ uid: schema.users.uid })
      .from(schema.users)
      .where(eq(schema.users.id, leadId));
    const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, leadId));
    const fig = figures ?? (await leadFigures(leadId));
    const t = await tierOf(lead.tier);
    return {
      id: leadId,
      name: `${u?.uid ?? leadId}`,
      tier: lead.tier,
      rate14: pct(fig.pnl14, fig.equity - fig.pnl14),
      follower_profit: usdt(fig.followerProfit),
      capital: usdt(fig.equity < 0n ? 0n : fig.equity),
      profit_days: fig.profitDays,
      copy_count: fig.followers,
      max_followers: t.maxFollowers,
      profit_share: t.shareText,
      aum: usdt(fig.aum),
      avg_slippage: pct(fig.slippage, RATE_ONE),
      since: (row?.createdAt ?? clock.now()).toISOString(),
    };
  }

  const SORT_KEY: Record<string, (t: TraderView) => number> = {
    rate14: (t) => Number(t.rate14),
    follower_profit: (t) => Number(t.follower_profit),
    capital: (t) => Number(t.capital),
    profit_days: (t) => t.profit_days,
    copy_count: (t) => t.copy_count,
  };

  async function traders(q: { sort: string; tier?: Tier | undefined; page: number; size: number }) {
    const now = clock.now().getTime();
    if (!figuresCache || now - figuresCache.at > 5000) {
      const list: TraderView[] = [];
      // A suspended lead is not listed (their page stays for those who copy them).
      for (const [id, l] of leads) if (!l.suspended) list.push(await traderView(id));
      figuresCache = { at: now, list };
    }
    const key = SORT_KEY[q.sort] ?? SORT_KEY.rate14;
    const sorted = figuresCache.list
      .filter((t) => !q.tier || t.tier === q.tier)
      .sort((a, b) => (key ? key(b) - key(a) : 0) || a.id - b.id);
    return pageAnswer(slicePage(sorted, q), sorted.length);
  }

  async function trader(meId: number, q: { id: number; days: 7 | 30 | 90 }) {
    if (!leads.has(q.id)) throw new DomainError('TraderNotFound');
    const lead = leads.get(q.id);
    const now = clock.now();
    // The figures are read once, for the trader's card and for the chart.
    const fig = await leadFigures(q.id, now);
    const view = await traderView(q.id, fig);
    const byDay = new Map(fig.daily.map((d) => [d.day, d.pnl]));
    const pnl: { day: string; pnl: string; cumulative: string }[] = [];
    let cum = 0n;
    for (let i = q.days - 1; i >= 0; i--) {
      const day = new Date(now.getTime() - i * DAY).toISOString().slice(0, 10);
      const v = byDay.get(day) ?? 0n;
      cum += v;
      pnl.push({ day, pnl: usdt(v), cumulative: usdt(cum) });
    }
    const delay = Math.max(lead?.delayMin ?? 0, await settings.get('copy.min_delay_min'));
    const cutoff = now.getTime() - delay * 60_000;
    const positions =
      meId === q.id
        ? deps.futures().positions(q.id)
        : deps
            .futures()
            .positions(q.id)
            .filter((p) => Date.parse(p.created_at) <= cutoff);
    const [mine] = await store.db
      .select()
      .from(copyFollows)
      .where(
        and(eq(copyFollows.followerId, meId), eq(copyFollows.leadId, q.id), eq(copyFollows.status, 'active')),
      );
    return {
      ...view,
      pnl,
      delay_min: delay,
      positions,
      my_follow: mine ? await followView(mine) : null,
      copied_trades: fig.copiedTrades,
    };
  }

  async function traderHistory(id: number, page: { page: number; size: number }) {
    if (!leads.has(id)) throw new DomainError('TraderNotFound');
    return deps.futures().positionHistory(id, undefined, page);
  }

  // ---------------------------------------------------------------- copies

  async function followView(f: FollowRow, db: Tx | typeof store.db = store.db): Promise<FollowView> {
    const [u] = await db
      .select({ uid: schema.users.uid })
      .from(schema.users)
      .where(eq(schema.users.id, f.leadId));
    let upl = 0n;
    let margin = 0n;
    const insts: string[] = [];
    if (f.status === 'active' && f.venue === 'platform') {
      const cps = await db
        .select()
        .from(copyPositions)
        .where(and(eq(copyPositions.followId, f.id), eq(copyPositions.detached, false)));
      for (const p of deps.futures().positions(f.followerId)) {
        if (!cps.some((c) => c.instId === p.instId && c.contracts !== 0n)) continue;
        upl += parseSigned(p.upl);
        margin += parseUsdt(p.margin);
        insts.push(p.instId);
      }
    }
    const ratioText = (v: bigint | null) => (v === null ? null : formatAmount(v, 8));
    return {
      id: f.id,
      trader_id: f.leadId,
      trader_name: u?.uid ?? String(f.leadId),
      mode: f.mode,
      amount: f.amount === null ? null : usdt(f.amount),
      ratio: ratioText(f.ratio),
      budget: usdt(f.budget),
      sl_ratio: ratioText(f.slRatio),
      tp_ratio: ratioText(f.tpRatio),
      venue: f.venue,
      status: f.status,
      end_reason: f.endReason,
      realized: usdt(f.realized),
      upl: usdt(upl),
      margin: usdt(margin),
      insts,
      shared: usdt(f.shared),
      hwm: usdt(f.hwm),
      created_at: f.createdAt.toISOString(),
      ended_at: f.endedAt?.toISOString() ?? null,
    };
  }

  async function follow(
    userId: number,
    body: {
      trader_id: number;
      mode: 'amount' | 'ratio';
      amount?: string | undefined;
      ratio?: string | undefined;
      budget: string;
      sl_ratio?: string | undefined;
      tp_ratio?: string | undefined;
      venue: 'platform' | 'okx';
      request_id?: string | undefined;
    },
  ): Promise<FollowView> {
    if (body.trader_id === userId) throw new DomainError('CannotFollowSelf');
    const lead = leads.get(body.trader_id);
    // A suspended lead takes no new copies.
    if (!lead || lead.suspended) throw new DomainError('TraderNotFound');
    if (leads.has(userId)) throw new DomainError('CopyRoleConflict');
    const budget = parseUsdt(body.budget);
    if (budget < parseUsdt(await settings.get('copy.min_budget')))
      throw new ValidationError('budget', 'too_small');
    let amount: bigint | null = null;
    let ratio: bigint | null = null;
    if (body.mode === 'amount') {
      if (body.amount === undefined) throw new ValidationError('amount', 'required');
      amount = parseUsdt(body.amount);
      if (amount < parseUsdt(await settings.get('copy.min_amount')))
        throw new ValidationError('amount', 'too_small');
      if (amount > budget) throw new ValidationError('amount', 'too_big');
    } else {
      if (body.ratio === undefined) throw new ValidationError('ratio', 'required');
      ratio = parseRatio(body.ratio);
      const max = parseRatio(await settings.get('copy.max_ratio')) ?? RATE_ONE;
      if (ratio === null || ratio <= 0n) throw new ValidationError('ratio', 'invalid_value');
      if (ratio > max) throw new ValidationError('ratio', 'too_big');
    }
    const slRatio = body.sl_ratio === undefined ? null : parseRatio(body.sl_ratio);
    const tpRatio = body.tp_ratio === undefined ? null : parseRatio(body.tp_ratio);
    if (slRatio !== null && (slRatio <= 0n || slRatio > RATE_ONE))
      throw new ValidationError('sl_ratio', 'too_big');
    if (tpRatio !== null && (tpRatio <= 0n || tpRatio > 100n * RATE_ONE))
      throw new ValidationError('tp_ratio', 'too_big');
    if (body.venue === 'okx') {
      const [link] = await store.db.select().from(okxLinks).where(eq(okxLinks.userId, userId));
      if (!link) throw new DomainError('OkxNotLinked');
    } else {
      const available = parseUsdt((await deps.futures().account(userId)).available);
      if (available < (amount ?? parseUsdt(await settings.get('copy.min_amount'))))
        throw new DomainError('InsufficientBalance');
    }
    const t = await tierOf(lead.tier);
    const p = await period();
    const view = await ledger.withIdempotency(userId, body.request_id, 'copy.follow', body, async (tx) => {
      // The lead's row lock counts followers one at a time.
      await tx.select().from(copyLeads).where(eq(copyLeads.userId, body.trader_id)).for('update');
      const [mine] = await tx
        .select({ id: copyFollows.id })
        .from(copyFollows)
        .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
      if (mine) throw new DomainError('AlreadyCopying');
      const [n] = await tx
        .select({ n: count() })
        .from(copyFollows)
        .where(and(eq(copyFollows.leadId, body.trader_id), eq(copyFollows.status, 'active')));
      if ((n?.n ?? 0) >= t.maxFollowers) throw new DomainError('FollowersFull');
      const [created] = await tx
        .insert(copyFollows)
        .values({
          followerId: userId,
          leadId: body.trader_id,
          mode: body.mode,
          amount,
          ratio,
          budget,
          slRatio,
          tpRatio,
          venue: body.venue,
          status: 'active',
          settledPeriod: p.index - 1,
          createdAt: clock.now(),
        })
        .returning();
      if (!created) throw new Error('copy not written');
      return followView(created, tx);
    });
    figuresCache = null;
    return view;
  }

  function parseSigned(text: string): bigint {
    const neg = text.startsWith('-');
    const v = parseUsdt(neg ? text.slice(1) : text);
    return neg ? -v : v;
  }

  /** Ends a copy: positions closed at market (or kept as the follower's own), then its profit share settled. */
  async function end(
    f: FollowRow,
    how: { close: boolean; status: 'canceled' | 'stopped'; reason: 'user' | 'sl' | 'tp' },
  ): Promise<FollowRow> {
    const [ended] = await store.db
      .update(copyFollows)
      .set({ status: how.status, endReason: how.reason, endedAt: clock.now() })
      .where(and(eq(copyFollows.id, f.id), eq(copyFollows.status, 'active')))
      .returning();
    if (!ended) return f;
    const cps = await store.db.select().from(copyPositions).where(eq(copyPositions.followId, f.id));
    for (const cp of cps) managed.delete(`${f.followerId}:${cp.instId}`);
    if (how.close) {
      for (const cp of cps) {
        if (cp.detached || cp.contracts === 0n) continue;
        if (f.venue === 'okx') {
          await store.db.transaction(async (tx) => {
            const [trade] = await tx
              .insert(copyTrades)
              .values({
                followId: f.id,
                followerId: f.followerId,
                leadId: f.leadId,
                instId: cp.instId,
                side: cp.contracts > 0n ? 'sell' : 'buy',
                size: abs(cp.contracts),
                filled: 0n,
                leadPrice: 0n,
                price: null,
                slippage: null,
                pnl: 0n,
                fee: 0n,
                lever: 1,
                venue: 'okx',
                status: 'sent',
                reason: null,
                orderId: null,
                createdAt: clock.now(),
              })
              .returning({ id: copyTrades.id });
            if (!trade) return;
            await tx.insert(okxCopyOrders).values({
              clOrdId: `nexa${trade.id}`,
              copyTradeId: trade.id,
              userId: f.followerId,
              instId: cp.instId,
              side: cp.contracts > 0n ? 'sell' : 'buy',
              size: abs(cp.contracts),
              status: 'pending',
              updatedAt: new Date(0),
            });
          });
          continue;
        }
        const pos = deps.futures().positions(f.followerId, cp.instId)[0];
        if (!pos) continue;
        const side = pos.pos_side === 'long' ? 'sell' : 'buy';
        try {
          const o = await deps
            .futures()
            .submit(
              f.followerId,
              { instId: cp.instId, side, type: 'market', sz: pos.pos, reduceOnly: true },
              'copy',
            );
          const pnl = parseSigned(o.pnl ?? '0');
          const fee = parseUsdt(o.fee ?? '0');
          const price = o.avg_px ? parseUsdt(o.avg_px) : null;
          await store.db.transaction(async (tx) => {
            await tx.insert(copyTrades).values({
              followId: f.id,
              followerId: f.followerId,
              leadId: f.leadId,
              instId: cp.instId,
              side,
              size: BigInt(pos.pos),
              filled: BigInt(o.filled_sz ?? '0'),
              leadPrice: price ?? 0n,
              price,
              slippage: null,
              pnl,
              fee,
              lever: pos.lever,
              venue: 'platform',
              status: BigInt(o.filled_sz ?? '0') === 0n ? 'skipped' : 'filled',
              reason: BigInt(o.filled_sz ?? '0') === 0n ? 'no_liquidity' : null,
              orderId: o.trade_id,
              createdAt: clock.now(),
            });
            await tx
              .update(copyFollows)
              .set({ realized: sql`${copyFollows.realized} + ${pnl - fee}` })
              .where(eq(copyFollows.id, f.id));
          });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          log.warn({ follow: f.id, instId: cp.instId, err: err.errorName }, 'copy close refused');
        }
      }
    }
    await store.db.delete(copyPositions).where(eq(copyPositions.followId, f.id));
    // What the copy earned up to now is shared at once, as the period's settlement.
    await settleOne(f.id, (await period()).index);
    figuresCache = null;
    const [after] = await store.db.select().from(copyFollows).where(eq(copyFollows.id, f.id));
    if (cps.length > 0 && f.venue === 'okx') setImmediate(() => void sendOkx());
    return after ?? ended;
  }

  async function cancel(userId: number, followId: number, close: boolean): Promise<FollowView> {
    const [f] = await store.db
      .select()
      .from(copyFollows)
      .where(and(eq(copyFollows.id, followId), eq(copyFollows.followerId, userId)));
    if (!f) throw new DomainError('CopyNotFound');
    return followView(await end(f, { close, status: 'canceled', reason: 'user' }));
  }

  /** Ends copies whose PnL (realized and open) reached their stop-loss or take-profit on the budget. */
  async function checkStops(): Promise<number> {
    const rows = await store.db
      .select()
      .from(copyFollows)
      .where(
        and(
          eq(copyFollows.status, 'active'),
          sql`(${copyFollows.slRatio} is not null or ${copyFollows.tpRatio} is not null)`,
        ),
      );
    let n = 0;
    for (const f of rows) {
      const v = await followView(f);
      const pnl = f.realized + parseSigned(v.upl);
      if (f.slRatio !== null && pnl <= -((f.budget * f.slRatio) / RATE_ONE)) {
        await end(f, { close: true, status: 'stopped', reason: 'sl' });
        n++;
      } else if (f.tpRatio !== null && pnl >= (f.budget * f.tpRatio) / RATE_ONE) {
        await end(f, { close: true, status: 'stopped', reason: 'tp' });
        n++;
      }
    }
    return n;
  }

  async function myFollows(
    userId: number,
    q: { status?: 'active' | 'ended' | undefined; page: number; size: number },
  ) {
    const where = and(
      eq(copyFollows.followerId, userId),
      q.status === 'active'
        ? eq(copyFollows.status, 'active')
        : q.status === 'ended'
          ? ne(copyFollows.status, 'active')
          : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select()
          .from(copyFollows)
          .where(where)
          .orderBy(sql`${copyFollows.status} = 'active' desc`, desc(copyFollows.id)),
        q,
      ),
      store.db.select({ n: count() }).from(copyFollows).where(where),
    ]);
    const list: FollowView[] = [];
    for (const r of rows) list.push(await followView(r));
    return pageAnswer(list, total);
  }

  async function trades(userId: number, q: { follow_id?: number | undefined; page: number; size: number }) {
    const where = and(
      eq(copyTrades.followerId, userId),
      q.follow_id === undefined ? undefined : eq(copyTrades.followId, q.follow_id),
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(copyTrades).where(where).orderBy(desc(copyTrades.id)), q),
      store.db.select({ n: count() }).from(copyTrades).where(where),
    ]);
    return pageAnswer(
      rows.map((r) => ({
        id: r.id,
        follow_id: r.followId,
        instId: r.instId,
        side: r.side,
        sz: r.size.toString(),
        filled: r.filled.toString(),
        lead_px: usdt(r.leadPrice),
        px: r.price === null ? null : usdt(r.price),
        slippage: r.slippage === null ? null : pct(r.slippage, RATE_ONE),
        mark_px: r.markPrice === null ? null : usdt(r.markPrice),
        mark_slippage: r.markSlippage === null ? null : pct(r.markSlippage, RATE_ONE),
        limit_px: r.limitPrice === null ? null : usdt(r.limitPrice),
        pnl: r.pnl < 0n ? `-${usdt(-r.pnl)}` : usdt(r.pnl),
        fee: usdt(r.fee),
        venue: r.venue,
        status: r.status,
        reason: r.reason,
        margin_asked: r.marginAsked === null ? null : usdt(r.marginAsked),
        margin_opened: r.marginOpened === null ? null : usdt(r.marginOpened),
        margin_reason: r.marginReason,
        created_at: r.createdAt.toISOString(),
      })),
      total,
    );
  }

  // ---------------------------------------------------------------- profit share

  /**
   * Settles one copy for a period: the share of its realized net PnL above the high-water mark moves from the
   * follower's futures account (then spot) to the lead's futures account. The copy's settled period moves
   * forward in the same transaction, only if it is behind: a second call for the period does nothing.
   */
  async function settleOne(followId: number, periodIndex: number): Promise<bigint> {
    const step = (await settings.get('copy.settle_interval_h')) * 3_600_000;
    return store.db.transaction(async (tx) => {
      const [f] = await tx.select().from(copyFollows).where(eq(copyFollows.id, followId)).for('update');
      if (!f || f.settledPeriod >= periodIndex) return 0n;
      const lead = leads.get(f.leadId);
      const rate = lead ? (await tierOf(lead.tier)).share : 0n;
      const profit = f.realized;
      const due = profit > f.hwm ? ((profit - f.hwm) * rate) / RATE_ONE : 0n;
      let charged = 0n;
      if (due > 0n) {
        for (const kind of ['futures', 'spot'] as const) {
          if (charged === due) break;
          const acc = await ledger.account(tx, { userId: f.followerId, asset: 'USDT', kind });
          const held = (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
          const take = held < due - charged ? held : due - charged;
          if (take <= 0n) continue;
          await ledger.transfer(tx, {
            from: acc,
            to: { userId: f.leadId, asset: 'USDT', kind: 'futures' },
            amount: take,
            cause: 'copy.profit_share',
            ref: `copy:${f.id}:${periodIndex}`,
            remark: `copy ${f.id}`,
            userId: f.followerId,
          });
          charged += take;
        }
        if (charged < due)
          log.warn({ follow: f.id, due: usdt(due), charged: usdt(charged) }, 'profit share short');
      }
      await tx
        .update(copyFollows)
        .set({
          settledPeriod: periodIndex,
          hwm: profit > f.hwm ? profit : f.hwm,
          shared: f.shared + charged,
        })
        .where(eq(copyFollows.id, f.id));
      if (charged > 0n) {
        await tx.insert(copySettlements).values({
          followId: f.id,
          followerId: f.followerId,
          leadId: f.leadId,
          period: periodIndex,
          periodStart: new Date((f.settledPeriod + 1) * step),
          periodEnd: new Date(Math.min((periodIndex + 1) * step, clock.now().getTime())),
          profit,
          hwm: f.hwm,
          rate,
          amount: charged,
          createdAt: clock.now(),
        });
      }
      return charged;
    });
  }

  /** Settles every copy whose period has ended (the minute's sweep). */
  async function settleDue(): Promise<number> {
    const last = (await period()).index - 1;
    const due = await store.db
      .select({ id: copyFollows.id })
      .from(copyFollows)
      .where(lte(copyFollows.settledPeriod, last - 1));
    let n = 0;
    for (const f of due) {
      try {
        if ((await settleOne(f.id, last)) > 0n) n++;
      } catch (err) {
        // This copy is settled by a later sweep; the others are not held up.
        log.error({ err, follow: f.id }, 'profit share settlement failed; retried next sweep');
      }
    }
    return n;
  }

  async function settlements(userId: number, q: { role: 'follower' | 'lead'; page: number; size: number }) {
    const where =
      q.role === 'lead' ? eq(copySettlements.leadId, userId) : eq(copySettlements.followerId, userId);
    const other = q.role === 'lead' ? copySettlements.followerId : copySettlements.leadId;
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ s: copySettlements, uid: schema.users.uid })
          .from(copySettlements)
          .innerJoin(schema.users, eq(schema.users.id, other))
          .where(where)
          .orderBy(desc(copySettlements.id)),
        q,
      ),
      store.db.select({ n: count() }).from(copySettlements).where(where),
    ]);
    return pageAnswer(
      rows.map(({ s, uid }) => ({
        id: s.id,
        follow_id: s.followId,
        counterparty: q.role === 'lead' ? masked(uid) : uid,
        period_start: s.periodStart.toISOString(),
        period_end: s.periodEnd.toISOString(),
        profit: s.profit < 0n ? `-${usdt(-s.profit)}` : usdt(s.profit),
        hwm: s.hwm < 0n ? `-${usdt(-s.hwm)}` : usdt(s.hwm),
        rate: formatAmount(s.rate, 8),
        amount: usdt(s.amount),
        created_at: s.createdAt.toISOString(),
      })),
      total,
    );
  }

  // ---------------------------------------------------------------- leading

  async function tierFor(leadId: number): Promise<Tier> {
    const fig = await store.db
      .select({
        n: sql<number>`count(*)::int`,
        aum: sql<string>`coalesce(sum(${copyFollows.budget}), 0)::text`,
      })
      .from(copyFollows)
      .where(and(eq(copyFollows.leadId, leadId), eq(copyFollows.status, 'active')));
    const n = fig[0]?.n ?? 0;
    const aum = BigInt(fig[0]?.aum ?? '0');
    let tier: Tier = 'junior';
    for (const t of await tierTable()) if (n >= t.minFollowers && aum >= t.minAum) tier = t.tier;
    return tier;
  }

  /** Recomputes every lead's tier once a UTC day. */
  async function recomputeTiers(): Promise<void> {
    const day = clock.now().toISOString().slice(0, 10);
    const rows = await store.db.select().from(copyLeads).where(ne(copyLeads.tierDay, day));
    for (const r of rows) {
      const tier = await tierFor(r.userId);
      await store.db.update(copyLeads).set({ tier, tierDay: day }).where(eq(copyLeads.userId, r.userId));
      const l = leads.get(r.userId);
      if (l) l.tier = tier;
    }
    if (rows.length > 0) figuresCache = null;
  }

  /** The latest application of a user, if any. */
  async function lastApplication(userId: number): Promise<ApplicationRow | undefined> {
    const [row] = await store.db
      .select()
      .from(copyLeadApplications)
      .where(eq(copyLeadApplications.userId, userId))
      .orderBy(desc(copyLeadApplications.id))
      .limit(1);
    return row;
  }

  async function leadStatus(userId: number, lang: Lang = 'en'): Promise<LeadStatusView> {
    const f = deps.futures();
    const minClosed = await settings.get('copy.lead_min_closed');
    const minEquity = parseUsdt(await settings.get('copy.lead_min_equity'));
    const closed = await f.closedCount(userId);
    const equity = parseUsdt((await f.account(userId)).equity);
    const lead = leads.get(userId);
    const table = await tierTable();
    const t = table.find((x) => x.tier === (lead?.tier ?? 'junior')) ?? table[0];
    const [agg] = await store.db
      .select({ n: count() })
      .from(copyFollows)
      .where(and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active')));
    const [earned] = await store.db
      .select({ s: sql<string>`coalesce(sum(${copySettlements.amount}), 0)::text` })
      .from(copySettlements)
      .where(eq(copySettlements.leadId, userId));
    const [following] = await store.db
      .select({ id: copyFollows.id })
      .from(copyFollows)
      .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
    const app = lead ? undefined : await lastApplication(userId);
    const shown = app && app.status !== 'approved' ? app : undefined;
    return {
      is_lead: !!lead,
      application: shown
        ? {
            id: shown.id,
            status: shown.status === 'pending' ? 'pending' : 'rejected',
            reason: shown.reason,
            message:
              shown.status === 'pending'
                ? errorMessage('LeadApplicationPending', lang)
                : errorMessage('LeadApplicationRejected', lang, { reason: shown.reason ?? '' }),
            created_at: shown.createdAt.toISOString(),
            reviewed_at: shown.reviewedAt?.toISOString() ?? null,
          }
        : null,
      suspended: lead?.suspended
        ? {
            at: lead.suspended.at.toISOString(),
            reason: lead.suspended.reason,
            message: errorMessage('LeadSuspended', lang, { reason: lead.suspended.reason }),
          }
        : null,
      id: lead ? userId : null,
      tier: lead?.tier ?? null,
      criteria: { min_closed_positions: minClosed, min_equity: usdt(minEquity) },
      progress: { closed_positions: closed, equity: usdt(equity < 0n ? 0n : equity) },
      can_apply:
        !lead && !following && shown?.status !== 'pending' && closed >= minClosed && equity >= minEquity,
      copy_count: agg?.n ?? 0,
      max_followers: t?.maxFollowers ?? 0,
      profit_share: t?.shareText ?? '0',
      delay_min: lead?.delayMin ?? 0,
      earned: usdt(BigInt(earned?.s ?? '0')),
      tiers: table.map((x) => ({
        tier: x.tier,
        min_followers: x.minFollowers,
        min_aum: usdt(x.minAum),
        profit_share: x.shareText,
        max_followers: x.maxFollowers,
      })),
    };
  }

  /**
   * Become a lead: at once, or (with `copy.lead_review` on) by a pending application an operator approves or
   * rejects. A rejected user may apply again.
   */
  async function applyLead(
    userId: number,
    body: { delay_min?: number | undefined },
    lang: Lang = 'en',
  ): Promise<LeadStatusView> {
    const lead = leads.get(userId);
    if (lead) {
      if (body.delay_min !== undefined) {
        await store.db
          .update(copyLeads)
          .set({ delayMin: body.delay_min })
          .where(eq(copyLeads.userId, userId));
        lead.delayMin = body.delay_min;
      }
      return leadStatus(userId, lang);
    }
    const status = await leadStatus(userId, lang);
    const [following] = await store.db
      .select({ id: copyFollows.id })
      .from(copyFollows)
      .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
    if (following) throw new DomainError('CopyRoleConflict');
    if (status.application?.status === 'pending') throw new DomainError('LeadApplicationPending');
    if (!status.can_apply) throw new DomainError('LeadCriteriaNotMet');
    if (await settings.get('copy.lead_review')) {
      const inserted = await store.db
        .insert(copyLeadApplications)
        .values({
          userId,
          status: 'pending',
          delayMin: body.delay_min ?? 0,
          closedPositions: status.progress.closed_positions,
          equity: parseUsdt(status.progress.equity),
          createdAt: clock.now(),
        })
        // A second request racing the first finds its application pending.
        .onConflictDoNothing()
        .returning({ id: copyLeadApplications.id });
      if (inserted.length === 0) throw new DomainError('LeadApplicationPending');
      return leadStatus(userId, lang);
    }
    await makeLead(userId, body.delay_min ?? 0);
    return leadStatus(userId, lang);
  }

  async function makeLead(userId: number, delayMin: number): Promise<void> {
    const now = clock.now();
    await store.db
      .insert(copyLeads)
      .values({ userId, tier: 'junior', delayMin, tierDay: now.toISOString().slice(0, 10), createdAt: now })
      .onConflictDoNothing();
    leads.set(userId, { tier: 'junior', delayMin, suspended: null });
    figuresCache = null;
  }

  async function myFollowers(userId: number, page: { page: number; size: number }) {
    const where = and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active'));
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({ f: copyFollows, uid: schema.users.uid })
          .from(copyFollows)
          .innerJoin(schema.users, eq(schema.users.id, copyFollows.followerId))
          .where(where)
          .orderBy(desc(copyFollows.id)),
        page,
      ),
      store.db.select({ n: count() }).from(copyFollows).where(where),
    ]);
    return pageAnswer(
      rows.map(({ f, uid }) => ({
        follow_id: f.id,
        follower: masked(uid),
        budget: usdt(f.budget),
        realized: f.realized < 0n ? `-${usdt(-f.realized)}` : usdt(f.realized),
        shared: usdt(f.shared),
        since: f.createdAt.toISOString(),
      })),
      total,
    );
  }

  // ---------------------------------------------------------------- the OKX link

  function linkView(row: typeof okxLinks.$inferSelect | undefined) {
    return row
      ? {
          linked: true,
          key_tail: row.keyTail,
          perm: row.perm.split(',').filter(Boolean),
          uid: row.okxUid,
          verified_at: row.verifiedAt.toISOString(),
        }
      : { linked: false, key_tail: null, perm: [], uid: null, verified_at: null };
  }

  async function bindOkx(userId: number, body: { apiKey: string; secretKey: string; passphrase: string }) {
    const creds = { apiKey: body.apiKey.trim(), secret: body.secretKey.trim(), passphrase: body.passphrase };
    let cfg: { uid: string | null; perm: string[] };
    try {
      cfg = await okx.accountConfig(creds);
    } catch (err) {
      if (err instanceof OkxError && (err.kind === 'auth' || err.kind === 'refused'))
        throw new DomainError('OkxKeyRejected');
      throw new DomainError('OkxUnavailable');
    }
    if (cfg.perm.includes('withdraw')) throw new DomainError('OkxKeyCanWithdraw');
    const row = {
      userId,
      keyTail: creds.apiKey.slice(-4),
      ...vault.sealed(creds),
      perm: cfg.perm.join(','),
      okxUid: cfg.uid,
      verifiedAt: clock.now(),
    };
    const [saved] = await store.db
      .insert(okxLinks)
      .values(row)
      .onConflictDoUpdate({ target: okxLinks.userId, set: row })
      .returning();
    return linkView(saved);
  }

  async function okxLink(userId: number) {
    const [row] = await store.db.select().from(okxLinks).where(eq(okxLinks.userId, userId));
    return linkView(row);
  }

  async function unbindOkx(userId: number) {
    await store.db.delete(okxLinks).where(eq(okxLinks.userId, userId));
    return linkView(undefined);
  }

  /** Re-seals every link under the current key; answers how many were re-sealed. */
  const rotateLinkKeys = () => rotateLinks(store.db, vault);

  /**
   * Sends pending copies to OKX. Each order is leased (its row's time moves forward) so two senders never
   * work on it at once; before placing, OKX is asked for our client order id, so an order a timed-out attempt
   * did place is found instead of placed again.
   */
  function sendOkx(): Promise<number> {
    // One sender at a time: a call while one runs gets its result.
    if (!sending)
      sending = sendPending().finally(() => {
        sending = null;
      });
    return sending;
  }

  async function sendPending(): Promise<number> {
    let done = 0;
    const now = clock.now();
    const pending = await store.db
      .select()
      .from(okxCopyOrders)
      .where(
        and(
          eq(okxCopyOrders.status, 'pending'),
          lte(okxCopyOrders.updatedAt, new Date(now.getTime() - 10_000)),
        ),
      )
      .orderBy(okxCopyOrders.copyTradeId)
      .limit(50);
    for (const o of pending) {
      const [leased] = await store.db
        .update(okxCopyOrders)
        .set({ attempts: o.attempts + 1, updatedAt: clock.now() })
        .where(and(eq(okxCopyOrders.clOrdId, o.clOrdId), eq(okxCopyOrders.attempts, o.attempts)))
        .returning();
      if (!leased) continue;
      const [link] = await store.db.select().from(okxLinks).where(eq(okxLinks.userId, o.userId));
      const finish = async (status: 'placed' | 'failed', ordId: string | null, error: string | null) => {
        await store.db.transaction(async (tx) => {
          await tx
            .update(okxCopyOrders)
            .set({ status, okxOrderId: ordId, error, updatedAt: clock.now() })
            .where(eq(okxCopyOrders.clOrdId, o.clOrdId));
          const [trade] = await tx
            .update(copyTrades)
            .set(
              status === 'placed'
                ? { status: 'filled', filled: o.size, orderId: ordId }
                : { status: 'failed', reason: 'okx_failed' },
            )
            .where(eq(copyTrades.id, o.copyTradeId))
            .returning({ followId: copyTrades.followId });
          // What OKX did not take is not held there: this lead position is no longer copied to it.
          if (status === 'failed' && trade) {
            await tx
              .update(copyPositions)
              .set({ detached: true })
              .where(and(eq(copyPositions.followId, trade.followId), eq(copyPositions.instId, o.instId)));
          }
        });
        done++;
      };
      if (!link) {
        await finish('failed', null, 'not linked');
        continue;
      }
      const creds = vault.credentials(link);
      try {
        const found = await okx.orderByClientId(creds, { instId: o.instId, clOrdId: o.clOrdId });
        if (found) {
          await finish('placed', found.ordId, null);
          continue;
        }
        const placed = await okx.placeMarket(creds, {
          instId: o.instId,
          side: o.side,
          sz: o.size.toString(),
          clOrdId: o.clOrdId,
        });
        await finish('placed', placed.ordId, null);
      } catch (err) {
        const e = err instanceof OkxError ? err : null;
        if (e && (e.kind === 'timeout' || e.kind === 'network') && leased.attempts < 5) {
          // The outcome is unknown: the next attempt asks OKX first.
          log.warn({ clOrdId: o.clOrdId, kind: e.kind }, 'OKX copy order outcome unknown; retried');
          continue;
        }
        await finish('failed', null, e ? `${e.kind} ${e.okxCode ?? ''}`.trim() : 'error');
      }
    }
    return done;
  }

  // ---------------------------------------------------------------- operators

  const applicationQuery = () =>
    store.db
      .select({
        a: copyLeadApplications,
        uid: schema.users.uid,
        address: schema.users.address,
        by: schema.operators.name,
      })
      .from(copyLeadApplications)
      .innerJoin(schema.users, eq(schema.users.id, copyLeadApplications.userId))
      .leftJoin(schema.operators, eq(schema.operators.id, copyLeadApplications.reviewedBy));

  function applicationView(r: {
    a: ApplicationRow;
    uid: string;
    address: string;
    by: string | null;
  }): LeadApplicationView {
    return {
      id: r.a.id,
      user: { user_id: r.a.userId, uid: r.uid, address: r.address },
      status: r.a.status,
      delay_min: r.a.delayMin,
      closed_positions: r.a.closedPositions,
      equity: usdt(r.a.equity),
      reason: r.a.reason,
      reviewed_by: r.by,
      created_at: r.a.createdAt.toISOString(),
      reviewed_at: r.a.reviewedAt?.toISOString() ?? null,
    };
  }

  async function applicationById(id: number): Promise<LeadApplicationView> {
    const [r] = await applicationQuery().where(eq(copyLeadApplications.id, id));
    if (!r) throw new DomainError('NotFound');
    return applicationView(r);
  }

  /** Applications by status: the pending queue oldest first, the others newest first. */
  async function leadApplications(q: {
    status?: ApplicationRow['status'] | undefined;
    page: number;
    size: number;
  }) {
    const where = q.status ? eq(copyLeadApplications.status, q.status) : undefined;
    const order = q.status === 'pending' ? asc(copyLeadApplications.id) : desc(copyLeadApplications.id);
    const [rows, [total]] = await Promise.all([
      onPage(applicationQuery().where(where).orderBy(order), q),
      store.db.select({ n: count() }).from(copyLeadApplications).where(where),
    ]);
    return pageAnswer(rows.map(applicationView), total);
  }

  /** A lead's standing as operators see it; null when the user does not lead. */
  async function adminLead(userId: number): Promise<AdminLeadView | null> {
    const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, userId));
    if (!row) return null;
    const [[fig], [earned]] = await Promise.all([
      store.db
        .select({ n: count(), aum: sql<string>`coalesce(sum(${copyFollows.budget}), 0)::text` })
        .from(copyFollows)
        .where(and(eq(copyFollows.leadId, userId), eq(copyFollows.status, 'active'))),
      store.db
        .select({ s: sql<string>`coalesce(sum(${copySettlements.amount}), 0)::text` })
        .from(copySettlements)
        .where(eq(copySettlements.leadId, userId)),
    ]);
    return {
      user_id: userId,
      tier: row.tier,
      delay_min: row.delayMin,
      copy_count: fig?.n ?? 0,
      aum: usdt(BigInt(fig?.aum ?? '0')),
      earned: usdt(BigInt(earned?.s ?? '0')),
      suspended: row.suspendedAt
        ? { at: row.suspendedAt.toISOString(), reason: row.suspendReason ?? '' }
        : null,
      since: row.createdAt.toISOString(),
      counterparty_flag: (await counterparty.flags(userId))[0] ?? null,
    };
  }

  /** A user's copies for the operators' user page, with their standing as a lead and their latest application. */
  async function adminFollows(
    userId: number,
    q: { status?: 'active' | 'ended' | undefined; page: number; size: number },
  ) {
    const [follows, lead, app] = await Promise.all([
      myFollows(userId, q),
      adminLead(userId),
      lastApplication(userId),
    ]);
    return { ...follows, lead, application: app ? await applicationById(app.id) : null };
  }

  /**
   * An operator approves (the user leads at once) or rejects (with the reason the user reads) a pending
   * application. A user who started copying someone meanwhile cannot be approved (one role at a time).
   */
  async function reviewLead(
    operatorId: number,
    body: { user_id: number; approve: boolean; reason: string },
  ): Promise<LeadApplicationView> {
    const now = clock.now();
    const id = await store.db.transaction(async (tx) => {
      const [app] = await tx
        .select()
        .from(copyLeadApplications)
        .where(eq(copyLeadApplications.userId, body.user_id))
        .orderBy(desc(copyLeadApplications.id))
        .limit(1)
        .for('update');
      if (!app) throw new DomainError('NotFound');
      if (app.status !== 'pending') throw new DomainError('InvalidState');
      if (body.approve) {
        const [following] = await tx
          .select({ id: copyFollows.id })
          .from(copyFollows)
          .where(and(eq(copyFollows.followerId, body.user_id), eq(copyFollows.status, 'active')));
        if (following) throw new DomainError('InvalidState');
      }
      const status = body.approve ? ('approved' as const) : ('rejected' as const);
      const [after] = await tx
        .update(copyLeadApplications)
        .set({ status, reason: body.reason, reviewedBy: operatorId, reviewedAt: now })
        .where(eq(copyLeadApplications.id, app.id))
        .returning();
      if (body.approve)
        await tx
          .insert(copyLeads)
          .values({
            userId: body.user_id,
            tier: 'junior',
            delayMin: app.delayMin,
            tierDay: now.toISOString().slice(0, 10),
            createdAt: now,
          })
          .onConflictDoNothing();
      await auditOperator(tx, now, {
        operatorId,
        action: body.approve ? 'copy.lead_approve' : 'copy.lead_reject',
        subject: `user:${body.user_id}`,
        before: { application: app.id, status: app.status },
        after: { application: app.id, status: after?.status, reason: body.reason },
      });
      return app.id;
    });
    if (body.approve && !leads.has(body.user_id)) {
      const [row] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, body.user_id));
      if (row) leads.set(body.user_id, { tier: row.tier, delayMin: row.delayMin, suspended: null });
      figuresCache = null;
    }
    return applicationById(id);
  }

  /** An operator suspends a lead (hidden, no new copies; existing copies go on) or restores one, with a reason. */
  async function suspendLead(
    operatorId: number,
    body: { user_id: number; suspend: boolean; reason: string },
  ): Promise<AdminLeadView> {
    const now = clock.now();
    await store.db.transaction(async (tx) => {
      const [row] = await tx.select().from(copyLeads).where(eq(copyLeads.userId, body.user_id)).for('update');
      if (!row) throw new DomainError('NotFound');
      if ((row.suspendedAt !== null) === body.suspend) throw new DomainError('InvalidState');
      await tx
        .update(copyLeads)
        .set(
          body.suspend
            ? { suspendedAt: now, suspendReason: body.reason }
            : { suspendedAt: null, suspendReason: null },
        )
        .where(eq(copyLeads.userId, body.user_id));
      await auditOperator(tx, now, {
        operatorId,
        action: body.suspend ? 'copy.lead_suspend' : 'copy.lead_restore',
        subject: `user:${body.user_id}`,
        before: { suspended_at: row.suspendedAt, reason: row.suspendReason },
        after: body.suspend
          ? { suspended_at: now, reason: body.reason }
          : { suspended_at: null, reason: body.reason },
      });
    });
    const l = leads.get(body.user_id);
    if (l) l.suspended = body.suspend ? { at: now, reason: body.reason } : null;
    figuresCache = null;
    const view = await adminLead(body.user_id);
    if (!view) throw new DomainError('NotFound');
    return view;
  }

  /** Applications waiting for review, and the oldest's time (the operators' dashboard). */
  async function pendingApplications(): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await store.db
      .select({ n: count(), oldest: sql<string | Date | null>`min(${copyLeadApplications.createdAt})` })
      .from(copyLeadApplications)
      .where(eq(copyLeadApplications.status, 'pending'));
    const oldest = row?.oldest ?? null;
    return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
  }

  /** The demo lets anyone who meets the criteria lead at once, unless an operator turned the review on. */
  async function demoDefaults(): Promise<void> {
    const [set] = await store.db
      .select({ key: schema.settings.key })
      .from(schema.settings)
      .where(eq(schema.settings.key, 'copy.lead_review'));
    if (!set) await settings.set('copy.lead_review', false);
  }

  // ---------------------------------------------------------------- start

  async function start(): Promise<void> {
    for (const r of await store.db.select().from(copyLeads))
      leads.set(r.userId, {
        tier: r.tier,
        delayMin: r.delayMin,
        suspended: r.suspendedAt ? { at: r.suspendedAt, reason: r.suspendReason ?? '' } : null,
      });
    const rows = await store.db
      .select({ followerId: copyFollows.followerId, instId: copyPositions.instId })
      .from(copyPositions)
      .innerJoin(copyFollows, eq(copyFollows.id, copyPositions.followId))
      .where(
        and(
          eq(copyFollows.status, 'active'),
          eq(copyFollows.venue, 'platform'),
          eq(copyPositions.detached, false),
          ne(copyPositions.contracts, 0n),
        ),
      );
    for (const r of rows) {
      managed.add(`${r.followerId}:${r.instId}`);
      // A close that found no liquidity before a restart is retried at the contract's next operation.
      lagging.add(r.instId);
    }
  }

  return {
    port,
    start,
    /** Leads whose followers' fills concentrate on one counterparty (operators' warning). */
    counterpartyFlags: counterparty.flags,
    traders,
    trader,
    traderHistory,
    follow,
    cancel,
    checkStops,
    myFollows,
    trades,
    settleOne,
    settleDue,
    period,
    settlements,
    leadStatus,
    applyLead,
    makeLead,
    leadApplications,
    adminFollows,
    reviewLead,
    suspendLead,
    pendingApplications,
    demoDefaults,
    myFollowers,
    recomputeTiers,
    bindOkx,
    okxLink,
    unbindOkx,
    rotateLinkKeys,
    sendOkx,
  };
}

export type Copy = ReturnType<typeof createCopy>;
