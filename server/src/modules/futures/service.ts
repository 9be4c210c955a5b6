/**
 * Perpetual swaps: one in-memory book and one writer (kernel/group-writer.ts) per contract, positions in
 * net mode with isolated margin, the mark price, funding, liquidation with the insurance fund and
 * auto-deleveraging.
 *
 * Money. Every position's margin is held in one pool, `system:futures:margin`: opening moves margin from the
 * user's futures account into it, reducing pays the released margin plus the realized PnL back (never below
 * zero: a close beyond the bankruptcy price is made whole by the insurance fund, `system:futures:insurance`).
 * Because every fill opens or closes the same number of contracts on both sides, the pool always equals
 * Σ over open positions of (margin − dir × entry value): the audit's zero-sum check for swaps
 * (`poolCheck`). Fees go to `system:fees`. An open limit order keeps the margin and fee of its open
 * contracts frozen in the futures account. Funding moves margin between positions inside the pool; what
 * rounding leaves goes to `system:futures:funding`.
 *
 * Writes. Orders and cancels that queue while a contract's writer commits share one database transaction
 * and one `ledger.postMany` (group commit), as spot orders do; an order refused before it reached the book
 * fails alone, anything failing after the book moved rolls the batch back, rebuilds the book and the
 * positions from the store and runs each order again alone. Liquidations, triggers and funding run in the
 * same queue, one transaction each, so nothing else sees a position half changed.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  type Cause,
  formatAmount,
  parseAmount,
  RATE_ONE,
  type ResponseData,
  USDT_SCALE,
} from '@nexa/contract';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { createBook, type LevelDelta, type OrderBook } from '../../engine';
import type { BookLevel, Bus } from '../../kernel/bus';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { BatchRefused, createGroupWriter, type JobOutcome } from '../../kernel/group-writer';
import { parseRate } from '../../kernel/units';
import { type Ledger, type LedgerAccount, type PostInput, SYSTEM } from '../../ledger';
import type { CopyOrder, CopyOutcome, CopyPort, LeadMove } from '../../ports/copy';
import type { Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import {
  bandEdge,
  bandRateOf,
  beyondBankruptcy,
  marketLimit,
  openLossOf,
  outsideBand,
  walkOpenLoss,
} from './guards';
import {
  applyFill,
  bankruptcyPrice,
  clamp,
  feeOn,
  fundingOf,
  initialMargin,
  isLiquidatable,
  liquidationPrice,
  maintenanceOf,
  type PositionState,
  percentText,
  type SwapSpec,
  uplOf,
  valueAt,
} from './math';
import { FUTURES_SETTINGS } from './settings';
import {
  swapFundingPayments,
  swapFundings,
  swapLevers,
  swapOrders,
  swapPositions,
  swapTrades,
} from './tables';

export type SwapOrderRow = typeof swapOrders.$inferSelect;
type PositionRow = typeof swapPositions.$inferSelect;
export type SwapOrderView = ResponseData<'/v1/order/submitTrade'>;
export type PositionView = ResponseData<'/v1/futures/positions'>['list'][number];
export type SwapInstrumentView = ResponseData<'/v1/futures/instruments'>['list'][number];
type OrderSource = SwapOrderRow['source'];

/** The system accounts of swaps. */
export const FUTURES_SYSTEM = {
  pool: 'system:futures:margin',
  fund: 'system:futures:insurance',
  funding: 'system:futures:funding',
  fees: SYSTEM.fees,
  capital: SYSTEM.capital('futures_insurance'),
} as const;

export interface FuturesDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The reference price of a spot instrument (the index), as decimal text; null when there is none yet. */
  readonly indexPrice: (underlying: string) => string | null;
  /** Insurance compensation paid per position id (shown on closed positions). */
  readonly compensationOf: (positionIds: readonly number[]) => Promise<Map<number, bigint>>;
  /** Copy trading, when it runs: followers' orders follow their leads' moves in the same transaction. */
  readonly copy?: () => CopyPort | null;
}

/** The outbox topic of a position that ended by liquidation or its stop-loss with a loss (insurance reads it). */
export const POSITION_LOSS_TOPIC = 'futures.position_loss';

export interface SwapSubmit {
  readonly instId: string;
  readonly side: 'buy' | 'sell';
  readonly type: 'limit' | 'market';
  readonly px?: string | undefined;
  readonly sz: string;
  readonly tif?: 'GTC' | 'IOC' | 'FOK' | 'post_only' | undefined;
  readonly reduceOnly?: boolean | undefined;
  readonly request_id?: string | undefined;
}

interface SwapInst {
  readonly spec: SwapSpec;
  readonly instId: string;
  readonly underlying: string;
  readonly base: string;
  readonly ctText: string;
  readonly tickText: string;
  maxLever: number;
  tiersText: { max_notional: string | null; mmr: string }[];
  enabled: boolean;
  /** The contract's own price band (rate units) and its text; null: the global `futures.price_band`. */
  band: bigint | null;
  bandText: string | null;
}

/** A position as the writer keeps it: its row's fields, mutated only inside its contract's queue. */
interface Pos extends PositionState {
  id: number | null;
  readonly userId: number;
  side: 'long' | 'short';
  maxSize: bigint;
  openValue: bigint;
  openSize: bigint;
  closeValue: bigint;
  closeSize: bigint;
  realized: bigint;
  fee: bigint;
  funding: bigint;
  forfeit: bigint;
  tp: bigint | null;
  sl: bigint | null;
  openedAt: Date;
  updatedAt: Date;
  closed: boolean;
  closeType: PositionRow['closeType'];
  closedAt: Date | null;
  /** Set in the work that ended it by liquidation or its stop-loss (an insurance claim may follow). */
  endedBy?: 'liquidation' | 'stop_out';
}

/** One contract: its book and positions (its writer is the group writer's key `instId`). */
interface Slot {
  readonly inst: SwapInst;
  book: OrderBook;
  /** Open orders by id. */
  rows: Map<string, SwapOrderRow>;
  /** Open positions by user. */
  positions: Map<number, Pos>;
  /** Liquidation prices of open positions, checked against each mark (a long at or below, a short at or above). */
  mark: bigint | null;
  idx: bigint | null;
  /** Smoothed premium of the book's mid over the index, USDT minor. */
  ema: bigint;
  /** Premium samples (rate units) since the last settlement: the funding rate is their mean. */
  samples: { sum: bigint; n: bigint };
  /** Users with a liquidation or trigger queued (not queued twice). */
  queued: Set<number>;
  lastFunding: number;
  dirty: boolean;
}

/** An order or a cancel for its contract's writer. */
type Job =
  | {
      readonly kind: 'place';
      readonly userId: number;
      readonly o: SwapSubmit;
      readonly source: OrderSource;
    }
  | {
      readonly kind: 'cancel';
      readonly userId: number;
      readonly ids: readonly string[] | null;
    };

/** One batch of a contract: its work, once it started. */
interface BatchState {
  readonly slot: Slot;
  work: Work | null;
}
const isOpen = (s: SwapOrderRow['status']) => s === 'new' || s === 'partial_filled';
const newOrderId = () => `ord_${randomBytes(12).toString('hex')}`;
const abs = (v: bigint) => (v < 0n ? -v : v);
const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

/** The money one operation moves, netted per account and bucket, with what it must find available first. */
class Entry {
  readonly deltas = new Map<
    string,
    { account: LedgerAccount; bucket: 'available' | 'frozen'; amount: bigint }
  >();
  readonly needs = new Map<number, bigint>();
  constructor(
    readonly cause: Cause,
    readonly ref: string,
    readonly userId: number | null,
    readonly requestId: string | null,
  ) {}
  add(account: LedgerAccount, bucket: 'available' | 'frozen', amount: bigint): void {
    if (amount === 0n) return;
    const key = `${account.id}:${bucket}`;
    const d = this.deltas.get(key);
    if (d) d.amount += amount;
    else this.deltas.set(key, { account, bucket, amount });
  }
  need(accountId: number, amount: bigint): void {
    if (amount > 0n) this.needs.set(accountId, (this.needs.get(accountId) ?? 0n) + amount);
  }
  input(): PostInput | null {
    const postings = [...this.deltas.values()].filter((d) => d.amount !== 0n);
    if (postings.length === 0) return null;
    return {
      cause: this.cause,
      ref: this.ref,
      userId: this.userId,
      requestId: this.requestId,
      postings,
      needsAvailable: [...this.needs].map(([accountId, amount]) => ({ accountId, amount })),
    };
  }
}

/** What one batch (or one liquidation, trigger or settlement) changed, written at its end. */
interface Work {
  readonly tx: Tx;
  readonly slot: Slot;
  readonly now: Date;
  readonly entries: Entry[];
  readonly orders: Map<string, SwapOrderRow>;
  readonly fresh: Set<string>;
  readonly trades: (typeof swapTrades.$inferInsert)[];
  readonly positions: Set<Pos>;
  readonly deltas: LevelDelta[];
  /** Running available and frozen of the accounts the work touched (stored value plus what it moved). */
  readonly balances: Map<number, { available: bigint; frozen: bigint }>;
  touched: boolean;
  /** Lead traders whose position moved in the current operation: size before it and their fills. */
  readonly leads: Map<number, { before: bigint; pxSum: bigint; size: bigint; lever: number }>;
  /** Set while followers' orders are placed (their moves are not copied again). */
  mirroring: boolean;
}

export function createFutures(deps: FuturesDeps) {
  const { store, clock, log, ledger, bus } = deps;
  const settings = deps.settings.of(FUTURES_SETTINGS);
  const slots = new Map<string, Slot>();
  const levers = new Map<string, number>();
  const accounts = new Map<string, LedgerAccount>();
  let timer: NodeJS.Timeout | null = null;
  let closing = false;
  /** Index prices pinned by a drill or a test, over the reference market's. */
  const pinned = new Map<string, string>();
  const indexOf = (underlying: string) => pinned.get(underlying) ?? deps.indexPrice(underlying);

  // ---------------------------------------------------------------- instruments and accounts

  function slotOf(instId: string): Slot {
    const s = slots.get(instId);
    if (!s) throw new ValidationError('instId', 'invalid_value');
    return s;
  }

  function makeInst(c: Awaited<ReturnType<typeof instrumentSettings>>[number]): SwapInst {
    const base = c.underlying.split('-')[0] as string;
    const scale = deps.assets.get(base).scale;
    const ctMinor = parseAmount(c.ct_val, scale);
    const tick = parseAmount(c.tick_size, USDT_SCALE);
    const baseUnit = 10n ** BigInt(scale);
    if (!ctMinor || ctMinor <= 0n || !tick || tick <= 0n)
      throw new Error(`${c.inst_id}: bad contract value or tick`);
    if ((tick * ctMinor) % baseUnit !== 0n)
      throw new Error(`${c.inst_id}: tick × ct_val must be whole USDT minor units`);
    return {
      spec: { instId: c.inst_id, ctMinor, baseUnit, tick, tiers: tiersOf(c.tiers) },
      instId: c.inst_id,
      underlying: c.underlying,
      base,
      ctText: c.ct_val,
      tickText: c.tick_size,
      maxLever: c.max_lever,
      tiersText: c.tiers,
      enabled: c.enabled,
      band: bandRateOf(c.price_band),
      bandText: bandRateOf(c.price_band) === null ? null : (c.price_band ?? null),
    };
  }

  function tiersOf(tiers: readonly { max_notional: string | null; mmr: string }[]) {
    return tiers.map((t) => ({
      maxNotional: t.max_notional === null ? null : (parseAmount(t.max_notional, USDT_SCALE) ?? 0n),
      mmr: parseRate(t.mmr),
    }));
  }

  const instrumentSettings = () => settings.get('futures.instruments');

  /** Enabled, leverage and tiers apply at once; steps stay as the book was built. */
  async function refreshInstruments(): Promise<void> {
    for (const c of await instrumentSettings()) {
      const slot = slots.get(c.inst_id);
      if (!slot) continue;
      slot.inst.enabled = c.enabled;
      slot.inst.maxLever = c.max_lever;
      slot.inst.tiersText = c.tiers;
      slot.inst.band = bandRateOf(c.price_band);
      slot.inst.bandText = slot.inst.band === null ? null : (c.price_band ?? null);
      (slot.inst.spec as { tiers: SwapSpec['tiers'] }).tiers = tiersOf(c.tiers);
    }
  }

  async function futuresAccount(tx: Tx, userId: number): Promise<LedgerAccount> {
    const key = `u:${userId}`;
    const known = accounts.get(key);
    if (known) return known;
    const a = await ledger.account(tx, { userId, asset: 'USDT', kind: 'futures' });
    accounts.set(key, a);
    return a;
  }

  async function systemAccount(tx: Tx, name: string): Promise<LedgerAccount> {
    const key = `s:${name}`;
    const known = accounts.get(key);
    if (known) return known;
    const a = await ledger.systemAccount(tx, name, 'USDT');
    accounts.set(key, a);
    return a;
  }

  async function leverOf(
    userId: number,
    instId: string,
    db: Tx | typeof store.db = store.db,
  ): Promise<number> {
    const key = `${userId}:${instId}`;
    const known = levers.get(key);
    if (known !== undefined) return known;
    const [row] = await db
      .select({ lever: swapLevers.lever })
      .from(swapLevers)
      .where(and(eq(swapLevers.userId, userId), eq(swapLevers.instId, instId)));
    const lever = row?.lever ?? (await settings.get('futures.default_lever'));
    levers.set(key, lever);
    return lever;
  }

  // ---------------------------------------------------------------- positions

  function posFromRow(r: PositionRow): Pos {
    return {
      id: r.id,
      userId: r.userId,
      side: r.side,
      size: r.size,
      entry: r.entry,
      margin: r.margin,
      lever: r.lever,
      maxSize: r.maxSize,
      openValue: r.openValue,
      openSize: r.openSize,
      closeValue: r.closeValue,
      closeSize: r.closeSize,
      realized: r.realized,
      fee: r.fee,
      funding: r.funding,
      forfeit: r.forfeit,
      tp: r.tpPrice,
      sl: r.slPrice,
      openedAt: r.openedAt,
      updatedAt: r.updatedAt,
      closed: r.status === 'closed',
      closeType: r.closeType,
      closedAt: r.closedAt,
    };
  }

  function newPos(userId: number, side: 'long' | 'short', lever: number, now: Date): Pos {
    return {
      id: null,
      userId,
      side,
      size: 0n,
      entry: 0n,
      margin: 0n,
      lever,
      maxSize: 0n,
      openValue: 0n,
      openSize: 0n,
      closeValue: 0n,
      closeSize: 0n,
      realized: 0n,
      fee: 0n,
      funding: 0n,
      forfeit: 0n,
      tp: null,
      sl: null,
      openedAt: now,
      updatedAt: now,
      closed: false,
      closeType: null,
      closedAt: null,
    };
  }

  async function loadPositions(slot: Slot): Promise<void> {
    const rows = await store.db
      .select()
      .from(swapPositions)
      .where(and(eq(swapPositions.instId, slot.inst.instId), eq(swapPositions.status, 'open')));
    slot.positions = new Map(rows.map((r) => [r.userId, posFromRow(r)]));
  }

  async function rebuild(slot: Slot): Promise<void> {
    const rows = await store.db
      .select()
      .from(swapOrders)
      .where(
        and(eq(swapOrders.instId, slot.inst.instId), inArray(swapOrders.status, ['new', 'partial_filled'])),
      )
      .orderBy(asc(swapOrders.seq));
    const book = createBook({ instId: slot.inst.instId, tickSize: slot.inst.spec.tick, lotSize: 1n });
    book.restore(
      rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        side: r.side,
        price: r.price,
        size: r.size,
        remaining: r.size - r.filledSize,
      })),
    );
    slot.book = book;
    slot.rows = new Map(rows.map((r) => [r.id, r]));
    await loadPositions(slot);
    slot.dirty = false;
    publishSnapshot(slot);
  }

  // ---------------------------------------------------------------- views

  const px = (_slot: Slot, v: bigint | null) => (v === null ? null : formatAmount(v, USDT_SCALE));

  function positionView(slot: Slot, p: Pos): PositionView {
    const { spec } = slot.inst;
    const mark = slot.mark;
    const upl = mark === null ? 0n : uplOf(spec, p, mark);
    const mm = mark === null ? 0n : maintenanceOf(spec, p, mark);
    const equity = p.margin + upl;
    return {
      instId: slot.inst.instId,
      pos_side: p.size >= 0n ? 'long' : 'short',
      pos: abs(p.size).toString(),
      lever: p.lever,
      avg_px: px(slot, p.size === 0n ? 0n : (p.entry * spec.baseUnit) / (abs(p.size) * spec.ctMinor)) ?? '0',
      mark_px: px(slot, mark),
      idx_px: px(slot, slot.idx),
      liq_px: px(slot, liquidationPrice(spec, p)),
      bk_px: px(slot, bankruptcyPrice(spec, p)),
      notional: usdt(mark === null ? p.entry : valueAt(spec, mark, p.size)),
      margin: usdt(p.margin),
      mmr: usdt(mm),
      margin_ratio: mm > 0n ? percentText(equity, mm) : null,
      upl: usdt(upl),
      upl_ratio: percentText(upl, p.margin) ?? '0.00',
      realized_pnl: usdt(p.realized),
      fee: usdt(p.fee),
      funding_fee: usdt(p.funding),
      compensation: '0',
      tp_trigger_px: px(slot, p.tp),
      sl_trigger_px: px(slot, p.sl),
      adl: adlRank(slot, p),
      created_at: p.openedAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  }

  /** Quintile of a profitable position in the auto-deleveraging queue (5 goes first), by PnL ratio × leverage. */
  function adlRank(slot: Slot, p: Pos): number {
    if (slot.mark === null || p.size === 0n) return 0;
    const score = (q: Pos) =>
      (uplOf(slot.inst.spec, q, slot.mark as bigint) * BigInt(q.lever) * 10_000n) / (q.margin || 1n);
    const mine = score(p);
    if (mine <= 0n) return 0;
    const same = [...slot.positions.values()].filter((q) => q.size > 0n === p.size > 0n && score(q) > 0n);
    const below = same.filter((q) => score(q) < mine).length;
    return Math.min(5, 1 + Math.floor((below * 5) / Math.max(1, same.length)));
  }

  function orderView(row: SwapOrderRow): SwapOrderView {
    const slot = slots.get(row.instId);
    const spec = slot?.inst.spec;
    let upl: bigint | null = null;
    const mark = slot?.mark ?? null;
    const pos = slot?.positions.get(row.userId);
    if (spec && mark !== null && pos && row.filledSize > 0n && row.pnl === 0n && !row.reduceOnly) {
      const long = row.side === 'buy';
      if (pos.size !== 0n && pos.size > 0n === long) {
        const held = row.filledSize < abs(pos.size) ? row.filledSize : abs(pos.size);
        const cost = (row.filledValue * held) / row.filledSize;
        const v = valueAt(spec, mark, held);
        upl = long ? v - cost : cost - v;
      }
    }
    const margin = row.filledValue === 0n ? 0n : initialMargin(row.filledValue, row.lever);
    const avg =
      row.filledSize === 0n || !spec
        ? null
        : (row.filledValue * spec.baseUnit) / (row.filledSize * spec.ctMinor);
    return {
      trade_id: row.id,
      instId: row.instId,
      inst_type: 'SWAP',
      side: row.side,
      type: row.type,
      tif: row.tif as SwapOrderView['tif'],
      tgt_ccy: 'base_ccy',
      px: row.type === 'limit' && slot ? px(slot, row.price) : null,
      sz: row.size.toString(),
      filled_sz: row.filledSize.toString(),
      filled_quote: usdt(row.filledValue),
      avg_px: slot ? px(slot, avg) : null,
      fee: usdt(row.fee),
      fee_ccy: 'USDT',
      frozen: usdt(row.hold),
      frozen_ccy: 'USDT',
      status: row.status,
      cancel_reason: row.cancelReason,
      reduce_only: row.reduceOnly,
      lever: row.lever,
      pnl: usdt(row.pnl),
      source: row.source,
      upl: upl === null ? null : usdt(upl),
      upl_ratio: upl === null ? null : percentText(upl, margin),
      mark_px: slot ? px(slot, mark) : null,
      request_id: row.requestId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  const levels = (deltas: readonly LevelDelta[], side: 'buy' | 'sell', slot: Slot): BookLevel[] =>
    deltas.filter((d) => d.side === side).map((d) => [px(slot, d.price) ?? '0', d.size.toString(), d.count]);

  function publishSnapshot(slot: Slot): void {
    const depth = slot.book.depth(400);
    bus.publish('book.snapshot', {
      instId: slot.inst.instId,
      seq: slot.book.seq,
      asks: depth.asks.map(([p, s, c]) => [px(slot, p) ?? '0', s.toString(), c]),
      bids: depth.bids.map(([p, s, c]) => [px(slot, p) ?? '0', s.toString(), c]),
      ts: clock.now().getTime(),
    });
  }

  function publishPosition(slot: Slot, p: Pos): void {
    const view =
      p.closed || p.size === 0n
        ? { instId: slot.inst.instId, pos: '0', closed: true }
        : positionView(slot, p);
    bus.publish('position.update', { userId: p.userId, position: view, ts: clock.now().getTime() });
  }

  // ---------------------------------------------------------------- the writer

  /** One writer per contract: orders and cancels are group-committed (kernel/group-writer.ts). */
  const writer = createGroupWriter<Job, unknown, BatchState>({
    store,
    requests: ledger,
    plan: {
      async begin(instId) {
        const slot = slotOf(instId);
        if (slot.dirty) await rebuild(slot);
        return { slot, work: null };
      },
      async run(tx, jobs, state) {
        const w = newWork(tx, state.slot);
        state.work = w;
        const outcomes = await runJobs(w, jobs);
        await commitWork(w);
        return outcomes;
      },
      committed: (state) => {
        if (state.work) afterCommit(state.work);
      },
      rolledBack: async (state) => {
        if (state.work?.touched) await recover(state.slot);
      },
    },
  });

  function newWork(tx: Tx, slot: Slot): Work {
    return {
      tx,
      slot,
      now: clock.now(),
      entries: [],
      orders: new Map(),
      fresh: new Set(),
      trades: [],
      positions: new Set(),
      deltas: [],
      balances: new Map(),
      touched: false,
      leads: new Map(),
      mirroring: false,
    };
  }

  /** After a rolled-back transaction that moved the book: the book and positions rebuilt from the store. */
  async function recover(slot: Slot): Promise<void> {
    slot.dirty = true;
    try {
      await rebuild(slot);
    } catch (again) {
      log.error({ err: again, instId: slot.inst.instId }, 'swap book rebuild failed; retried next time');
    }
  }

  /** Runs work in one transaction (outside the writer's batches); on failure after the book moved, recovers. */
  async function inTransaction<T>(
    slot: Slot,
    fn: (w: Work) => Promise<T>,
  ): Promise<{ value: T; work: Work }> {
    if (slot.dirty) await rebuild(slot);
    let work: Work | null = null;
    try {
      const value = await store.db.transaction(async (tx) => {
        work = newWork(tx, slot);
        const v = await fn(work);
        await commitWork(work);
        return v;
      });
      assert(work);
      return { value, work };
    } catch (err) {
      if ((work as Work | null)?.touched) await recover(slot);
      throw err;
    }
  }

  /** A batch's jobs in order, each followed by its copies; one refused before touching the book fails alone. */
  async function runJobs(w: Work, jobs: readonly Job[]): Promise<JobOutcome<unknown>[]> {
    const outcomes: JobOutcome<unknown>[] = [];
    for (const job of jobs) {
      try {
        outcomes.push({
          ok: true,
          value: job.kind === 'place' ? await place(w, job) : await cancelIn(w, job),
        });
        await mirror(w);
      } catch (err) {
        if (err instanceof DomainError || err instanceof ValidationError)
          outcomes.push({ ok: false, error: err });
        else throw err;
      }
    }
    return outcomes;
  }

  /** Running balance of an account in the work (read once, then moved in memory). */
  async function balanceOf(w: Work, account: LedgerAccount) {
    let b = w.balances.get(account.id);
    if (!b) {
      const stored = await ledger.accountBalances(w.tx, [account.id]);
      b = stored.get(account.id) ?? { available: 0n, frozen: 0n };
      w.balances.set(account.id, b);
    }
    return b;
  }

  async function move(
    w: Work,
    e: Entry,
    account: LedgerAccount,
    bucket: 'available' | 'frozen',
    amount: bigint,
  ) {
    if (amount === 0n) return;
    const b = await balanceOf(w, account);
    b[bucket] += amount;
    e.add(account, bucket, amount);
  }

  async function commitWork(w: Work): Promise<void> {
    const inputs = w.entries.map((e) => e.input()).filter((i): i is PostInput => i !== null);
    const outcomes = await ledger.postMany(w.tx, inputs);
    for (const o of outcomes) if (!o.ok) throw new BatchRefused(o.error);
    const { tx } = w;
    for (const row of w.orders.values()) {
      if (w.fresh.has(row.id)) {
        const { seq: _seq, ...values } = row;
        await tx.insert(swapOrders).values(values);
      } else {
        await tx
          .update(swapOrders)
          .set({
            filledSize: row.filledSize,
            filledValue: row.filledValue,
            fee: row.fee,
            pnl: row.pnl,
            hold: row.hold,
            status: row.status,
            cancelReason: row.cancelReason,
            updatedAt: row.updatedAt,
          })
          .where(eq(swapOrders.id, row.id));
      }
    }
    if (w.trades.length > 0) await tx.insert(swapTrades).values(w.trades);
    for (const p of w.positions) {
      const values = {
        userId: p.userId,
        instId: w.slot.inst.instId,
        status: p.closed ? ('closed' as const) : ('open' as const),
        side: p.side,
        size: p.size,
        entry: p.entry,
        margin: p.margin,
        lever: p.lever,
        maxSize: p.maxSize,
        openValue: p.openValue,
        openSize: p.openSize,
        closeValue: p.closeValue,
        closeSize: p.closeSize,
        realized: p.realized,
        fee: p.fee,
        funding: p.funding,
        forfeit: p.forfeit,
        tpPrice: p.tp,
        slPrice: p.sl,
        closeType: p.closeType,
        openedAt: p.openedAt,
        updatedAt: p.updatedAt,
        closedAt: p.closedAt,
      };
      if (p.id === null) {
        const [row] = await tx.insert(swapPositions).values(values).returning({ id: swapPositions.id });
        assert(row);
        p.id = row.id;
      } else {
        await tx.update(swapPositions).set(values).where(eq(swapPositions.id, p.id));
      }
      // A position ended by liquidation or its stop-loss with a net loss: insurance may compensate it.
      const net = p.realized - p.fee + p.funding - p.forfeit;
      if (p.closed && p.endedBy && net < 0n) {
        await deps.outbox.write(tx, POSITION_LOSS_TOPIC, {
          userId: p.userId,
          positionId: p.id,
          instId: w.slot.inst.instId,
          kind: p.endedBy,
          loss: (-net).toString(),
          lever: p.lever,
          openedAt: p.openedAt.getTime(),
          closedAt: (p.closedAt ?? w.now).getTime(),
        });
      }
    }
  }

  function afterCommit(w: Work): void {
    const { slot } = w;
    for (const row of w.orders.values()) {
      if (isOpen(row.status)) slot.rows.set(row.id, row);
      else slot.rows.delete(row.id);
    }
    for (const p of w.positions) {
      if (p.closed || p.size === 0n) {
        if (slot.positions.get(p.userId) === p) slot.positions.delete(p.userId);
      } else slot.positions.set(p.userId, p);
    }
    const ts = w.now.getTime();
    if (w.deltas.length > 0) {
      bus.publish('book.update', {
        instId: slot.inst.instId,
        seq: slot.book.seq,
        asks: levels(w.deltas, 'sell', slot),
        bids: levels(w.deltas, 'buy', slot),
        ts,
      });
    }
    for (const t of w.trades) {
      bus.publish('trade', {
        instId: slot.inst.instId,
        tradeId: `${t.takerOrderId}:${t.makerOrderId}`,
        price: px(slot, t.price) ?? '0',
        size: (t.size as bigint).toString(),
        side: t.side,
        ts,
      });
    }
    for (const row of w.orders.values())
      bus.publish('order.update', { userId: row.userId, order: orderView(row), ts });
    for (const p of w.positions) publishPosition(slot, p);
  }

  // ---------------------------------------------------------------- copy trading

  /** Notes a lead trader's fill in the current operation (its size before the first one, and the price). */
  function noteLead(w: Work, userId: number, pos: Pos | undefined, contracts: bigint, price: bigint): void {
    if (w.mirroring || !deps.copy?.()?.isLead(userId)) return;
    let n = w.leads.get(userId);
    if (!n) {
      const before = pos && !pos.closed ? pos.size : 0n;
      n = { before, pxSum: 0n, size: 0n, lever: pos && !pos.closed ? pos.lever : 1 };
      w.leads.set(userId, n);
    }
    n.pxSum += price * contracts;
    n.size += contracts;
  }

  /** Places followers' market orders in the operation and tells what each got. */
  async function placeCopies(
    w: Work,
    orders: readonly CopyOrder[],
    reduceOnly: boolean,
  ): Promise<CopyOutcome[]> {
    const { slot } = w;
    const { spec } = slot.inst;
    const outcomes: CopyOutcome[] = [];
    for (const order of orders) {
      const o: SwapSubmit = {
        instId: slot.inst.instId,
        side: order.side,
        type: 'market',
        sz: order.contracts.toString(),
        ...(reduceOnly ? { reduceOnly: true } : {}),
      };
      let view: SwapOrderView | null = null;
      let reason: CopyOutcome['reason'] = null;
      const limit = order.limitPrice === undefined ? undefined : await copyLimit(slot, order);
      try {
        // A reduction keeps the position's own leverage.
        view = await place(
          w,
          { userId: order.followerId, o, source: 'copy' },
          {
            ...(reduceOnly ? {} : { lever: order.lever }),
            ...(limit === undefined ? {} : { limit }),
          },
        );
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        reason = err.errorName === 'InsufficientBalance' ? 'insufficient_margin' : 'rejected';
      }
      const q = slot.positions.get(order.followerId);
      const filled = view ? BigInt(view.filled_sz ?? '0') : 0n;
      const row = view ? w.orders.get(view.trade_id) : undefined;
      outcomes.push({
        order,
        status: filled === 0n ? 'skipped' : filled < order.contracts ? 'partial' : 'filled',
        reason:
          filled === 0n
            ? (reason ?? (limit === undefined ? 'no_liquidity' : 'price_tolerance'))
            : filled < order.contracts && limit !== undefined
              ? 'price_tolerance'
              : null,
        orderId: row?.id ?? null,
        filled,
        price:
          row && row.filledSize > 0n
            ? (row.filledValue * spec.baseUnit) / (row.filledSize * spec.ctMinor)
            : null,
        pnl: row?.pnl ?? 0n,
        fee: row?.fee ?? 0n,
        limitPrice: limit ?? null,
        sizeAfter: q && !q.closed ? q.size : 0n,
        marginAfter: q && !q.closed ? q.margin : 0n,
      });
    }
    return outcomes;
  }

  /**
   * A copy order's limit: its price rounded to a tick toward the follower, never past the price band, and, for
   * a close, never past the position's bankruptcy price (as a market close).
   */
  async function copyLimit(slot: Slot, order: CopyOrder): Promise<bigint | undefined> {
    const mark = slot.mark;
    if (mark === null || order.limitPrice === undefined) return undefined;
    const edge = band(slot, mark, order.side, (await settings.get('futures.price_band')).units);
    const buy = order.side === 'buy';
    let price = toTick(slot, order.limitPrice, !buy);
    if (buy ? price > edge : price < edge) price = edge;
    const pos = slot.positions.get(order.followerId);
    if (pos && !pos.closed && pos.size !== 0n && pos.size > 0n !== buy) {
      const bk = bankruptcyPrice(slot.inst.spec, pos);
      if (bk !== null && (buy ? bk < price : bk > price)) price = toTick(slot, bk, !buy);
    }
    return price;
  }

  /** Places the followers' orders for every lead move of the operation, right after it, in its transaction. */
  async function mirror(w: Work): Promise<void> {
    const port = deps.copy?.();
    if (!port || (w.leads.size === 0 && !port.lagging(w.slot.inst.instId))) return;
    const { slot } = w;
    const { spec } = slot.inst;
    const moves = [...w.leads];
    const sizeOf = (userId: number) => {
      const q = slot.positions.get(userId);
      return q && !q.closed ? q.size : 0n;
    };
    w.leads.clear();
    w.mirroring = true;
    try {
      for (const [leadId, n] of moves) {
        const p = slot.positions.get(leadId);
        const after = p && !p.closed ? p.size : 0n;
        if (after === n.before || n.size === 0n) continue;
        const price = n.pxSum / n.size;
        const move: LeadMove = {
          leadId,
          instId: slot.inst.instId,
          before: n.before,
          after,
          price,
          lever: p && !p.closed ? p.lever : n.lever,
          at: w.now,
          mark: slot.mark,
          contractsFor: (margin, lever) => {
            const one = valueAt(spec, price, 1n);
            return one === 0n ? 0n : (margin * BigInt(lever)) / one;
          },
          marginFor: (contracts, lever) => initialMargin(valueAt(spec, price, contracts), lever),
        };
        const orders = await port.plan(w.tx, move, sizeOf);
        const outcomes = await placeCopies(w, orders, false);
        await port.record(w.tx, move, outcomes);
      }
      // Copies still behind a close of their lead (it found no liquidity then) retry it now.
      if (port.lagging(slot.inst.instId)) {
        const price = slot.mark ?? 0n;
        for (const { leadId, orders } of await port.catchUp(w.tx, slot.inst.instId, sizeOf, slot.mark)) {
          const p = slot.positions.get(leadId);
          const size = p && !p.closed ? p.size : 0n;
          const move: LeadMove = {
            leadId,
            instId: slot.inst.instId,
            before: size,
            after: size,
            price,
            lever: p && !p.closed ? p.lever : 1,
            at: w.now,
            mark: slot.mark,
            contractsFor: () => 0n,
            marginFor: (contracts, lever) => initialMargin(valueAt(spec, price, contracts), lever),
          };
          await port.record(w.tx, move, await placeCopies(w, orders, true));
        }
      }
    } finally {
      w.mirroring = false;
    }
  }

  // ---------------------------------------------------------------- placing

  const maxRate = (row: SwapOrderRow) => {
    const m = parseRate(row.makerFeeRate);
    const t = parseRate(row.takerFeeRate);
    return m > t ? m : t;
  };

  /** What an open limit order keeps frozen: margin and fee of its open contracts, and a unit of slack per contract. */
  function holdOf(slot: Slot, row: SwapOrderRow, remaining: bigint): bigint {
    if (remaining === 0n || row.reduceOnly) return 0n;
    const v = valueAt(slot.inst.spec, row.price, remaining);
    return initialMargin(v, row.lever) + feeOn(v, maxRate(row)) + remaining;
  }

  function parseContracts(text: string, max: number): bigint {
    if (!/^\d+$/.test(text)) throw new ValidationError('sz', 'invalid_value');
    const n = BigInt(text);
    if (n < 1n) throw new ValidationError('sz', 'too_small');
    if (n > BigInt(max)) throw new ValidationError('sz', 'too_big');
    return n;
  }

  function toTick(slot: Slot, v: bigint, up: boolean): bigint {
    const t = slot.inst.spec.tick;
    const r = v % t;
    if (r === 0n) return v;
    return up ? v - r + t : v - r;
  }

  const band = (slot: Slot, mark: bigint, side: 'buy' | 'sell', rate: bigint): bigint =>
    bandEdge(slot.inst.spec, mark, side, rate);

  /** The contract's price band (rate units): its own, or the global setting (both apply at once). */
  async function bandOf(slot: Slot): Promise<bigint> {
    const own = (await instrumentSettings()).find((c) => c.inst_id === slot.inst.instId)?.price_band;
    return bandRateOf(own) ?? (await settings.get('futures.price_band')).units;
  }

  /** The position of a user to trade on: the open one, or a new one for the side an order opens. */
  function positionFor(w: Work, userId: number): Pos | undefined {
    return w.slot.positions.get(userId);
  }

  interface Leg {
    readonly userId: number;
    readonly side: 'buy' | 'sell';
    readonly lever: number;
    readonly fee: bigint;
    /** A liquidated position: gets nothing back; what is left goes to the insurance fund. */
    readonly liquidated: boolean;
    /** Closed by its stop-loss. */
    readonly stopOut?: boolean;
  }

  /**
   * Applies one fill to one user's position and books its money: margin in, released margin and PnL out,
   * the fee. A flip closes the position and opens a new one. An opening fill worse than the mark also puts
   * that difference (its open loss) into the margin. What the user pays comes first from the close's
   * proceeds: a close is never refused for want of free balance — its fee is what the proceeds and the
   * balance can pay, the open loss of a resting order what is left after it. Returns what the order realized
   * and the fee it paid.
   */
  async function settleLeg(
    w: Work,
    e: Entry,
    leg: Leg,
    contracts: bigint,
    price: bigint,
    credit = 0n,
  ): Promise<{ realized: bigint; fee: bigint }> {
    const { slot } = w;
    const { spec } = slot.inst;
    let pos = slot.positions.get(leg.userId);
    noteLead(w, leg.userId, pos, contracts, price);
    let left = contracts;
    let realized = 0n;
    let released = 0n;
    let marginIn = 0n;
    let closedPos: Pos | null = null;
    const closing = pos && pos.size !== 0n && pos.size > 0n !== (leg.side === 'buy');
    if (pos && closing) {
      const held = abs(pos.size);
      const q = left < held ? left : held;
      const eff = applyFill(spec, pos, leg.side, q, price, pos.lever);
      realized += eff.realized;
      released += eff.released;
      pos.closeValue += valueAt(spec, price, q);
      pos.closeSize += q;
      pos.realized += eff.realized;
      pos.updatedAt = w.now;
      if (pos.size === 0n) {
        pos.closed = true;
        pos.closedAt = w.now;
        pos.closeType = leg.liquidated ? 'liquidation' : pos.closeType === 'adl' ? 'adl' : 'close';
        if (leg.liquidated) pos.endedBy = 'liquidation';
        else if (leg.stopOut) pos.endedBy = 'stop_out';
      }
      closedPos = pos;
      w.positions.add(pos);
      left -= q;
    }
    let opened: Pos | null = null;
    let openLoss = 0n;
    if (left > 0n) {
      if (!pos || pos.closed || pos.size === 0n) {
        pos = newPos(leg.userId, leg.side === 'buy' ? 'long' : 'short', leg.lever, w.now);
        slot.positions.set(leg.userId, pos);
      }
      const eff = applyFill(spec, pos, leg.side, left, price, leg.lever);
      marginIn += eff.marginIn;
      if (slot.mark !== null) openLoss = openLossOf(spec, leg.side, price, slot.mark, left);
      const v = valueAt(spec, price, left);
      pos.openValue += v;
      pos.openSize += left;
      if (abs(pos.size) > pos.maxSize) pos.maxSize = abs(pos.size);
      pos.updatedAt = w.now;
      opened = pos;
      w.positions.add(pos);
    }
    const user = await futuresAccount(w.tx, leg.userId);
    const pool = await systemAccount(w.tx, FUTURES_SYSTEM.pool);
    const fees = await systemAccount(w.tx, FUTURES_SYSTEM.fees);
    const fund = await systemAccount(w.tx, FUTURES_SYSTEM.fund);
    let proceeds = released + realized;
    if (proceeds < 0n) {
      // Beyond the bankruptcy price: the insurance fund makes the pool whole.
      await move(w, e, pool, 'available', -proceeds);
      await move(w, e, fund, 'available', proceeds);
      proceeds = 0n;
    }
    if (leg.liquidated) {
      await move(w, e, fund, 'available', proceeds);
      const lost = slot.positions.get(leg.userId);
      if (lost) lost.forfeit += proceeds;
      await move(w, e, pool, 'available', -proceeds);
      proceeds = 0n;
    }
    // What the user can pay beyond the margin its opening needs (an opening it cannot margin is refused by
    // the ledger): the fee first, then the open loss. `credit`: what the order still holds frozen for it.
    const room = (await balanceOf(w, user)).available + credit + proceeds - marginIn;
    const fee = leg.fee <= room ? leg.fee : room > 0n ? room : 0n;
    const rest = room - fee;
    const extra = openLoss <= rest ? openLoss : rest > 0n ? rest : 0n;
    if (opened) opened.margin += extra;
    if (closedPos) closedPos.fee += (fee * (contracts - left)) / contracts;
    if (opened) opened.fee += fee - (closedPos ? (fee * (contracts - left)) / contracts : 0n);
    await move(w, e, pool, 'available', marginIn + extra - proceeds);
    await move(w, e, user, 'available', proceeds - marginIn - extra - fee);
    await move(w, e, fees, 'available', fee);
    return { realized, fee };
  }

  async function place(
    w: Work,
    job: { userId: number; o: SwapSubmit; source: OrderSource },
    opts: { limit?: bigint; liquidation?: boolean; lever?: number } = {},
  ): Promise<SwapOrderView> {
    const { slot, tx } = w;
    const { inst } = slot;
    const { userId, o, source } = job;
    if (!inst.enabled && source === 'user')
      throw new DomainError('OrderRejected', { reason: 'instrument_disabled' });
    const mark = slot.mark;
    if (mark === null) throw new DomainError('MarkPriceUnavailable');
    const size0 = parseContracts(o.sz, await settings.get('futures.max_order_contracts'));
    const makerRate = await settings.get('futures.maker_fee_rate');
    const takerRate = await settings.get('futures.taker_fee_rate');
    const bandRate = await bandOf(slot);
    const pos = positionFor(w, userId);
    if (source === 'user' && pos && pos.size !== 0n && deps.copy?.()?.manages(userId, inst.instId))
      throw new DomainError('CopyManaged');
    const lever = opts.lever ?? (await leverOf(userId, inst.instId, tx));
    const opposite = !!pos && pos.size !== 0n && pos.size > 0n !== (o.side === 'buy');
    const reduceOnly = o.reduceOnly === true;
    if (reduceOnly && !opposite) throw new DomainError('NothingToReduce');
    if (reduceOnly && o.type === 'limit')
      throw new DomainError('OrderRejected', { reason: 'reduce_only_market' });
    const size = reduceOnly && pos && size0 > abs(pos.size) ? abs(pos.size) : size0;
    let price: bigint;
    let tif = o.tif ?? 'GTC';
    const liquidation = opts.liquidation === true;
    const bk = opposite && pos ? bankruptcyPrice(inst.spec, pos) : null;
    if (o.type === 'limit') {
      const p = o.px === undefined ? null : parseAmount(o.px, USDT_SCALE);
      if (p === null || p <= 0n) throw new ValidationError('px', 'invalid_value');
      if (p % inst.spec.tick !== 0n) throw new DomainError('OrderRejected', { reason: 'invalid_price' });
      // Every limit order (it may open or add) is held to the band around the mark.
      if (outsideBand(inst.spec, mark, o.side, p, bandRate)) throw new DomainError('PriceOutOfBand');
      // A limit order closing beyond the position's bankruptcy price would lose more than its margin.
      if (beyondBankruptcy(o.side, p, bk))
        throw new DomainError('OrderRejected', { reason: 'beyond_bankruptcy_price' });
      price = p;
    } else {
      tif = 'IOC';
      price = marketLimit(inst.spec, mark, o.side, bandRate, opts.limit, liquidation, bk);
    }
    const reducible = opposite && pos ? abs(pos.size) : 0n;
    const opens = size > reducible ? size - reducible : 0n;
    const feeRate = makerRate.units > takerRate.units ? makerRate.units : takerRate.units;
    const user = await futuresAccount(tx, userId);
    const id = newOrderId();
    const row: SwapOrderRow = {
      id,
      seq: 0,
      userId,
      instId: inst.instId,
      side: o.side,
      type: o.type,
      tif,
      price,
      size,
      filledSize: 0n,
      filledValue: 0n,
      fee: 0n,
      pnl: 0n,
      hold: 0n,
      lever,
      reduceOnly,
      source,
      status: 'new',
      cancelReason: null,
      makerFeeRate: makerRate.text,
      takerFeeRate: takerRate.text,
      requestId: o.request_id ?? null,
      createdAt: w.now,
      updatedAt: w.now,
    };
    // What it may need: a limit order freezes margin and fee of all its contracts and the open loss of what
    // it opens at its price; a market order must find the margin and fee of what it opens at its worst price
    // and the open loss of the levels it would open on. What it closes pays its fee from its proceeds.
    const hold =
      o.type === 'limit' ? holdOf(slot, row, size) + openLossOf(inst.spec, o.side, price, mark, opens) : 0n;
    const needs =
      o.type === 'limit'
        ? hold
        : liquidation || opens === 0n
          ? 0n
          : initialMargin(valueAt(inst.spec, price, opens), lever) +
            feeOn(valueAt(inst.spec, price, opens), feeRate) +
            walkOpenLoss(
              inst.spec,
              o.side === 'buy' ? slot.book.depth(200).asks : slot.book.depth(200).bids,
              o.side,
              price,
              mark,
              reducible,
              opens,
            );
    const bal = await balanceOf(w, user);
    if (bal.available < needs) throw new DomainError('InsufficientBalance');
    const cause: Cause = liquidation ? 'futures.liquidation' : 'futures.trade';
    const e = new Entry(cause, id, userId, o.request_id ?? null);
    if (o.type === 'market') e.need(user.id, needs);
    const result = slot.book.place({
      id,
      userId,
      side: o.side,
      type: 'limit',
      price,
      size,
      timeInForce: tif,
    });
    if (result.rejectedReason) {
      throw new DomainError('OrderRejected', { reason: result.rejectedReason });
    }
    w.touched = true;
    w.deltas.push(...result.deltas);
    w.entries.push(e);
    if (hold > 0n) {
      await move(w, e, user, 'available', -hold);
      await move(w, e, user, 'frozen', hold);
    }
    row.hold = hold;
    const takerValueTotal = result.fills.reduce((s, f) => s + valueAt(inst.spec, f.price, f.size), 0n);
    const takerFeeTotal = liquidation ? 0n : feeOn(takerValueTotal, takerRate.units);
    let feeSpent = 0n;
    for (const [i, f] of result.fills.entries()) {
      const value = valueAt(inst.spec, f.price, f.size);
      const maker = w.orders.get(f.makerOrderId) ?? slot.rows.get(f.makerOrderId);
      assert(maker, `maker order ${f.makerOrderId} unknown`);
      const makerRow: SwapOrderRow = { ...maker };
      const makerFee = feeOn(value, parseRate(makerRow.makerFeeRate));
      // The taker's fee is counted on its total and spread over its fills, so it rounds once.
      const last = i === result.fills.length - 1;
      const takerFee = last ? takerFeeTotal - feeSpent : (takerFeeTotal * value) / (takerValueTotal || 1n);
      feeSpent += takerFee;
      // The maker's hold for the filled contracts comes back before its fill is settled.
      const makerUser = await futuresAccount(tx, makerRow.userId);
      const before = makerRow.hold;
      // The hold (margin, fee and open loss of its open contracts) comes back in proportion to the fill.
      const open = makerRow.size - makerRow.filledSize;
      const after =
        f.makerRemaining === 0n || open === 0n ? 0n : (before * f.makerRemaining + open - 1n) / open;
      await move(w, e, makerUser, 'frozen', -(before - after));
      await move(w, e, makerUser, 'available', before - after);
      const made = await settleLeg(
        w,
        e,
        {
          userId: makerRow.userId,
          side: makerRow.side,
          lever: makerRow.lever,
          fee: makerFee,
          liquidated: false,
        },
        f.size,
        f.price,
      );
      makerRow.hold = after;
      makerRow.filledSize += f.size;
      makerRow.filledValue += value;
      makerRow.fee += made.fee;
      makerRow.pnl += made.realized;
      makerRow.status = f.makerRemaining === 0n ? 'filled' : 'partial_filled';
      makerRow.updatedAt = w.now;
      w.orders.set(makerRow.id, makerRow);
      const taker = await settleLeg(
        w,
        e,
        { userId, side: o.side, lever, fee: takerFee, liquidated: liquidation, stopOut: source === 'sl' },
        f.size,
        f.price,
        hold,
      );
      row.filledSize += f.size;
      row.filledValue += value;
      row.fee += taker.fee;
      row.pnl += taker.realized;
      w.trades.push({
        instId: inst.instId,
        price: f.price,
        size: f.size,
        value,
        side: o.side,
        makerOrderId: makerRow.id,
        takerOrderId: id,
        makerUserId: makerRow.userId,
        takerUserId: userId,
        makerFee: made.fee,
        takerFee: taker.fee,
        createdAt: w.now,
      });
    }
    if (hold > 0n) {
      // What rests keeps its share of the hold (open loss included).
      const after = isOpen(result.status) ? (hold * result.remaining + size - 1n) / size : 0n;
      await move(w, e, user, 'frozen', -(hold - after));
      await move(w, e, user, 'available', hold - after);
      row.hold = after;
    }
    row.status = result.status;
    if (result.status === 'canceled') row.cancelReason = result.canceledReason ?? 'remainder';
    row.updatedAt = w.now;
    w.orders.set(id, row);
    w.fresh.add(id);
    if (result.fills.length > 0)
      await guardResting(w, [userId, ...result.fills.map((f) => f.makerUserId)], id);
    return orderView(row);
  }

  /**
   * Cancels the resting orders of these users that would now close their position beyond its bankruptcy
   * price (the position grew, flipped or paid funding since they were placed): filled, such an order's loss
   * beyond the margin would be the insurance fund's.
   */
  async function guardResting(w: Work, users: Iterable<number>, skip: string | null = null): Promise<void> {
    const { slot } = w;
    for (const userId of new Set(users)) {
      const pos = slot.positions.get(userId);
      if (!pos || pos.closed || pos.size === 0n) continue;
      const bk = bankruptcyPrice(slot.inst.spec, pos);
      const side = pos.size > 0n ? 'sell' : 'buy';
      const mine = new Map<string, SwapOrderRow>();
      for (const r of slot.rows.values()) if (r.userId === userId && r.side === side) mine.set(r.id, r);
      for (const r of w.orders.values()) if (r.userId === userId && r.side === side) mine.set(r.id, r);
      const bad = [...mine.values()]
        .filter((r) => r.id !== skip && isOpen(r.status) && beyondBankruptcy(side, r.price, bk))
        .map((r) => r.id);
      if (bad.length > 0) await cancelIn(w, { userId, ids: bad }, 'bankruptcy_price');
    }
  }

  async function cancelIn(
    w: Work,
    job: { userId: number; ids: readonly string[] | null },
    reason = 'user',
  ): Promise<SwapOrderView[]> {
    const { slot } = w;
    const mine = [...slot.rows.values(), ...[...w.orders.values()].filter((r) => isOpen(r.status))].filter(
      (r) => r.userId === job.userId && (job.ids === null || job.ids.includes(r.id)),
    );
    const unique = [...new Map(mine.map((r) => [r.id, w.orders.get(r.id) ?? r])).values()].filter((r) =>
      isOpen(r.status),
    );
    if (unique.length === 0) return [];
    const result = slot.book.cancelMany(unique.map((r) => r.id));
    w.touched = true;
    w.deltas.push(...result.deltas);
    const user = await futuresAccount(w.tx, job.userId);
    const e = new Entry('futures.cancel', unique[0]?.id ?? '', job.userId, null);
    w.entries.push(e);
    const out: SwapOrderView[] = [];
    for (const r of unique) {
      const row: SwapOrderRow = {
        ...r,
        status: 'canceled',
        cancelReason: reason,
        hold: 0n,
        updatedAt: w.now,
      };
      await move(w, e, user, 'frozen', -r.hold);
      await move(w, e, user, 'available', r.hold);
      w.orders.set(row.id, row);
      out.push(orderView(row));
    }
    return out;
  }

  // ---------------------------------------------------------------- liquidation, triggers, funding

  /**
   * Takes over a position at or below its maintenance margin: cancels the user's orders on the contract,
   * closes at market no further than the insurance fund can make good beyond the bankruptcy price (within the
   * price band), and closes what the book could not take against the opposite positions ranked for
   * auto-deleveraging, at the bankruptcy price.
   */
  async function liquidate(slot: Slot, userId: number): Promise<void> {
    const { value, work } = await inTransaction(slot, async (w) => {
      const pos = slot.positions.get(userId);
      const mark = slot.mark;
      if (!pos || pos.size === 0n || mark === null || !isLiquidatable(slot.inst.spec, pos, mark))
        return false;
      await cancelIn(w, { userId, ids: null }, 'liquidation');
      const { spec } = slot.inst;
      const long = pos.size > 0n;
      const q = abs(pos.size);
      const bk = bankruptcyPrice(spec, pos) ?? 0n;
      // Within the band and never beyond the bankruptcy price: a bid (or ask) beyond it, a colluder's, would
      // be paid by the insurance fund. What the book cannot take there is auto-deleveraged at it.
      const bandRate = await bandOf(slot);
      const edge = band(slot, mark, long ? 'sell' : 'buy', bandRate);
      const limit = long
        ? toTick(slot, bk > edge ? bk : edge, true)
        : toTick(slot, bk < edge ? bk : edge, false);
      await place(
        w,
        {
          userId,
          o: {
            instId: slot.inst.instId,
            side: long ? 'sell' : 'buy',
            type: 'market',
            sz: q.toString(),
            reduceOnly: true,
          },
          source: 'liquidation',
        },
        { limit: limit > 0n ? limit : spec.tick, liquidation: true },
      );
      const rest = slot.positions.get(userId);
      if (rest && !rest.closed && rest.size !== 0n) await deleverage(w, rest);
      await mirror(w);
      return true;
    });
    if (value) afterCommit(work);
  }

  /** Closes what is left of a liquidated position against the opposite positions, best ranked first, at its bankruptcy price. */
  async function deleverage(w: Work, pos: Pos): Promise<void> {
    const { slot } = w;
    const { spec } = slot.inst;
    const mark = slot.mark as bigint;
    const bk = bankruptcyPrice(spec, pos) ?? 0n;
    const long = pos.size > 0n;
    const score = (q: Pos) => (uplOf(spec, q, mark) * BigInt(q.lever) * 10_000n) / (q.margin || 1n);
    const ranked = [...slot.positions.values()]
      .filter((q) => q !== pos && !q.closed && q.size !== 0n && q.size > 0n !== long)
      .sort((a, b) => (score(b) > score(a) ? 1 : score(b) < score(a) ? -1 : 0));
    const liqId = newOrderId();
    const e = new Entry('futures.adl', liqId, pos.userId, null);
    w.entries.push(e);
    const liqRow: SwapOrderRow = {
      id: liqId,
      seq: 0,
      userId: pos.userId,
      instId: slot.inst.instId,
      side: long ? 'sell' : 'buy',
      type: 'market',
      tif: 'IOC',
      price: bk,
      size: abs(pos.size),
      filledSize: 0n,
      filledValue: 0n,
      fee: 0n,
      pnl: 0n,
      hold: 0n,
      lever: pos.lever,
      reduceOnly: true,
      source: 'liquidation',
      status: 'filled',
      cancelReason: null,
      makerFeeRate: '0',
      takerFeeRate: '0',
      requestId: null,
      createdAt: w.now,
      updatedAt: w.now,
    };
    for (const other of ranked) {
      const left = abs(pos.size);
      if (left === 0n) break;
      const q = left < abs(other.size) ? left : abs(other.size);
      const value = valueAt(spec, bk, q);
      other.closeType = 'adl';
      const { realized: otherPnl } = await settleLeg(
        w,
        e,
        { userId: other.userId, side: long ? 'buy' : 'sell', lever: other.lever, fee: 0n, liquidated: false },
        q,
        bk,
      );
      if (!other.closed) other.closeType = null;
      const { realized: liqPnl } = await settleLeg(
        w,
        e,
        { userId: pos.userId, side: liqRow.side, lever: pos.lever, fee: 0n, liquidated: true },
        q,
        bk,
      );
      liqRow.filledSize += q;
      liqRow.filledValue += value;
      liqRow.pnl += liqPnl;
      const adlId = newOrderId();
      w.orders.set(adlId, {
        ...liqRow,
        id: adlId,
        userId: other.userId,
        side: long ? 'buy' : 'sell',
        size: q,
        filledSize: q,
        filledValue: value,
        pnl: otherPnl,
        lever: other.lever,
        source: 'adl',
      });
      w.fresh.add(adlId);
      w.trades.push({
        instId: slot.inst.instId,
        price: bk,
        size: q,
        value,
        side: liqRow.side,
        makerOrderId: adlId,
        takerOrderId: liqId,
        makerUserId: other.userId,
        takerUserId: pos.userId,
        makerFee: 0n,
        takerFee: 0n,
        createdAt: w.now,
      });
    }
    liqRow.size = liqRow.filledSize;
    if (liqRow.filledSize > 0n) {
      w.orders.set(liqId, liqRow);
      w.fresh.add(liqId);
    }
    await guardResting(
      w,
      ranked.map((q) => q.userId),
    );
  }

  /** Closes a whole position at market because its take-profit or stop-loss price was reached. */
  async function trigger(slot: Slot, userId: number, kind: 'tp' | 'sl'): Promise<void> {
    const { value, work } = await inTransaction(slot, async (w) => {
      const pos = slot.positions.get(userId);
      if (!pos || pos.size === 0n) return false;
      const o: SwapSubmit = {
        instId: slot.inst.instId,
        side: pos.size > 0n ? 'sell' : 'buy',
        type: 'market',
        sz: abs(pos.size).toString(),
        reduceOnly: true,
      };
      try {
        await place(w, { userId, o, source: kind });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        log.warn({ userId, instId: slot.inst.instId, err: err.message }, 'swap trigger could not close');
        return false;
      }
      const after = slot.positions.get(userId);
      if (after && after === pos && !pos.closed) {
        // Whatever the book could not take stays open; the trigger is spent either way.
        if (kind === 'tp') pos.tp = null;
        else pos.sl = null;
        w.positions.add(pos);
      }
      await mirror(w);
      return true;
    });
    if (value) afterCommit(work);
  }

  function fundingTimes(intervalH: number, now: number): { last: number; next: number } {
    const step = intervalH * 3_600_000;
    const last = Math.floor(now / step) * step;
    return { last, next: last + step };
  }

  /** The funding rate the samples so far give (rate units), clamped. */
  async function currentRate(slot: Slot): Promise<bigint> {
    const cap = (await settings.get('futures.funding_cap')).units;
    const mean = slot.samples.n === 0n ? 0n : slot.samples.sum / slot.samples.n;
    return clamp(mean, -cap, cap);
  }

  /**
   * Settles one funding period of a contract, once: the settlement row's key (contract, time) is written in
   * the same transaction as every payment, so a crash or a second instance never pays a period twice.
   */
  async function settleFunding(slot: Slot, fundingTime: number): Promise<void> {
    const mark = slot.mark;
    if (mark === null) return;
    const rate = await currentRate(slot);
    const { value, work } = await inTransaction(slot, async (w) => {
      const claimed = await w.tx
        .insert(swapFundings)
        .values({ instId: slot.inst.instId, fundingTime, rate, markPrice: mark, settledAt: w.now })
        .onConflictDoNothing()
        .returning({ t: swapFundings.fundingTime });
      if (claimed.length === 0) return false;
      const { spec } = slot.inst;
      const open = [...slot.positions.values()].filter((p) => !p.closed && p.size !== 0n);
      let paid = 0n;
      let owed = 0n;
      const dues = open.map((p) => {
        const due = fundingOf(spec, p, mark, rate);
        if (due > 0n) {
          const pay = due < p.margin ? due : p.margin;
          paid += pay;
          return { p, amount: -pay };
        }
        owed += -due;
        return { p, amount: -due };
      });
      let got = 0n;
      const payments: (typeof swapFundingPayments.$inferInsert)[] = [];
      for (const d of dues) {
        let amount = d.amount;
        if (amount > 0n && owed > paid) amount = (amount * paid) / owed;
        if (amount > 0n) got += amount;
        if (amount === 0n) continue;
        d.p.margin += amount;
        d.p.funding += amount;
        d.p.updatedAt = w.now;
        w.positions.add(d.p);
        assert(d.p.id !== null);
        payments.push({
          userId: d.p.userId,
          instId: slot.inst.instId,
          positionId: d.p.id,
          fundingTime,
          side: d.p.size > 0n ? 'long' : 'short',
          size: abs(d.p.size),
          amount,
        });
      }
      if (payments.length > 0) await w.tx.insert(swapFundingPayments).values(payments);
      await guardResting(
        w,
        dues.filter((d) => d.amount < 0n).map((d) => d.p.userId),
      );
      const residue = paid - got;
      if (residue > 0n) {
        const e = new Entry('futures.funding', `${slot.inst.instId}:${fundingTime}`, null, null);
        w.entries.push(e);
        await move(w, e, await systemAccount(w.tx, FUTURES_SYSTEM.pool), 'available', -residue);
        await move(w, e, await systemAccount(w.tx, FUTURES_SYSTEM.funding), 'available', residue);
      }
      return true;
    });
    slot.samples = { sum: 0n, n: 0n };
    slot.lastFunding = fundingTime;
    if (value) afterCommit(work);
  }

  // ---------------------------------------------------------------- mark price loop

  /**
   * Mark price = index + the smoothed premium of the book's mid over the index, the premium capped at
   * `futures.mark_premium_cap` of the index: ema ← ema + α × (clamp(mid − index) − ema), one sample a second.
   * Without both sides of the book the premium sample is zero. The funding rate is the mean of the samples'
   * premium over the index since the last settlement, clamped to `futures.funding_cap`.
   */
  async function tick(): Promise<void> {
    const capRate = (await settings.get('futures.mark_premium_cap')).units;
    const alpha = (await settings.get('futures.mark_smoothing')).units;
    const intervalH = await settings.get('futures.funding_interval_h');
    const now = clock.now().getTime();
    for (const slot of slots.values()) {
      const text = indexOf(slot.inst.underlying);
      const idx = text === null ? null : parseAmount(Number(text).toFixed(USDT_SCALE), USDT_SCALE);
      if (idx === null || idx <= 0n) continue;
      const bid = slot.book.bestBid();
      const ask = slot.book.bestAsk();
      const cap = (idx * capRate) / RATE_ONE;
      const premium = bid !== undefined && ask !== undefined ? clamp((bid + ask) / 2n - idx, -cap, cap) : 0n;
      slot.ema = slot.mark === null ? premium : slot.ema + ((premium - slot.ema) * alpha) / RATE_ONE;
      slot.idx = idx;
      slot.mark = idx + slot.ema;
      slot.samples.sum += (premium * RATE_ONE) / idx;
      slot.samples.n += 1n;
      const { last, next } = fundingTimes(intervalH, now);
      bus.publish('mark.price', {
        instId: slot.inst.instId,
        markPx: px(slot, slot.mark) ?? '0',
        idxPx: px(slot, idx) ?? '0',
        fundingRate: formatAmount(await currentRate(slot), 8),
        nextFundingTime: next,
        ts: now,
      });
      if (slot.lastFunding < last) {
        const t = last;
        void writer
          .run(slot.inst.instId, () => settleFunding(slot, t))
          .catch((err) => log.error({ err }, 'funding failed'));
      }
      scan(slot);
    }
  }

  /** Queues the liquidation or trigger of every position the mark reached; pushes every open position. */
  function scan(slot: Slot): void {
    const mark = slot.mark;
    if (mark === null) return;
    const { spec } = slot.inst;
    for (const p of slot.positions.values()) {
      if (p.closed || p.size === 0n) continue;
      publishPosition(slot, p);
      if (slot.queued.has(p.userId)) continue;
      const long = p.size > 0n;
      let job: (() => Promise<void>) | null = null;
      if (isLiquidatable(spec, p, mark)) job = () => liquidate(slot, p.userId);
      else if (p.sl !== null && (long ? mark <= p.sl : mark >= p.sl))
        job = () => trigger(slot, p.userId, 'sl');
      else if (p.tp !== null && (long ? mark >= p.tp : mark <= p.tp))
        job = () => trigger(slot, p.userId, 'tp');
      if (!job) continue;
      const run = job;
      slot.queued.add(p.userId);
      void writer
        .run(slot.inst.instId, run)
        .catch((err) => log.error({ err, userId: p.userId }, 'swap liquidation or trigger failed'))
        .finally(() => slot.queued.delete(p.userId));
    }
  }

  /** Positions the mark would liquidate, found without touching the store (the bench measures this). */
  function liquidatable(instId: string, mark: bigint): number[] {
    const slot = slotOf(instId);
    const out: number[] = [];
    for (const p of slot.positions.values()) if (isLiquidatable(slot.inst.spec, p, mark)) out.push(p.userId);
    return out;
  }

  // ---------------------------------------------------------------- public operations

  function submit(userId: number, o: SwapSubmit, source: OrderSource = 'user'): Promise<SwapOrderView> {
    const slot = slotOf(o.instId);
    const request =
      o.request_id === undefined
        ? undefined
        : { userId, requestId: o.request_id, scope: 'futures.order', body: o };
    const job: Job = { kind: 'place', userId, o, source };
    return writer.submit(slot.inst.instId, job, { request }) as Promise<SwapOrderView>;
  }

  async function cancel(userId: number, q: { orderIds: readonly string[]; instId?: string | undefined }) {
    const targets = q.instId ? [slotOf(q.instId)] : [...slots.values()];
    if (q.orderIds.length > 0) {
      const rows = await store.db
        .select({ id: swapOrders.id, userId: swapOrders.userId, instId: swapOrders.instId })
        .from(swapOrders)
        .where(inArray(swapOrders.id, [...q.orderIds]));
      if (rows.length !== new Set(q.orderIds).size || rows.some((r) => r.userId !== userId)) {
        throw new DomainError('NotFound');
      }
    }
    const out: SwapOrderView[] = [];
    for (const slot of targets) {
      const ids = q.orderIds.length > 0 ? q.orderIds : null;
      const job: Job = { kind: 'cancel', userId, ids };
      const views = (await writer.submit(slot.inst.instId, job)) as SwapOrderView[];
      out.push(...views);
    }
    if (q.orderIds.length > 0) {
      const seen = new Set(out.map((v) => v.trade_id));
      const rest = q.orderIds.filter((id) => !seen.has(id));
      if (rest.length > 0) {
        const rows = await store.db.select().from(swapOrders).where(inArray(swapOrders.id, rest));
        out.push(...rows.map(orderView));
      }
    }
    return out;
  }

  async function orders(
    userId: number,
    f: { open?: boolean | undefined; instId?: string | undefined },
    page: { page: number; size: number },
  ) {
    const where = and(
      eq(swapOrders.userId, userId),
      f.instId ? eq(swapOrders.instId, f.instId) : undefined,
      f.open === undefined
        ? undefined
        : f.open
          ? inArray(swapOrders.status, ['new', 'partial_filled'])
          : inArray(swapOrders.status, ['filled', 'canceled']),
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(swapOrders).where(where).orderBy(desc(swapOrders.seq)), page),
      store.db.select({ n: count() }).from(swapOrders).where(where),
    ]);
    return pageAnswer(rows.map(orderView), total);
  }

  async function setLeverage(userId: number, instId: string, lever: number) {
    const slot = slotOf(instId);
    if (lever > slot.inst.maxLever) throw new ValidationError('lever', 'too_big');
    return writer.run(slot.inst.instId, async () => {
      const pos = slot.positions.get(userId);
      const hasOrders = [...slot.rows.values()].some((r) => r.userId === userId);
      if ((pos && pos.size !== 0n) || hasOrders) throw new DomainError('LeverageLocked');
      await store.db
        .insert(swapLevers)
        .values({ userId, instId, lever })
        .onConflictDoUpdate({ target: [swapLevers.userId, swapLevers.instId], set: { lever } });
      levers.set(`${userId}:${instId}`, lever);
      return { instId, lever };
    });
  }

  function positions(userId: number, instId?: string): PositionView[] {
    const out: PositionView[] = [];
    for (const slot of slots.values()) {
      if (instId && slot.inst.instId !== instId) continue;
      const p = slot.positions.get(userId);
      if (p && !p.closed && p.size !== 0n) out.push(positionView(slot, p));
    }
    return out;
  }

  async function closePosition(
    userId: number,
    q: { instId: string; sz?: string | undefined; request_id?: string | undefined },
  ) {
    const slot = slotOf(q.instId);
    const pos = slot.positions.get(userId);
    if (!pos || pos.size === 0n) throw new DomainError('NoPosition');
    const sz = q.sz ?? abs(pos.size).toString();
    return submit(userId, {
      instId: q.instId,
      side: pos.size > 0n ? 'sell' : 'buy',
      type: 'market',
      sz,
      reduceOnly: true,
      request_id: q.request_id,
    });
  }

  async function closeAll(userId: number): Promise<SwapOrderView[]> {
    const out: SwapOrderView[] = [];
    for (const slot of slots.values()) {
      if ([...slot.rows.values()].some((r) => r.userId === userId)) {
        await cancel(userId, { orderIds: [], instId: slot.inst.instId });
      }
      const pos = slot.positions.get(userId);
      if (pos && pos.size !== 0n) {
        try {
          out.push(await closePosition(userId, { instId: slot.inst.instId }));
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
      }
    }
    return out;
  }

  async function setTpSl(
    userId: number,
    q: { instId: string; tp?: string | null | undefined; sl?: string | null | undefined },
  ) {
    const slot = slotOf(q.instId);
    return writer.run(slot.inst.instId, async () => {
      const pos = slot.positions.get(userId);
      if (!pos || pos.size === 0n || pos.id === null) throw new DomainError('NoPosition');
      if (deps.copy?.()?.manages(userId, q.instId)) throw new DomainError('CopyManaged');
      const mark = slot.mark;
      const long = pos.size > 0n;
      const parse = (v: string | null | undefined, field: string, current: bigint | null) => {
        if (v === undefined) return current;
        if (v === null) return null;
        const p = parseAmount(v, USDT_SCALE);
        if (p === null || p <= 0n) throw new ValidationError(field, 'invalid_value');
        return toTick(slot, p, false) || slot.inst.spec.tick;
      };
      const tp = parse(q.tp, 'tp_trigger_px', pos.tp);
      const sl = parse(q.sl, 'sl_trigger_px', pos.sl);
      if (mark !== null && tp !== null && q.tp !== undefined && (long ? tp <= mark : tp >= mark)) {
        throw new DomainError('TriggerPriceInvalid', { field: 'tp_trigger_px' });
      }
      if (mark !== null && sl !== null && q.sl !== undefined && (long ? sl >= mark : sl <= mark)) {
        throw new DomainError('TriggerPriceInvalid', { field: 'sl_trigger_px' });
      }
      await store.db
        .update(swapPositions)
        .set({ tpPrice: tp, slPrice: sl, updatedAt: clock.now() })
        .where(eq(swapPositions.id, pos.id));
      pos.tp = tp;
      pos.sl = sl;
      publishPosition(slot, pos);
      return positionView(slot, pos);
    });
  }

  async function account(userId: number) {
    const [bal] = (await ledger.balances(userId)).filter((b) => b.asset === 'USDT' && b.kind === 'futures');
    let margin = 0n;
    let upl = 0n;
    const levs: { instId: string; lever: number }[] = [];
    for (const slot of slots.values()) {
      const p = slot.positions.get(userId);
      if (p && !p.closed) {
        margin += p.margin;
        if (slot.mark !== null) upl += uplOf(slot.inst.spec, p, slot.mark);
      }
      levs.push({
        instId: slot.inst.instId,
        lever: p && !p.closed && p.size !== 0n ? p.lever : await leverOf(userId, slot.inst.instId),
      });
    }
    const available = bal?.available ?? 0n;
    const frozen = bal?.frozen ?? 0n;
    return {
      ccy: 'USDT',
      available: usdt(available),
      frozen: usdt(frozen),
      margin: usdt(margin),
      upl: usdt(upl),
      equity: usdt(available + frozen + margin + upl),
      levers: levs,
    };
  }

  async function instruments(): Promise<SwapInstrumentView[]> {
    await refreshInstruments();
    const maker = await settings.get('futures.maker_fee_rate');
    const taker = await settings.get('futures.taker_fee_rate');
    const bandRate = await settings.get('futures.price_band');
    const intervalH = await settings.get('futures.funding_interval_h');
    const { next } = fundingTimes(intervalH, clock.now().getTime());
    const out: SwapInstrumentView[] = [];
    for (const slot of slots.values()) {
      const [last] = await store.db
        .select({ price: swapTrades.price })
        .from(swapTrades)
        .where(eq(swapTrades.instId, slot.inst.instId))
        .orderBy(desc(swapTrades.id))
        .limit(1);
      out.push({
        instId: slot.inst.instId,
        underlying: slot.inst.underlying,
        ct_val: slot.inst.ctText,
        ct_val_ccy: slot.inst.base,
        settle_ccy: 'USDT',
        tick_size: slot.inst.tickText,
        lot_size: '1',
        max_lever: slot.inst.maxLever,
        tiers: slot.inst.tiersText,
        maker_fee_rate: maker.text,
        taker_fee_rate: taker.text,
        price_band: slot.inst.bandText ?? bandRate.text,
        mark_px: px(slot, slot.mark),
        idx_px: px(slot, slot.idx),
        last: px(slot, last?.price ?? null),
        funding_rate: formatAmount(await currentRate(slot), 8),
        next_funding_time: next,
        funding_interval_h: intervalH,
        enabled: slot.inst.enabled,
      });
    }
    return out;
  }

  /** Realized net PnL (closes less fees) of a user per UTC day since a time, oldest first. */
  async function dailyPnl(userId: number, since: Date): Promise<{ day: string; pnl: bigint }[]> {
    const day = sql<string>`to_char(${swapOrders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await store.db
      .select({ day, pnl: sql<string>`sum(${swapOrders.pnl} - ${swapOrders.fee})::text` })
      .from(swapOrders)
      .where(
        and(
          eq(swapOrders.userId, userId),
          sql`${swapOrders.filledSize} > 0`,
          gte(swapOrders.updatedAt, since),
        ),
      )
      .groupBy(day)
      .orderBy(day);
    return rows.map((r) => ({ day: r.day, pnl: BigInt(r.pnl ?? '0') }));
  }

  /** How many positions a user has closed (lead-trader criteria). */
  async function closedCount(userId: number): Promise<number> {
    const [row] = await store.db
      .select({ n: count() })
      .from(swapPositions)
      .where(and(eq(swapPositions.userId, userId), eq(swapPositions.status, 'closed')));
    return row?.n ?? 0;
  }

  async function positionHistory(
    userId: number,
    instId: string | undefined,
    page: { page: number; size: number },
  ) {
    const where = and(
      eq(swapPositions.userId, userId),
      eq(swapPositions.status, 'closed'),
      instId ? eq(swapPositions.instId, instId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(swapPositions).where(where).orderBy(desc(swapPositions.id)), page),
      store.db.select({ n: count() }).from(swapPositions).where(where),
    ]);
    const paid = await deps.compensationOf(rows.map((r) => r.id));
    return pageAnswer(
      rows.map((r) => {
        const comp = paid.get(r.id) ?? 0n;
        const slot = slots.get(r.instId);
        const spec = slot?.inst.spec;
        const avg = (v: bigint, n: bigint) =>
          spec && slot && n > 0n ? (px(slot, (v * spec.baseUnit) / (n * spec.ctMinor)) ?? '0') : '0';
        return {
          id: r.id,
          instId: r.instId,
          pos_side: r.side,
          lever: r.lever,
          max_pos: r.maxSize.toString(),
          open_avg_px: avg(r.openValue, r.openSize),
          close_avg_px: avg(r.closeValue, r.closeSize),
          realized_pnl: usdt(r.realized),
          fee: usdt(r.fee),
          funding_fee: usdt(r.funding),
          compensation: usdt(comp),
          net_pnl: usdt(r.realized - r.fee + r.funding - r.forfeit + comp),
          close_type: r.closeType ?? 'close',
          opened_at: r.openedAt.toISOString(),
          closed_at: (r.closedAt ?? r.updatedAt).toISOString(),
        };
      }),
      total,
    );
  }

  async function fundingHistory(
    userId: number,
    instId: string | undefined,
    page: { page: number; size: number },
  ) {
    const where = and(
      eq(swapFundingPayments.userId, userId),
      instId ? eq(swapFundingPayments.instId, instId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      onPage(
        store.db
          .select({
            p: swapFundingPayments,
            rate: swapFundings.rate,
            mark: swapFundings.markPrice,
          })
          .from(swapFundingPayments)
          .innerJoin(
            swapFundings,
            and(
              eq(swapFundings.instId, swapFundingPayments.instId),
              eq(swapFundings.fundingTime, swapFundingPayments.fundingTime),
            ),
          )
          .where(where)
          .orderBy(desc(swapFundingPayments.id)),
        page,
      ),
      store.db.select({ n: count() }).from(swapFundingPayments).where(where),
    ]);
    return pageAnswer(
      rows.map(({ p, rate, mark }) => {
        const slot = slots.get(p.instId);
        return {
          instId: p.instId,
          funding_time: new Date(p.fundingTime).toISOString(),
          rate: formatAmount(rate, 8),
          mark_px: slot ? (px(slot, mark) ?? '0') : usdt(mark),
          pos_side: p.side,
          pos: p.size.toString(),
          amount: usdt(p.amount),
        };
      }),
      total,
    );
  }

  async function fundingRates(instId: string, page: { page: number; size: number }) {
    const slot = slotOf(instId);
    const where = eq(swapFundings.instId, instId);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(swapFundings).where(where).orderBy(desc(swapFundings.fundingTime)), page),
      store.db.select({ n: count() }).from(swapFundings).where(where),
    ]);
    return pageAnswer(
      rows.map((r) => ({
        instId,
        funding_time: new Date(r.fundingTime).toISOString(),
        rate: formatAmount(r.rate, 8),
        mark_px: px(slot, r.markPrice) ?? '0',
      })),
      total,
    );
  }

  /**
   * The zero-sum check of swaps: the margin pool must equal Σ over open positions of (margin − dir × entry).
   * Answers the difference per contract set (0 when healthy).
   */
  async function poolCheck(): Promise<{ pool: bigint; expected: bigint }> {
    const [row] = await store.db
      .select({
        m: sql<string>`coalesce(sum(${swapPositions.margin}), 0)::text`,
        e: sql<string>`coalesce(sum(case when ${swapPositions.size} > 0 then ${swapPositions.entry} else -${swapPositions.entry} end), 0)::text`,
      })
      .from(swapPositions)
      .where(eq(swapPositions.status, 'open'));
    const pool = await store.db.transaction((tx) => systemAccount(tx, FUTURES_SYSTEM.pool));
    const bal = (await ledger.accountBalances(store.db, [pool.id])).get(pool.id);
    return { pool: bal?.available ?? 0n, expected: BigInt(row?.m ?? '0') - BigInt(row?.e ?? '0') };
  }

  /** The demo's first start puts money into the insurance fund (from outside the platform, like any capital). */
  async function seedFund(): Promise<void> {
    if (!deps.config.seedDemo) return;
    const amount = parseAmount(await settings.get('futures.demo_insurance_fund'), USDT_SCALE);
    if (!amount || amount <= 0n) return;
    await store.db.transaction(async (tx) => {
      const fund = await systemAccount(tx, FUTURES_SYSTEM.fund);
      const bal = (await ledger.accountBalances(tx, [fund.id])).get(fund.id);
      if (bal && bal.available > 0n) return;
      const capital = await systemAccount(tx, FUTURES_SYSTEM.capital);
      const capBal = (await ledger.accountBalances(tx, [capital.id])).get(capital.id);
      if (capBal && capBal.available !== 0n) return; // funded once already; what is gone was paid out
      await ledger.post(tx, {
        cause: 'futures.fund',
        ref: 'demo',
        remark: 'futures insurance fund (demo)',
        userId: null,
        postings: [
          { account: capital, bucket: 'available', amount: -amount },
          { account: fund, bucket: 'available', amount },
        ],
      });
    });
  }

  async function start(): Promise<void> {
    const intervalH = await settings.get('futures.funding_interval_h');
    const last = fundingTimes(intervalH, clock.now().getTime()).last;
    for (const c of await instrumentSettings()) {
      const inst = makeInst(c);
      const [settled] = await store.db
        .select({ t: swapFundings.fundingTime })
        .from(swapFundings)
        .where(eq(swapFundings.instId, inst.instId))
        .orderBy(desc(swapFundings.fundingTime))
        .limit(1);
      const slot: Slot = {
        inst,
        book: createBook({ instId: inst.instId, tickSize: inst.spec.tick, lotSize: 1n }),
        rows: new Map(),
        positions: new Map(),
        mark: null,
        idx: null,
        ema: 0n,
        samples: { sum: 0n, n: 0n },
        queued: new Set(),
        // A period that ended before this start without a settlement is settled at the next mark (with the
        // samples this process has, none: rate 0); one settled already is never paid again.
        lastFunding: settled?.t ?? last,
        dirty: false,
      };
      slots.set(inst.instId, slot);
      await rebuild(slot);
    }
    await seedFund();
    timer = setInterval(() => {
      if (!closing) void tick().catch((err) => log.error({ err }, 'swap mark tick failed'));
    }, 1000);
    timer.unref();
  }

  async function close(): Promise<void> {
    closing = true;
    if (timer) clearInterval(timer);
    await writer.close();
  }

  /** The books as the demo's market maker quotes them. */
  const makerVenue = {
    async instruments() {
      return [...slots.values()]
        .filter((s) => s.inst.enabled)
        .map((s) => ({
          instId: s.inst.instId,
          tick_size: s.inst.tickText,
          lot_size: '1',
          underlying: s.inst.underlying,
          ct_val: s.inst.ctText,
        }));
    },
    cancel: (userId: number, q: { instId: string }) => cancel(userId, { orderIds: [], instId: q.instId }),
    submit: (
      userId: number,
      o: { instId: string; side: 'buy' | 'sell'; type: 'limit'; px: string; sz: string; tif: 'post_only' },
    ) => submit(userId, o),
    /**
     * Each contract's book as operators watch it: enabled, best prices, levels and resting orders per side,
     * and one user's (the demo's market maker's) resting orders. Read in each contract's queue.
     */
    async books(userId: number | null) {
      const out = [];
      for (const slot of slots.values()) {
        const view = await writer.run(slot.inst.instId, async () => {
          const { book, inst } = slot;
          const d = book.depth();
          const bid = book.bestBid();
          const ask = book.bestAsk();
          const sum = (levels: readonly (readonly [bigint, bigint, number])[]) =>
            levels.reduce((n, l) => n + l[2], 0);
          return {
            instId: inst.instId,
            underlying: inst.underlying,
            enabled: inst.enabled,
            bestBid: bid === undefined ? null : usdt(bid),
            bestAsk: ask === undefined ? null : usdt(ask),
            bidLevels: d.bids.length,
            askLevels: d.asks.length,
            bidOrders: sum(d.bids),
            askOrders: sum(d.asks),
            userOrders:
              userId === null ? 0 : [...slot.rows.values()].filter((r) => r.userId === userId).length,
          };
        });
        out.push(view);
      }
      return out;
    },
  };

  /** Swap trades since a moment: how many, their value and both sides' fees (USDT minor), for the dashboard. */
  async function tradedSince(since: Date): Promise<{ count: number; volume: bigint; fees: bigint }> {
    const [r] = await store.db
      .select({
        n: count(),
        volume: sql<string | null>`sum(${swapTrades.value})::text`,
        fees: sql<string | null>`sum(${swapTrades.makerFee} + ${swapTrades.takerFee})::text`,
      })
      .from(swapTrades)
      .where(gte(swapTrades.createdAt, since));
    return { count: r?.n ?? 0, volume: BigInt(r?.volume ?? '0'), fees: BigInt(r?.fees ?? '0') };
  }

  return {
    start,
    close,
    tick,
    submit,
    cancel,
    orders,
    setLeverage,
    positions,
    closePosition,
    closeAll,
    setTpSl,
    account,
    instruments,
    positionHistory,
    dailyPnl,
    closedCount,
    fundingHistory,
    fundingRates,
    poolCheck,
    liquidatable,
    makerVenue,
    tradedSince,
    instIds: () => [...slots.keys()],
    /** The index of an underlying (a pinned price over the reference market's); null when there is none. */
    indexPrice: (underlying: string) => indexOf(underlying),
    /** Pins (or with null unpins) the index of an underlying: risk drills and tests move the mark with it. */
    pinIndex(underlying: string, price: string | null) {
      if (price === null) pinned.delete(underlying);
      else pinned.set(underlying, price);
    },
    /** Test hook: settles a period now with the samples so far. */
    settleFunding: (instId: string, fundingTime: number) => {
      const slot = slotOf(instId);
      return writer.run(instId, () => settleFunding(slot, fundingTime));
    },
    idle: () => writer.idle(),
  };
}

export type Futures = ReturnType<typeof createFutures>;
