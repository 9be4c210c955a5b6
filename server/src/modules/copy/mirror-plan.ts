/**
 * Planning a lead's move: for each active copy, the follower's order that brings the copied position to the
 * lead's times the copy's ratio, or a skip with its reason (too small, position changed outside the copy,
 * beyond the budget). Skips, OKX orders and ratio changes are written here, in the writer's transaction.
 */
import { RATE_ONE } from '@nexa/contract';
import type { CopyOrder, LeadMove } from '../../ports/copy';
import type { Tx } from '../../store';
import type { CopyCtx, CopyPosRow, FollowRow } from './context';
import { skippedMargin } from './margin';
import { abs } from './math';
import { sendOkx } from './okx-send';
import { dropPosition, followsOf, leadSide, missedTrade, positionsOf, putPosition } from './positions';
import { tolerances } from './rules';
import { copyTrades, okxCopyOrders } from './tables';
import { limitForMove, type Tolerances } from './tolerance';

type TradeRow = typeof copyTrades.$inferInsert;
type OkxPlanned = { trade: TradeRow; target: bigint; cp: CopyPosRow };

/** What planning one move collects over the copies, in their order. */
interface Planned {
  readonly all: readonly CopyPosRow[];
  readonly tol: Tolerances;
  readonly orders: CopyOrder[];
  readonly records: TradeRow[];
  readonly okxOrders: OkxPlanned[];
}

/** The followers' orders for a lead's move; skips, OKX orders and ratio changes are written here. */
export async function plan(
  ctx: CopyCtx,
  tx: Tx,
  move: LeadMove,
  sizeOf: (userId: number) => bigint,
): Promise<CopyOrder[]> {
  const follows = await followsOf(tx, move.leadId);
  if (follows.length === 0) return [];
  const all = await positionsOf(
    tx,
    follows.map((f) => f.id),
  );
  const orders: CopyOrder[] = [];
  const tol = await tolerances(ctx);
  const records: TradeRow[] = [];
  const okxOrders: OkxPlanned[] = [];
  const planned: Planned = { all, tol, orders, records, okxOrders };
  for (const f of follows) await planFollow(tx, move, sizeOf, f, planned);
  if (records.length > 0) await tx.insert(copyTrades).values(records);
  await writeOkxOrders(tx, move, okxOrders);
  if (okxOrders.length > 0) setImmediate(() => void sendOkx(ctx));
  return orders;
}

/**
 * The copy's position in the moved contract: the one it holds, or a new one when the lead opens from flat
 * (its ratio fixed now). Null when this lead position is not copied (written detached, with a skip when the
 * copy's share rounds to nothing).
 */
async function positionFor(tx: Tx, move: LeadMove, f: FollowRow, p: Planned): Promise<CopyPosRow | null> {
  const fromFlat = move.before === 0n;
  let cp = p.all.find((x) => x.followId === f.id && x.instId === move.instId) ?? null;
  if (cp && fromFlat) {
    // The lead was flat: whatever the copy knew of this contract belongs to an earlier position.
    if (cp.contracts === 0n || cp.detached) cp = null;
  }
  if (cp) return cp;
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
    return null;
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
    p.records.push({
      ...missedTrade(f, move, leadSide(move), 0n, 'too_small'),
      ...skippedMargin(f, move, 'too_small'),
    });
    await putPosition(tx, { ...cp, detached: true });
    return null;
  }
  return cp;
}

/** One copy's share of the move: an order, an OKX order, a skip, or nothing to do. */
async function planFollow(
  tx: Tx,
  move: LeadMove,
  sizeOf: (userId: number) => bigint,
  f: FollowRow,
  p: Planned,
): Promise<void> {
  const cp = await positionFor(tx, move, f, p);
  if (!cp) return;
  if (cp.detached) {
    if (move.after === 0n) await dropPosition(tx, f.id, move.instId);
    return;
  }
  const held = f.venue === 'platform' ? sizeOf(f.followerId) : cp.contracts;
  if (held !== cp.contracts) {
    // The follower's position changed outside the copy (their own, a liquidation): stop copying it.
    p.records.push(
      missedTrade(f, move, leadSide(move), 0n, cp.contracts === 0n ? 'own_position' : 'not_copied'),
    );
    await putPosition(tx, { ...cp, detached: true });
    return;
  }
  const sign = move.after < 0n ? -1n : 1n;
  const target = sign * ((abs(move.after) * cp.num) / cp.den);
  const diff = target - held;
  if (diff === 0n) {
    if (move.after === 0n) await dropPosition(tx, f.id, move.instId);
    return;
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
    const others = p.all
      .filter((x) => x.followId === f.id && x.instId !== move.instId && !x.detached)
      .reduce((s, x) => s + x.margin, 0n);
    const need = move.marginFor(opens, move.lever);
    if (others + (held !== 0n && held > 0n === target > 0n ? cp.margin : 0n) + need > f.budget) {
      p.records.push({
        ...missedTrade(f, move, side, abs(diff), 'budget'),
        ...skippedMargin(f, move, 'budget'),
      });
      if (move.before === 0n) await putPosition(tx, { ...cp, detached: true });
      return;
    }
  }
  if (f.venue === 'okx') {
    p.okxOrders.push({
      trade: { ...missedTrade(f, move, side, abs(diff), 'okx_failed'), status: 'sent', reason: null },
      target,
      cp,
    });
    return;
  }
  await putPosition(tx, cp);
  const limitPrice = limitForMove(move, side, p.tol);
  p.orders.push({
    followId: f.id,
    followerId: f.followerId,
    side,
    contracts: abs(diff),
    lever: move.lever,
    ...(limitPrice === undefined ? {} : { limitPrice }),
  });
}

/** The OKX copies' trades and orders to send (after the commit), and their positions moved to the target. */
async function writeOkxOrders(tx: Tx, move: LeadMove, okxOrders: readonly OkxPlanned[]): Promise<void> {
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
}
