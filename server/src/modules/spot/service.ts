import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { type Cause, parseAmount, type ResponseData } from '@nexa/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import {
  createBook,
  type LevelDelta,
  type OpenOrder,
  type OrderBook,
  type OrderInput,
  type RejectReason,
  type Side,
  type TimeInForce,
} from '../../engine';
import type { BookLevel, BusEvents } from '../../kernel/bus';
import { DomainError, ValidationError } from '../../kernel/errors';
import { BatchRefused, createGroupWriter, type JobOutcome } from '../../kernel/group-writer';
import { amountSetting } from '../../kernel/settings';
import {
  type AssetScale,
  avgPrice,
  bandPrice,
  feeOf,
  fmt,
  holdOf,
  type Instrument,
  makeInstrument,
  maxOf,
  minOf,
  parseRate,
  quoteOf,
  RATE_ONE,
} from '../../kernel/units';
import { type LedgerAccount, type PostInput, type Posting, SYSTEM } from '../../ledger';
import { queryRows, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { checkSpotBand, indexUnits, spotBandRate } from './band';
import type { MarketContext } from './context';
import { orderRemark, partialOf } from './partial';
import { SPOT_SETTINGS } from './settings';
import { marketOrders, marketTrades, OPEN_ORDER_STATUSES } from './tables';

export type OrderRow = typeof marketOrders.$inferSelect;
export type OrderView = ResponseData<'/v1/order/submitTrade'>;
export type InstrumentView = ResponseData<'/v1/market/instruments'>['list'][number];
export type DepthView = ResponseData<'/v1/market/depth'>;

export interface SubmitInput {
  readonly instId: string;
  readonly side: Side;
  readonly type: 'limit' | 'market';
  readonly px?: string | undefined;
  readonly sz: string;
  readonly tgtCcy?: 'base_ccy' | 'quote_ccy' | undefined;
  readonly tdMode?: 'cash' | 'isolated' | undefined;
  readonly tif?: TimeInForce | undefined;
  readonly request_id?: string | undefined;
}

/** How an order placed for another service (the wallet's exchange) differs from a trader's order. */
export interface OrderExtras<R> {
  /** Idempotency scope and the request body the request id is bound to. */
  readonly scope: string;
  readonly body: unknown;
  /** Fee rate of the order as taker (never below the market's taker rate). */
  readonly takerRate: string;
  /** Cause and remark of the order's journal entry. */
  readonly cause: Cause;
  readonly remark: string;
  /**
   * Runs inside the order's database transaction once the order and its fills are written, with the order
   * row and its journal entry; its answer is the call's answer. Throwing undoes the order entirely.
   */
  readonly within: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<R>;
}

/** What a market order of a given amount would get on the book now. */
export interface ConvertEstimate {
  /** Spent, in the asset given: whole lots of the base for a sell; quote plus fee for a buy. */
  readonly spend: bigint;
  /** Received: quote minus fee for a sell; base for a buy. */
  readonly receive: bigint;
  /** Fee in the quote asset. */
  readonly fee: bigint;
  /** The order's size as sent: base for a sell, quote (fee excluded) for a buy. */
  readonly sz: string;
}

export interface CancelInput {
  readonly orderIds?: readonly string[] | undefined;
  readonly instId?: string | undefined;
}

export interface OrderFilter {
  /** true: new and partial_filled; false: filled and canceled; undefined: all. */
  readonly open?: boolean | undefined;
  readonly instId?: string | undefined;
}

/** One instrument: its book and what it publishes (its writer is the group writer's key `instId`). */
interface Slot {
  readonly inst: Instrument;
  book: OrderBook;
  /** Added to the engine's seq so the published sequence keeps rising across rebuilds. */
  seqBase: number;
  /** The book may differ from the store (a rebuild failed): rebuild before the next operation. */
  dirty: boolean;
  /**
   * The instrument's open orders as stored, by id: what the book holds, with the rest of each row (a
   * maker's fee rate and hold). Changed only after a commit, reloaded with the book.
   */
  rows: Map<string, OrderRow>;
}

/** One order (or cancel) for its instrument's writer. */
interface PlaceJob {
  readonly userId: number;
  readonly o: SubmitInput;
  /** A cancel instead of an order: the user's open orders to cancel (all of the instrument's when null). */
  readonly cancel?: { readonly ids: readonly string[] | null; readonly reason: string };
  readonly x: OrderExtras<unknown> | null;
  readonly answer: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<unknown>;
}

interface BatchDone {
  readonly outcomes: JobOutcome<unknown>[];
  readonly events: Published[];
  /** Orders the batch wrote or changed, as committed. */
  readonly rows: readonly OrderRow[];
  /** Accounts created in the batch, known for good once it committed. */
  readonly accounts: { readonly key: string; readonly account: LedgerAccount }[];
}

/** One batch of an instrument: whether it moved the book, and what it did once it ran. */
interface BatchState {
  readonly slot: Slot;
  touched: boolean;
  done: BatchDone | null;
}

/** An order placed after validation: what goes to the engine and what is held for it. */
interface Plan {
  readonly input: Omit<OrderInput, 'id'>;
  readonly freezeAsset: AssetScale;
  readonly freeze: bigint;
  /** Stored on the order row. */
  readonly price: bigint | null;
  readonly size: bigint | null;
  readonly quoteSize: bigint | null;
  readonly tif: TimeInForce;
  readonly makerRate: string;
  readonly takerRate: string;
}

interface Published {
  deltas: LevelDelta[];
  seq: number;
  trades: (typeof marketTrades.$inferSelect)[];
  orders: OrderRow[];
}

const OPEN = [...OPEN_ORDER_STATUSES];
const CLOSED: OrderRow['status'][] = ['filled', 'canceled'];
const isOpen = (s: OrderRow['status']) => s === 'new' || s === 'partial_filled';
const newOrderId = () => `ord_${randomBytes(12).toString('hex')}`;

/** Adds postings, dropping zero amounts (a fee rounded down to nothing). */
class Postings {
  readonly list: Posting[] = [];
  add(account: LedgerAccount, bucket: Posting['bucket'], amount: bigint): void {
    if (amount !== 0n) this.list.push({ account, bucket, amount });
  }
  freeze(account: LedgerAccount, amount: bigint): void {
    this.add(account, 'available', -amount);
    this.add(account, 'frozen', amount);
  }
  release(account: LedgerAccount, amount: bigint): void {
    this.add(account, 'frozen', -amount);
    this.add(account, 'available', amount);
  }
  /** Net change of one bucket of one account. */
  net(accountId: number, bucket: Posting['bucket']): bigint {
    let sum = 0n;
    for (const p of this.list) if (p.account.id === accountId && p.bucket === bucket) sum += p.amount;
    return sum;
  }
}

/**
 * The spot market: one in-memory book per instrument, one writer per instrument (kernel/group-writer.ts).
 * Orders that queue while the writer commits are placed together in one database transaction (group commit);
 * each order keeps its own journal entry, and its caller is answered only once that transaction committed.
 * Cancels join the batches; reads run one at a time in the same queue.
 *
 * Failure handling: the engine runs inside the transaction (after the idempotency key is claimed, so a
 * retried request never touches the book twice). An order refused before it reached the book fails alone.
 * If anything fails after the engine ran (an order, the ledger, the commit), the transaction is rolled
 * back and the instrument's book rebuilt from the store's open orders — still inside the instrument's
 * queue, so no other operation ever sees the unwanted state — and a `book.snapshot` with a higher sequence
 * is published; the batch's orders then run again one by one. The book is a cache of the store's open
 * orders, never the other way round.
 *
 * Money: an order's hold is frozen, its fills settled and its unused hold released in one journal
 * transaction; a batch posts all of its orders' entries with one `ledger.postMany`, so its account locks
 * are taken in one ascending round and two instruments' writers never deadlock. Fees are paid in the quote asset: a buyer pays price ×
 * size + fee out of its hold, a seller receives price × size − fee; both fees go to `system:fees`. Each
 * order pays the fee rates in force when it was placed (stored on it), so a rate change never leaves a
 * resting order's hold short. An open order's hold is kept exactly at `holdOf` its open size; surplus (a
 * taker filling at better prices, fee rounding) is released at once.
 */
export function createSpot(ctx: MarketContext) {
  const { deps, ledger, bus, scaleOf } = ctx;
  const { store, clock, log } = deps;
  const settings = deps.settings.of(SPOT_SETTINGS);
  const slots = new Map<string, Slot>();
  /** Spot accounts by `user:asset`, once a committed transaction has them (an account never changes). */
  const knownAccounts = new Map<string, LedgerAccount>();
  /** One writer per instrument: orders and cancels are group-committed (kernel/group-writer.ts). */
  const writer = createGroupWriter<PlaceJob, unknown, BatchState>({
    store,
    requests: ledger,
    plan: {
      async begin(instId) {
        const slot = slotOf(instId);
        // A book left dirty by a failed batch is rebuilt first; if the store cannot be read, the batch is refused.
        if (slot.dirty) await rebuild(slot);
        return { slot, touched: false, done: null };
      },
      async run(tx, jobs, state) {
        state.done = await placeBatch(tx, state.slot, jobs, state);
        return state.done.outcomes;
      },
      committed: (state) => {
        if (state.done) settled(state.slot, state.done);
      },
      async rolledBack(state) {
        if (!state.touched) return;
        try {
          await rebuild(state.slot);
        } catch (again) {
          log.error(
            { err: again, instId: state.slot.inst.instId },
            'order book rebuild failed; retried next time',
          );
        }
      },
    },
  });

  const newBook = (inst: Instrument) =>
    // The engine's own minimum is off: the service checks the live minimum (a setting) before placing.
    createBook({ instId: inst.instId, tickSize: inst.tick, lotSize: inst.lot, minNotional: 0n });

  function slotOf(instId: string, field = 'instId'): Slot {
    const slot = slots.get(instId);
    if (!slot) throw new ValidationError(field, 'invalid_value');
    return slot;
  }

  function instrumentOf(instId: string): Instrument {
    const slot = slots.get(instId);
    if (slot) return slot.inst;
    // An order of an instrument no longer configured: enough to show it.
    const [b = '', q = ''] = instId.split('-');
    const base = scaleOf(b);
    const quote = scaleOf(q);
    return {
      instId,
      base,
      quote,
      tick: 1n,
      lot: 1n,
      baseUnit: 10n ** BigInt(base.scale),
      tickText: '',
      lotText: '',
    };
  }

  async function liveConfig(instId: string) {
    const all = await settings.get('market.instruments');
    return all.find((c) => c.inst_id === instId);
  }

  // ——— views ———

  function orderView(row: OrderRow): OrderView {
    const inst = instrumentOf(row.instId);
    const byQuote = row.quoteSize !== null;
    const avg = avgPrice(inst, row.filledQuote, row.filledSize);
    return {
      trade_id: row.id,
      instId: row.instId,
      inst_type: 'SPOT',
      side: row.side,
      type: row.type,
      tif: row.tif,
      tgt_ccy: byQuote ? 'quote_ccy' : 'base_ccy',
      px: row.type === 'limit' && row.price !== null ? fmt(inst.quote, row.price) : null,
      sz: byQuote ? fmt(inst.quote, row.quoteSize ?? 0n) : fmt(inst.base, row.size ?? 0n),
      filled_sz: fmt(inst.base, row.filledSize),
      filled_quote: fmt(inst.quote, row.filledQuote),
      avg_px: avg === null ? null : fmt(inst.quote, avg),
      fee: fmt(inst.quote, row.fee),
      fee_ccy: inst.quote.symbol,
      frozen: fmt(scaleOf(row.frozenAsset), row.frozenAmount),
      frozen_ccy: row.frozenAsset,
      status: row.status,
      cancel_reason: row.cancelReason,
      reduce_only: false,
      lever: null,
      pnl: null,
      source: 'user',
      upl: null,
      upl_ratio: null,
      mark_px: null,
      request_id: row.requestId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      ...partialOf(row, inst),
    };
  }

  const levels = (inst: Instrument, deltas: readonly LevelDelta[], side: Side): BookLevel[] =>
    deltas
      .filter((d) => d.side === side)
      .map((d) => [fmt(inst.quote, d.price), fmt(inst.base, d.size), d.count] as const);

  function depthOf(slot: Slot, n: number): DepthView {
    const { inst, book } = slot;
    const d = book.depth(n);
    const lv = ([p, s, c]: readonly [bigint, bigint, number]) =>
      [fmt(inst.quote, p), fmt(inst.base, s), c] as [string, string, number];
    return {
      instId: inst.instId,
      seq: slot.seqBase + book.seq,
      asks: d.asks.map(lv),
      bids: d.bids.map(lv),
      ts: clock.now().getTime(),
    };
  }

  /** Subscribers are told after the commit; one that throws must not turn a committed order into an error. */
  function emit<E extends keyof BusEvents>(event: E, payload: BusEvents[E]): void {
    try {
      bus.publish(event, payload);
    } catch (err) {
      log.error({ err, event }, 'bus subscriber failed');
    }
  }

  function publish(slot: Slot, ev: Published): void {
    const { inst } = slot;
    const ts = clock.now().getTime();
    if (ev.deltas.length > 0) {
      emit('book.update', {
        instId: inst.instId,
        seq: slot.seqBase + ev.seq,
        asks: levels(inst, ev.deltas, 'sell'),
        bids: levels(inst, ev.deltas, 'buy'),
        ts,
      });
    }
    for (const t of ev.trades) {
      emit('trade', {
        instId: inst.instId,
        tradeId: String(t.id),
        price: fmt(inst.quote, t.price),
        size: fmt(inst.base, t.size),
        side: t.side,
        ts: t.createdAt.getTime(),
      });
    }
    for (const o of ev.orders) emit('order.update', { userId: o.userId, order: orderView(o), ts });
  }

  function publishSnapshot(slot: Slot): void {
    const d = depthOf(slot, Number.POSITIVE_INFINITY);
    emit('book.snapshot', { instId: d.instId, seq: d.seq, asks: d.asks, bids: d.bids, ts: d.ts });
  }

  // ——— the book and the store ———

  const toOpenOrder = (row: OrderRow): OpenOrder => {
    assert(row.price !== null && row.size !== null, `open order ${row.id} without price or size`);
    return {
      id: row.id,
      userId: row.userId,
      side: row.side,
      price: row.price,
      size: row.size,
      remaining: row.size - row.filledSize,
    };
  };

  function holdOfRow(inst: Instrument, row: OrderRow): bigint {
    if (!isOpen(row.status)) return 0n;
    assert(row.price !== null && row.size !== null, `open order ${row.id} without price or size`);
    return holdOf(inst, {
      side: row.side,
      price: row.price,
      remaining: row.size - row.filledSize,
      makerRate: parseRate(row.makerFeeRate),
      takerRate: parseRate(row.takerFeeRate),
    });
  }

  async function openRows(db: typeof store.db | Tx, instId?: string): Promise<OrderRow[]> {
    const where = instId
      ? and(eq(marketOrders.instId, instId), inArray(marketOrders.status, OPEN))
      : inArray(marketOrders.status, OPEN);
    return db.select().from(marketOrders).where(where).orderBy(asc(marketOrders.seq));
  }

  /** Replaces the instrument's book with one built from the store (inside the instrument's queue). */
  async function rebuild(slot: Slot): Promise<void> {
    slot.dirty = true;
    const rows = await openRows(store.db, slot.inst.instId);
    const book = newBook(slot.inst);
    book.restore(rows.map(toOpenOrder));
    slot.rows = new Map(rows.map((r) => [r.id, r]));
    // Past every sequence published or used so far: a consumer sees the jump and takes the snapshot.
    slot.seqBase += slot.book.seq + 1;
    slot.book = book;
    slot.dirty = false;
    log.warn({ instId: slot.inst.instId, orders: rows.length }, 'order book rebuilt from the store');
    publishSnapshot(slot);
  }

  async function spotAccount(tx: Tx, cache: Map<string, LedgerAccount>, userId: number, asset: string) {
    const key = `${userId}:${asset}`;
    let acc = cache.get(key);
    if (!acc) {
      acc = await ledger.account(tx, { userId, asset, kind: 'spot' });
      cache.set(key, acc);
    }
    return acc;
  }

  // ——— placing ———

  function parseIn(a: AssetScale, text: string, field: string, step: bigint): bigint {
    const v = parseAmount(text, a.scale);
    if (v === null) throw new ValidationError(field, 'invalid_format');
    if (v <= 0n) throw new ValidationError(field, 'too_small');
    if (v % step !== 0n) throw new ValidationError(field, 'invalid_value');
    return v;
  }

  function rejected(reason: string): DomainError {
    return new DomainError('OrderRejected', { reason }, { reason });
  }

  /** Checks the order against the instrument and the live settings; works out the engine input and the hold. */
  async function plan(slot: Slot, userId: number, o: SubmitInput, takerOverride?: string): Promise<Plan> {
    const { inst, book } = slot;
    const cfg = await liveConfig(inst.instId);
    if (!cfg?.enabled) throw rejected('instrument_disabled');
    const minNotional = amountSetting('market.instruments', cfg.min_notional, inst.quote.scale);
    const belowMin = () =>
      new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
    const makerRate = (await settings.get('market.maker_fee_rate')).text;
    const marketTaker = await settings.get('market.taker_fee_rate');
    const takerRate =
      takerOverride !== undefined && parseRate(takerOverride) > marketTaker.units
        ? takerOverride
        : marketTaker.text;
    const maker = parseRate(makerRate);
    const taker = parseRate(takerRate);
    const tif = o.tif ?? 'GTC';
    const base = { userId, side: o.side, makerRate, takerRate } as const;

    if (o.type === 'limit') {
      if (o.px === undefined) throw new ValidationError('px', 'required');
      if (o.tgtCcy === 'quote_ccy') throw new ValidationError('tgtCcy', 'invalid_value');
      const price = parseIn(inst.quote, o.px, 'px', inst.tick);
      const rate = spotBandRate(cfg.limit_band, (await settings.get('market.limit_band')).units);
      checkSpotBand(o.side, price, indexUnits(inst, ctx.deps.indexPrice?.(inst.instId) ?? null), rate);
      const size = parseIn(inst.base, o.sz, 'sz', inst.lot);
      const q = quoteOf(inst, price, size);
      if (q < minNotional) throw belowMin();
      const buy = o.side === 'buy';
      return {
        ...base,
        input: { userId, side: o.side, type: 'limit', price, size, timeInForce: tif },
        freezeAsset: buy ? inst.quote : inst.base,
        freeze: holdOf(inst, { side: o.side, price, remaining: size, makerRate: maker, takerRate: taker }),
        price,
        size,
        quoteSize: null,
        tif,
      };
    }

    // Market orders never rest.
    if (tif === 'post_only') throw new ValidationError('tif', 'invalid_value');
    const tgt = o.tgtCcy ?? (o.side === 'buy' ? 'quote_ccy' : 'base_ccy');
    if (tgt === 'quote_ccy') {
      if (o.side === 'sell') throw new ValidationError('tgtCcy', 'invalid_value');
      if (tif === 'FOK') throw new ValidationError('tif', 'invalid_value');
      const quote = parseIn(inst.quote, o.sz, 'sz', 1n);
      if (quote < minNotional) throw belowMin();
      if (book.bestAsk() === undefined) throw rejected('no_liquidity');
      return {
        ...base,
        input: { userId, side: 'buy', type: 'market', quoteSize: quote * inst.baseUnit, timeInForce: 'IOC' },
        freezeAsset: inst.quote,
        freeze: quote + feeOf(quote, taker),
        price: null,
        size: null,
        quoteSize: quote,
        tif: 'IOC',
      };
    }
    // By size: a limit IOC (or FOK) at the price band from the best opposite price protects the taker.
    const size = parseIn(inst.base, o.sz, 'sz', inst.lot);
    const ref = o.side === 'buy' ? book.bestAsk() : book.bestBid();
    if (ref === undefined) throw rejected('no_liquidity');
    if (quoteOf(inst, ref, size) < minNotional) throw belowMin();
    const band = (await settings.get('market.price_band')).units;
    const bound = bandPrice(inst, ref, band, o.side);
    const mtif = tif === 'FOK' ? 'FOK' : 'IOC';
    const q = quoteOf(inst, bound, size);
    return {
      ...base,
      input: { userId, side: o.side, type: 'limit', price: bound, size, timeInForce: mtif },
      freezeAsset: o.side === 'buy' ? inst.quote : inst.base,
      freeze: o.side === 'buy' ? q + feeOf(q, taker) : size,
      price: bound,
      size,
      quoteSize: null,
      tif: mtif,
    };
  }

  function rejectError(reason: RejectReason): Error {
    if (reason === 'post_only_would_take' || reason === 'fok_unfillable') return rejected(reason);
    // Everything else was checked before placing: reaching the engine with it is a bug.
    return new Error(`engine refused a checked order: ${reason}`);
  }

  function submit(userId: number, o: SubmitInput): Promise<OrderView> {
    return enqueue(userId, o, null, async (_tx, row) => orderView(row));
  }

  /** A market order for another service (the wallet's exchange): its fee, cause and a step in its transaction. */
  function submitFor<R>(userId: number, o: SubmitInput, x: OrderExtras<R>): Promise<R> {
    return enqueue(userId, o, x, x.within);
  }

  /**
   * Hands an order to its instrument's writer: orders that queue while the writer commits are placed
   * together (one transaction, one ledger call, multi-row writes). An order for another service (it writes
   * in the same transaction after the ledger) goes alone, so a batch takes its account locks in one round.
   */
  function enqueue<R>(
    userId: number,
    o: SubmitInput,
    x: OrderExtras<R> | null,
    answer: (tx: Tx, row: OrderRow, ledgerTxId: number) => Promise<R>,
  ): Promise<R> {
    const slot = slotOf(o.instId);
    const request =
      o.request_id === undefined
        ? undefined
        : { userId, requestId: o.request_id, scope: x?.scope ?? 'spot.submit', body: x?.body ?? o };
    const job: PlaceJob = { userId, o, x: x as OrderExtras<unknown> | null, answer };
    return writer.submit(slot.inst.instId, job, { request, alone: x !== null }) as Promise<R>;
  }

  /** After a batch committed: the caches take its rows and accounts, and its events go out in order. */
  function settled(slot: Slot, done: BatchDone): void {
    for (const a of done.accounts) knownAccounts.set(a.key, a.account);
    for (const row of done.rows) {
      if (isOpen(row.status)) slot.rows.set(row.id, row);
      else slot.rows.delete(row.id);
    }
    // Told inside the queue, in order, so subscribers see each instrument's events in sequence order.
    for (const ev of done.events) publish(slot, ev);
  }

  /**
   * One batch in its transaction (request ids already claimed). A job refused before it reached the book
   * (bad input, short balance, a post-only that would take) fails alone. Anything failing after the book
   * moved, or a refusal by the ledger, throws: the writer rolls the batch back, the book is rebuilt from
   * the store and each job runs again on its own, so one bad order never fails the others.
   */
  async function placeBatch(tx: Tx, slot: Slot, jobs: readonly PlaceJob[], state: { touched: boolean }) {
    const { inst } = slot;
    const now = clock.now();
    const outcomes: JobOutcome<unknown>[] = [];
    const newAccounts: { key: string; account: LedgerAccount }[] = [];
    const accounts = new Map<string, LedgerAccount>();
    const acc = async (u: number, a: AssetScale): Promise<LedgerAccount> => {
      const key = `${u}:${a.symbol}`;
      const known = accounts.get(key) ?? knownAccounts.get(key);
      if (known) return known;
      const made = await ledger.account(tx, { userId: u, asset: a.symbol, kind: 'spot' });
      accounts.set(key, made);
      newAccounts.push({ key, account: made });
      return made;
    };
    // Balances as this batch has left them: the stored one (read once) plus what earlier orders moved.
    const stored = new Map<number, bigint>();
    const moved = new Map<number, bigint>();
    const availableOf = async (a: LedgerAccount): Promise<bigint> => {
      let b = stored.get(a.id);
      if (b === undefined) {
        b = (await ledger.accountBalances(tx, [a.id])).get(a.id)?.available ?? 0n;
        stored.set(a.id, b);
      }
      return b + (moved.get(a.id) ?? 0n);
    };
    const feesKey = `${SYSTEM.fees}:${inst.quote.symbol}`;
    const fees =
      knownAccounts.get(feesKey) ?? (await ledger.systemAccount(tx, SYSTEM.fees, inst.quote.symbol));
    if (!knownAccounts.has(feesKey)) newAccounts.push({ key: feesKey, account: fees });
    // The holds' accounts already known, read in one go (an order's own account is read before it places).
    const holdIds = jobs.flatMap((j) => {
      const a = knownAccounts.get(`${j.userId}:${j.o.side === 'buy' ? inst.quote.symbol : inst.base.symbol}`);
      return a ? [a.id] : [];
    });
    for (const [id, b] of await ledger.accountBalances(tx, [...new Set(holdIds)]))
      stored.set(id, b.available);
    /** What later jobs of the batch see of these accounts once a job's postings are collected. */
    const noteMoved = (postings: readonly Posting[]) => {
      for (const p of postings) {
        if (p.bucket === 'available') moved.set(p.account.id, (moved.get(p.account.id) ?? 0n) + p.amount);
      }
    };
    // Orders this batch wrote or changed, by id: a later order may fill one placed earlier in the batch.
    const touchedRows = new Map<string, OrderRow>();
    const newRows: OrderRow[] = [];
    const placed: {
      job: number;
      /** Null: nothing to post (a cancel of orders holding nothing). */
      input: PostInput | null;
      row: OrderRow;
      /** A cancel's answer: the orders it canceled. */
      canceled?: OrderRow[];
      trades: (typeof marketTrades.$inferInsert)[];
      makers: OrderRow[];
      deltas: LevelDelta[];
      seq: number;
    }[] = [];

    for (const [index, job] of jobs.entries()) {
      const { userId, o, x } = job;
      let mutated = false;
      if (job.cancel) {
        const { ids, reason } = job.cancel;
        const wanted = ids ? new Set(ids) : null;
        // The user's open orders as the batch has left them (placed earlier in it, or stored), oldest first.
        const rows = [...new Map([...slot.rows, ...touchedRows]).values()]
          .filter((r) => r.userId === userId && isOpen(r.status) && (!wanted || wanted.has(r.id)))
          .sort((a, b) => (a.seq || Number.MAX_SAFE_INTEGER) - (b.seq || Number.MAX_SAFE_INTEGER));
        if (rows.length === 0) {
          outcomes[index] = { ok: true, value: [] };
          continue;
        }
        state.touched = true;
        const r = slot.book.cancelMany(rows.map((x) => x.id));
        assert.deepEqual(r.missing, [], `open orders missing from the ${inst.instId} book`);
        const post = new Postings();
        const canceled: OrderRow[] = [];
        for (const stored of rows) {
          const row = touchedRows.get(stored.id) ?? { ...stored };
          assert.equal(row.frozenAmount, holdOfRow(inst, row), `order ${row.id} hold drifted`);
          post.release(await acc(userId, scaleOf(row.frozenAsset)), row.frozenAmount);
          row.status = 'canceled';
          row.cancelReason = reason;
          row.frozenAmount = 0n;
          row.updatedAt = now;
          touchedRows.set(row.id, row);
          canceled.push({ ...row });
        }
        noteMoved(post.list);
        placed.push({
          job: index,
          input:
            post.list.length === 0
              ? null
              : {
                  cause: 'spot.cancel',
                  ref: rows.length === 1 ? (rows[0]?.id ?? '') : inst.instId,
                  remark: `${inst.instId} cancel ${rows.length}`,
                  userId,
                  postings: post.list,
                },
          row: canceled[0] as OrderRow,
          canceled,
          trades: [],
          makers: [],
          deltas: r.deltas,
          seq: r.seq,
        });
        continue;
      }
      try {
        // Planned inside the transaction: a retried request id gets its first answer, whatever the book is now.
        const p = await plan(slot, userId, o, x?.takerRate);
        const holdAcc = await acc(userId, p.freezeAsset);
        if ((await availableOf(holdAcc)) < p.freeze) throw new DomainError('InsufficientBalance');
        const id = newOrderId();
        const touchedBefore = state.touched;
        mutated = true;
        state.touched = true;
        const r = slot.book.place({ ...p.input, id });
        if (r.rejectedReason) {
          // A refused order leaves the book as it was.
          mutated = false;
          state.touched = touchedBefore;
          throw rejectError(r.rejectedReason);
        }
        const post = new Postings();
        post.freeze(holdAcc, p.freeze);

        for (const f of r.fills) {
          const cached = touchedRows.has(f.makerOrderId) ? undefined : slot.rows.get(f.makerOrderId);
          // A copy: the cache changes only once the batch has committed.
          if (cached) touchedRows.set(f.makerOrderId, { ...cached });
        }
        const missing = [...new Set(r.fills.map((f) => f.makerOrderId))].filter((m) => !touchedRows.has(m));
        if (missing.length > 0) {
          const rows = await tx.select().from(marketOrders).where(inArray(marketOrders.id, missing));
          for (const m of rows) touchedRows.set(m.id, { ...m });
        }
        const taker = parseRate(p.takerRate);
        let takerHold = p.freeze;
        let takerFee = 0n;
        let takerQuote = 0n;
        const trades: (typeof marketTrades.$inferInsert)[] = [];
        const makers = new Map<string, OrderRow>();
        for (const f of r.fills) {
          const m = touchedRows.get(f.makerOrderId);
          assert(
            m && isOpen(m.status) && m.price === f.price,
            `maker ${f.makerOrderId} is not the resting order`,
          );
          const q = quoteOf(inst, f.price, f.size);
          const makerFee = feeOf(q, parseRate(m.makerFeeRate));
          // The taker's fee is rounded up once on all it filled in this call, spread over its fills.
          const tFee = feeOf(takerQuote + q, taker) - feeOf(takerQuote, taker);
          const takerBuys = o.side === 'buy';
          const buyer = takerBuys ? userId : m.userId;
          const seller = takerBuys ? m.userId : userId;
          const buyerFee = takerBuys ? tFee : makerFee;
          const sellerFee = takerBuys ? makerFee : tFee;
          post.add(await acc(buyer, inst.quote), 'frozen', -(q + buyerFee));
          post.add(await acc(seller, inst.quote), 'available', q - sellerFee);
          post.add(fees, 'available', buyerFee + sellerFee);
          post.add(await acc(seller, inst.base), 'frozen', -f.size);
          post.add(await acc(buyer, inst.base), 'available', f.size);

          m.filledSize += f.size;
          m.filledQuote += q;
          m.fee += makerFee;
          m.frozenAmount -= m.side === 'buy' ? q + makerFee : f.size;
          assert.equal((m.size ?? 0n) - m.filledSize, f.makerRemaining, `maker ${m.id} size drifted`);
          m.status = f.makerRemaining === 0n ? 'filled' : 'partial_filled';
          m.updatedAt = now;
          const keep = holdOfRow(inst, m);
          assert(m.frozenAmount >= keep, `maker ${m.id} hold short by ${keep - m.frozenAmount}`);
          post.release(await acc(m.userId, scaleOf(m.frozenAsset)), m.frozenAmount - keep);
          m.frozenAmount = keep;
          makers.set(m.id, m);

          takerHold -= takerBuys ? q + tFee : f.size;
          takerFee += tFee;
          takerQuote += q;
          trades.push({
            instId: inst.instId,
            price: f.price,
            size: f.size,
            quote: q,
            side: o.side,
            makerOrderId: m.id,
            takerOrderId: id,
            makerUserId: m.userId,
            takerUserId: userId,
            makerFee,
            takerFee: tFee,
            createdAt: now,
          });
        }

        const rests = r.status === 'new' || r.status === 'partial_filled';
        const keep = rests
          ? holdOf(inst, {
              side: o.side,
              price: p.price ?? 0n,
              remaining: r.remaining,
              makerRate: parseRate(p.makerRate),
              takerRate: taker,
            })
          : 0n;
        assert.equal(takerQuote * inst.baseUnit, r.filledQuote, `order ${id} notional drifted`);
        assert(takerHold >= keep, `order ${id} hold short by ${keep - takerHold}`);
        post.release(holdAcc, takerHold - keep);

        const row: OrderRow = {
          id,
          seq: 0,
          userId,
          instId: inst.instId,
          side: o.side,
          type: o.type,
          tif: p.tif,
          price: p.price,
          size: p.size,
          quoteSize: p.quoteSize,
          filledSize: r.filledSize,
          filledQuote: takerQuote,
          fee: takerFee,
          status: r.status,
          cancelReason: r.canceledReason ?? null,
          frozenAsset: p.freezeAsset.symbol,
          frozenAmount: keep,
          makerFeeRate: p.makerRate,
          takerFeeRate: p.takerRate,
          requestId: o.request_id ?? null,
          createdAt: now,
          updatedAt: now,
        };
        touchedRows.set(id, row);
        newRows.push(row);
        // What later orders of the batch see of these accounts.
        noteMoved(post.list);
        placed.push({
          job: index,
          input: {
            cause: x?.cause ?? 'spot.order',
            ref: id,
            remark: x?.remark ?? orderRemark(row, inst),
            userId,
            requestId: o.request_id ?? null,
            postings: post.list,
            // The hold must be available in full, not only net of what the order got back at once.
            needsAvailable: [{ accountId: holdAcc.id, amount: p.freeze }],
          },
          row: { ...row },
          trades,
          // As they stand after this order (a later order of the batch may change them again).
          makers: [...makers.values()].map((m) => ({ ...m })),
          deltas: r.deltas,
          seq: r.seq,
        });
      } catch (err) {
        // The book moved for an order that is not going through: the batch cannot stand.
        if (mutated) throw err;
        // Nothing of this order reached the book: it fails alone (the writer gives its claim back).
        outcomes[index] = { ok: false, error: err };
      }
    }
    if (placed.length === 0) return { outcomes, events: [], rows: [], accounts: newAccounts };

    const inputs = placed.flatMap((p) => (p.input ? [p.input] : []));
    const postedInputs = await ledger.postMany(tx, inputs);
    const refused = postedInputs.find((o) => !o.ok);
    if (refused && !refused.ok) throw new BatchRefused(refused.error);
    // Each placed job's journal entry (a cancel that posted nothing has none).
    let nextPosted = 0;
    const posted = placed.map((p) => (p.input ? postedInputs[nextPosted++] : { ok: true as const, id: 0 }));

    // New orders, the makers' fill state and the trades in one statement (ids drawn in order inside it).
    const changed = [...touchedRows.values()].filter((r) => !newRows.includes(r));
    const allTrades = placed.flatMap((p) => p.trades);
    const ids = await writeBatch(tx, newRows, changed, allTrades, now);
    for (const [i, row] of newRows.entries()) row.seq = ids.seqs[i] as number;
    const tradeRows = allTrades.map((t, i) => ({ ...t, id: ids.trades[i] as number, createdAt: now }));

    const events: Published[] = [];
    let t = 0;
    const seqOf = (id: string, seq: number) => touchedRows.get(id)?.seq ?? seq;
    for (const [k, p] of placed.entries()) {
      const out = posted[k];
      assert(out?.ok);
      if (p.canceled) {
        const canceled = p.canceled.map((c) => ({ ...c, seq: seqOf(c.id, c.seq) }));
        outcomes[p.job] = { ok: true, value: canceled };
        events.push({ deltas: p.deltas, seq: p.seq, trades: [], orders: canceled });
        continue;
      }
      p.row.seq = seqOf(p.row.id, p.row.seq);
      outcomes[p.job] = { ok: true, value: await jobs[p.job]?.answer(tx, p.row, out.id) };
      const trades = tradeRows.slice(t, t + p.trades.length) as (typeof marketTrades.$inferSelect)[];
      t += p.trades.length;
      const makers = p.makers.map((m) => ({ ...m, seq: seqOf(m.id, m.seq) }));
      events.push({ deltas: p.deltas, seq: p.seq, trades, orders: [{ ...p.row }, ...makers] });
    }
    return { outcomes, events, rows: [...touchedRows.values()], accounts: newAccounts };
  }

  const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());

  /**
   * Writes a batch's rows in one statement: the new orders with their arrival order drawn in sequence,
   * the fill state of orders already stored, and the trades with their ids drawn in sequence. The rows
   * travel as JSON parameters. Answers the drawn order sequence numbers and trade ids, in input order.
   */
  async function writeBatch(
    tx: Tx,
    added: readonly OrderRow[],
    changed: readonly OrderRow[],
    trades: readonly (typeof marketTrades.$inferInsert)[],
    now: Date,
  ): Promise<{ seqs: number[]; trades: number[] }> {
    const orders = JSON.stringify(
      added.map((o, k) => ({
        k,
        id: o.id,
        u: o.userId,
        i: o.instId,
        sd: o.side,
        ty: o.type,
        tf: o.tif,
        p: big(o.price),
        sz: big(o.size),
        qs: big(o.quoteSize),
        fs: big(o.filledSize),
        fq: big(o.filledQuote),
        fe: big(o.fee),
        st: o.status,
        cr: o.cancelReason,
        fa: o.frozenAsset,
        fm: big(o.frozenAmount),
        mr: o.makerFeeRate,
        tr: o.takerFeeRate,
        rq: o.requestId,
      })),
    );
    const fills = JSON.stringify(
      changed.map((m) => ({
        i: m.id,
        fs: m.filledSize.toString(),
        fq: m.filledQuote.toString(),
        f: m.fee.toString(),
        s: m.status,
        cr: m.cancelReason,
        fa: m.frozenAmount.toString(),
      })),
    );
    const prints = JSON.stringify(
      trades.map((t, k) => ({
        k,
        i: t.instId,
        p: t.price.toString(),
        sz: t.size.toString(),
        q: t.quote.toString(),
        sd: t.side,
        mo: t.makerOrderId,
        to: t.takerOrderId,
        mu: t.makerUserId,
        tu: t.takerUserId,
        mf: t.makerFee.toString(),
        tf: t.takerFee.toString(),
      })),
    );
    const rows = await queryRows<{ t: string; k: number; v: number | string }>(
      tx,
      sql`with
        seqs as materialized (
          select k, nextval('market_orders_seq_seq') as seq
          from generate_series(0, ${added.length - 1}::int) as k order by k),
        added as (
          insert into market_orders (id, seq, user_id, inst_id, side, type, tif, price, size, quote_size,
            filled_size, filled_quote, fee, status, cancel_reason, frozen_asset, frozen_amount,
            maker_fee_rate, taker_fee_rate, request_id, created_at, updated_at)
          select x.id, seqs.seq, x.u, x.i, x.sd, x.ty, x.tf, x.p::numeric, x.sz::numeric, x.qs::numeric,
            x.fs::numeric, x.fq::numeric, x.fe::numeric, x.st, x.cr, x.fa, x.fm::numeric, x.mr, x.tr, x.rq,
            ${now}::timestamptz, ${now}::timestamptz
          from jsonb_to_recordset(${orders}::jsonb) as x(k int, id text, u integer, i text, sd text, ty text,
            tf text, p text, sz text, qs text, fs text, fq text, fe text, st text, cr text, fa text, fm text,
            mr text, tr text, rq text)
          join seqs on seqs.k = x.k
          returning id),
        filled as (
          update market_orders as o
          set filled_size = x.fs::numeric, filled_quote = x.fq::numeric, fee = x.f::numeric, status = x.s,
              cancel_reason = x.cr, frozen_amount = x.fa::numeric, updated_at = ${now}::timestamptz
          from jsonb_to_recordset(${fills}::jsonb) as x(i text, fs text, fq text, f text, s text, cr text, fa text)
          where o.id = x.i and o.status in ('new', 'partial_filled')
          returning o.id),
        tids as materialized (
          select k, nextval('market_trades_id_seq') as id
          from generate_series(0, ${trades.length - 1}::int) as k order by k),
        printed as (
          insert into market_trades (id, inst_id, price, size, quote, side, maker_order_id, taker_order_id,
            maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
          select tids.id, x.i, x.p::numeric, x.sz::numeric, x.q::numeric, x.sd, x.mo, x.to, x.mu, x.tu,
            x.mf::numeric, x.tf::numeric, ${now}::timestamptz
          from jsonb_to_recordset(${prints}::jsonb) as x(k int, i text, p text, sz text, q text, sd text,
            mo text, "to" text, mu integer, tu integer, mf text, tf text)
          join tids on tids.k = x.k
          returning id)
      select 'o' as t, k, seq as v from seqs
      union all select 't' as t, k, id as v from tids
      union all select 'n' as t, (select count(*)::int from added) + (select count(*)::int from printed), 0
      union all select 'f' as t, (select count(*)::int from filled), 0`,
    );
    const seqs = rows
      .filter((r) => r.t === 'o')
      .sort((a, b) => a.k - b.k)
      .map((r) => Number(r.v));
    const tradeIds = rows
      .filter((r) => r.t === 't')
      .sort((a, b) => a.k - b.k)
      .map((r) => Number(r.v));
    const written = rows.find((r) => r.t === 'n')?.k;
    const updated = rows.find((r) => r.t === 'f')?.k;
    assert.equal(written, added.length + trades.length, 'orders or trades not written');
    assert.equal(updated, changed.length, 'an open order changed outside its instrument queue');
    return { seqs, trades: tradeIds };
  }

  // ——— canceling ———

  /** Cancels the given open orders of one instrument (all of the user's when ids is null), with the writer's next batch. */
  function cancelOn(slot: Slot, userId: number, ids: readonly string[] | null, reason: string) {
    const job: PlaceJob = {
      userId,
      o: { instId: slot.inst.instId, side: 'buy', type: 'limit', sz: '0' },
      cancel: { ids, reason },
      x: null,
      answer: async () => [],
    };
    return writer.submit(slot.inst.instId, job) as Promise<OrderRow[]>;
  }

  /**
   * Cancels own open orders: by id (every id must be the caller's, else NotFound and nothing is touched;
   * closed ones come back as they are), or all of an instrument. One transaction per instrument.
   */
  async function cancel(userId: number, c: CancelInput): Promise<OrderView[]> {
    if (c.orderIds && c.orderIds.length > 0) {
      const ids = [...new Set(c.orderIds)];
      const rows = await store.db.select().from(marketOrders).where(inArray(marketOrders.id, ids));
      if (rows.length !== ids.length || rows.some((r) => r.userId !== userId))
        throw new DomainError('NotFound');
      if (c.instId !== undefined && rows.some((r) => r.instId !== c.instId))
        throw new DomainError('NotFound');
      const byInst = new Map<string, string[]>();
      for (const r of rows) {
        if (!isOpen(r.status)) continue;
        byInst.set(r.instId, [...(byInst.get(r.instId) ?? []), r.id]);
      }
      const changed = new Map<string, OrderRow>();
      for (const [instId, open] of byInst) {
        const slot = slots.get(instId);
        assert(slot, `open order on unknown instrument ${instId}`);
        for (const row of await cancelOn(slot, userId, open, 'user')) changed.set(row.id, row);
      }
      const byId = new Map(rows.map((r) => [r.id, changed.get(r.id) ?? r]));
      return ids.map((id) => orderView(byId.get(id) as OrderRow));
    }
    if (c.instId === undefined) throw new ValidationError('order_ids', 'required');
    const slot = slotOf(c.instId);
    return (await cancelOn(slot, userId, null, 'user')).map(orderView);
  }

  // ——— reading ———

  async function orders(userId: number, f: OrderFilter, page: { page: number; size: number }) {
    const conds: SQL[] = [eq(marketOrders.userId, userId)];
    if (f.open === true) conds.push(inArray(marketOrders.status, OPEN));
    if (f.open === false) conds.push(inArray(marketOrders.status, CLOSED));
    if (f.instId) conds.push(eq(marketOrders.instId, f.instId));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(marketOrders).where(where).orderBy(desc(marketOrders.seq)), page),
      store.db.select({ n: count() }).from(marketOrders).where(where),
    ]);
    return pageAnswer(rows.map(orderView), total);
  }

  async function order(userId: number, id: string): Promise<OrderView> {
    const [row] = await store.db.select().from(marketOrders).where(eq(marketOrders.id, id));
    if (!row || row.userId !== userId) throw new DomainError('NotFound');
    return orderView(row);
  }

  /** The best n levels, read in the instrument's queue so they match the published sequence. */
  async function depth(instId: string, n = 20): Promise<DepthView> {
    const slot = slotOf(instId);
    return writer.run(instId, async () => {
      if (slot.dirty) await rebuild(slot);
      return depthOf(slot, n);
    });
  }

  /**
   * What a market order would get on the book now, read in the instrument's queue: selling `amount` of the
   * base (whole lots), or buying with `amount` of the quote, the fee at `takerRate` included in it. Only
   * levels within the price band of the best opposite price count; an amount the book cannot take there is
   * refused (InsufficientLiquidity), never half filled.
   */
  async function estimate(
    instId: string,
    side: Side,
    amount: bigint,
    takerRate: string,
  ): Promise<ConvertEstimate> {
    const slot = slotOf(instId);
    const cfg = await liveConfig(instId);
    if (!cfg?.enabled) throw new DomainError('ExchangeUnavailable');
    const band = (await settings.get('market.price_band')).units;
    const marketTaker = (await settings.get('market.taker_fee_rate')).units;
    const rate = maxOf(parseRate(takerRate), marketTaker);
    const minNotional = amountSetting('market.instruments', cfg.min_notional, slot.inst.quote.scale);
    return writer.run(instId, async () => {
      if (slot.dirty) await rebuild(slot);
      const { inst, book } = slot;
      const d = book.depth();
      const levels = side === 'sell' ? d.bids : d.asks;
      const best = levels[0]?.[0];
      if (best === undefined) throw new DomainError('InsufficientLiquidity');
      const bound = bandPrice(inst, best, band, side);
      const within = levels.filter(([px]) => (side === 'sell' ? px >= bound : px <= bound));
      let size = 0n;
      let quote = 0n;
      if (side === 'sell') {
        const want = amount - (amount % inst.lot);
        if (want === 0n) throw new ValidationError('amount', 'too_small');
        let left = want;
        for (const [px, sz] of within) {
          const qty = minOf(sz, left);
          size += qty;
          quote += quoteOf(inst, px, qty);
          left -= qty;
          if (left === 0n) break;
        }
        if (left > 0n) throw new DomainError('InsufficientLiquidity');
        if (quote < minNotional)
          throw new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
        const fee = feeOf(quote, rate);
        return { spend: size, receive: quote - fee, fee, sz: fmt(inst.base, size) };
      }
      // A buy spends at most `amount` including its fee: the order's quote size leaves room for the fee.
      const budget = (amount * RATE_ONE) / (RATE_ONE + rate);
      if (budget < minNotional)
        throw new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
      let left = budget * inst.baseUnit;
      let exhausted = true;
      for (const [px, sz] of within) {
        const lots = left / (px * inst.lot);
        const qty = minOf(lots * inst.lot, sz);
        if (qty > 0n) {
          size += qty;
          quote += quoteOf(inst, px, qty);
          left -= qty * px;
        }
        if (qty < sz) {
          exhausted = false;
          break;
        }
      }
      if (exhausted && left >= (within.at(-1)?.[0] ?? 0n) * inst.lot)
        throw new DomainError('InsufficientLiquidity');
      if (size === 0n) throw new ValidationError('amount', 'too_small');
      const fee = feeOf(quote, rate);
      return { spend: quote + fee, receive: size, fee, sz: fmt(inst.quote, budget) };
    });
  }

  /** Mid of the best bid and ask (or the one side there is) of an enabled instrument, null without a book. */
  function midPrice(instId: string): { price: bigint; scale: number } | null {
    const slot = slots.get(instId);
    if (!slot) return null;
    const bid = slot.book.bestBid();
    const ask = slot.book.bestAsk();
    const price = bid !== undefined && ask !== undefined ? (bid + ask) / 2n : (bid ?? ask);
    return price === undefined ? null : { price, scale: slot.inst.quote.scale };
  }

  async function instruments(): Promise<InstrumentView[]> {
    const cfg = await settings.get('market.instruments');
    const maker = (await settings.get('market.maker_fee_rate')).text;
    const taker = (await settings.get('market.taker_fee_rate')).text;
    const band = (await settings.get('market.price_band')).text;
    const limitBand = (await settings.get('market.limit_band')).text;
    return [...slots.values()].map(({ inst }) => {
      const c = cfg.find((x) => x.inst_id === inst.instId);
      return {
        instId: inst.instId,
        base: inst.base.symbol,
        quote: inst.quote.symbol,
        tick_size: inst.tickText,
        lot_size: inst.lotText,
        min_notional: c?.min_notional ?? '0',
        maker_fee_rate: maker,
        taker_fee_rate: taker,
        price_band: band,
        limit_band: c?.limit_band ?? limitBand,
        enabled: c?.enabled ?? false,
      };
    });
  }

  // ——— start ———

  function fits(inst: Instrument, row: OrderRow): boolean {
    return (
      row.type === 'limit' &&
      row.price !== null &&
      row.size !== null &&
      row.price > 0n &&
      row.price % inst.tick === 0n &&
      row.size % inst.lot === 0n &&
      row.filledSize % inst.lot === 0n &&
      row.filledSize < row.size
    );
  }

  /** Open orders the configuration no longer admits (instrument gone, steps changed): canceled, holds released. */
  async function cancelStale(rows: readonly OrderRow[]): Promise<void> {
    const now = clock.now();
    await store.db.transaction(async (tx) => {
      const accounts = new Map<string, LedgerAccount>();
      const post = new Postings();
      for (const row of rows) {
        post.release(await spotAccount(tx, accounts, row.userId, row.frozenAsset), row.frozenAmount);
      }
      if (post.list.length > 0) {
        await ledger.post(tx, {
          cause: 'spot.cancel',
          ref: 'instrument_changed',
          remark: 'instrument changed',
          userId: null,
          postings: post.list,
        });
      }
      await tx
        .update(marketOrders)
        .set({ status: 'canceled', cancelReason: 'instrument_changed', frozenAmount: 0n, updatedAt: now })
        .where(
          inArray(
            marketOrders.id,
            rows.map((r) => r.id),
          ),
        );
    });
    log.warn({ orders: rows.length }, 'open orders of changed instruments canceled');
  }

  /** Builds the books from the configuration and the store's open orders (arrival order). */
  async function start(): Promise<void> {
    const cfg = await settings.get('market.instruments');
    for (const c of cfg) {
      if (c.inst_id !== `${c.base}-${c.quote}`)
        throw new Error(`instrument ${c.inst_id} is not ${c.base}-${c.quote}`);
      if (slots.has(c.inst_id)) throw new Error(`instrument ${c.inst_id} configured twice`);
      const inst = makeInstrument(c.inst_id, scaleOf(c.base), scaleOf(c.quote), c.tick_size, c.lot_size);
      slots.set(c.inst_id, {
        inst,
        book: newBook(inst),
        seqBase: 0,
        dirty: false,
        rows: new Map(),
      });
    }
    const stale: OrderRow[] = [];
    const byInst = new Map<string, OpenOrder[]>();
    for (const row of await openRows(store.db)) {
      const slot = slots.get(row.instId);
      if (!slot || !fits(slot.inst, row)) {
        stale.push(row);
        continue;
      }
      assert.equal(row.frozenAmount, holdOfRow(slot.inst, row), `order ${row.id} holds the wrong amount`);
      const list = byInst.get(row.instId) ?? [];
      list.push(toOpenOrder(row));
      byInst.set(row.instId, list);
      slot.rows.set(row.id, row);
    }
    if (stale.length > 0) await cancelStale(stale);
    for (const slot of slots.values()) {
      slot.book.restore(byInst.get(slot.inst.instId) ?? []);
      publishSnapshot(slot);
    }
  }

  /** Stored trades of an instrument after `afterId`, oldest first, as the `trade` event shows them. */
  async function tradesAfter(instId: string, afterId: number, limit: number): Promise<BusEvents['trade'][]> {
    const { inst } = slotOf(instId);
    const rows = await store.db
      .select()
      .from(marketTrades)
      .where(and(eq(marketTrades.instId, instId), gt(marketTrades.id, afterId)))
      .orderBy(asc(marketTrades.id))
      .limit(limit);
    return rows.map((t) => ({
      instId,
      tradeId: String(t.id),
      price: fmt(inst.quote, t.price),
      size: fmt(inst.base, t.size),
      side: t.side,
      ts: t.createdAt.getTime(),
    }));
  }

  /** Waits for every queued operation. */
  function idle(): Promise<void> {
    return writer.idle();
  }

  /** The taker fee rate of the books (the exchange charges at least this). */
  async function takerFeeRate() {
    return settings.get('market.taker_fee_rate');
  }

  // ——— operators ———

  /**
   * Each book as operators watch it: enabled, best prices, levels and resting orders per side, and how many
   * resting orders one user (the demo's market maker) has on it. Read in each instrument's queue.
   */
  async function books(userId: number | null) {
    const cfg = await settings.get('market.instruments');
    const out = [];
    for (const slot of slots.values()) {
      const view = await writer.run(slot.inst.instId, async () => {
        if (slot.dirty) await rebuild(slot);
        const { inst, book } = slot;
        const d = book.depth();
        const bid = book.bestBid();
        const ask = book.bestAsk();
        const sum = (levels: readonly (readonly [bigint, bigint, number])[]) =>
          levels.reduce((n, l) => n + l[2], 0);
        return {
          instId: inst.instId,
          enabled: cfg.find((c) => c.inst_id === inst.instId)?.enabled ?? false,
          bestBid: bid === undefined ? null : fmt(inst.quote, bid),
          bestAsk: ask === undefined ? null : fmt(inst.quote, ask),
          bidLevels: d.bids.length,
          askLevels: d.asks.length,
          bidOrders: sum(d.bids),
          askOrders: sum(d.asks),
          userOrders: userId === null ? 0 : book.snapshot().filter((o) => o.userId === userId).length,
        };
      });
      out.push(view);
    }
    return out;
  }

  /**
   * Trades since a moment on the books quoted in USDT: how many, their value and the fees both sides paid
   * (USDT minor units), for the operators' dashboard.
   */
  async function tradedSince(since: Date): Promise<{ count: number; volume: bigint; fees: bigint }> {
    const rows = await queryRows<{ n: string | number; volume: string | null; fees: string | null }>(
      store.db,
      sql`select count(*) as n, sum(${marketTrades.quote})::text as volume,
            sum(${marketTrades.makerFee} + ${marketTrades.takerFee})::text as fees
          from ${marketTrades}
          where ${marketTrades.createdAt} >= ${since} and ${marketTrades.instId} like '%-USDT'`,
    );
    const r = rows[0];
    return { count: Number(r?.n ?? 0), volume: BigInt(r?.volume ?? '0'), fees: BigInt(r?.fees ?? '0') };
  }

  return {
    takerFeeRate,
    start,
    idle,
    /** Refuses new orders and cancels; resolves once every queued one is answered. */
    close: () => writer.close(),
    submit,
    submitFor,
    estimate,
    midPrice,
    cancel,
    orders,
    order,
    depth,
    instruments,
    tradesAfter,
    books,
    tradedSince,
    /** Instrument ids with a book. */
    instIds: () => [...slots.keys()],
    /** Committed batches by size since start: how much the writers' group commit is sharing. */
    batchSizes: (): ReadonlyMap<number, number> => writer.batchSizes(),
    /** Test and operator hook: rebuilds a book from the store in its queue. */
    rebuild: async (instId: string) => {
      const slot = slotOf(instId);
      await writer.run(instId, () => rebuild(slot));
    },
  };
}

export type Spot = ReturnType<typeof createSpot>;
