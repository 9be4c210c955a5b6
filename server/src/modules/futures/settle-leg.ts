/**
 * One side of a fill: the position it changes and the money it moves (margin, PnL, fee, insurance), and a lead
 * trader's fill noted for its copies.
 */

import { futuresAccount, systemAccount } from './accounts';
import { abs, FUTURES_SYSTEM, type FuturesCtx, type MarginMode, type Pos, type Work } from './context';
import type { Entry } from './entry';
import { openLossOf } from './guards';
import { modeOf } from './leverage';
import { applyFill, valueAt } from './math';
import { balanceOf, move } from './work';

/** Notes a lead trader's fill in the current operation (its size before the first one, and the price). */
function noteLead(
  ctx: FuturesCtx,
  w: Work,
  userId: number,
  pos: Pos | undefined,
  contracts: bigint,
  price: bigint,
): void {
  if (w.mirroring || !ctx.copy?.()?.isLead(userId)) return;
  let n = w.leads.get(userId);
  if (!n) {
    const before = pos && !pos.closed ? pos.size : 0n;
    n = { before, pxSum: 0n, size: 0n, lever: pos && !pos.closed ? pos.lever : 1 };
    w.leads.set(userId, n);
  }
  n.pxSum += price * contracts;
  n.size += contracts;
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

function newPos(userId: number, side: 'long' | 'short', lever: number, mgnMode: MarginMode, now: Date): Pos {
  return {
    id: null,
    userId,
    side,
    mgnMode,
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

/**
 * Applies one fill to one user's position and books its money: margin in, released margin and PnL out,
 * the fee. A flip closes the position and opens a new one. An opening fill worse than the mark also puts
 * that difference (its open loss) into the margin. What the user pays comes first from the close's
 * proceeds: a close is never refused for want of free balance — its fee is what the proceeds and the
 * balance can pay, the open loss of a resting order what is left after it. Returns what the order realized
 * and the fee it paid.
 */
export async function settleLeg(
  ctx: FuturesCtx,
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
  noteLead(ctx, w, leg.userId, pos, contracts, price);
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
      const mode = await modeOf(ctx, leg.userId, slot.inst.instId, w.tx);
      pos = newPos(leg.userId, leg.side === 'buy' ? 'long' : 'short', leg.lever, mode, w.now);
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
  const user = await futuresAccount(ctx, w.tx, leg.userId);
  const pool = await systemAccount(ctx, w.tx, FUTURES_SYSTEM.pool);
  const fees = await systemAccount(ctx, w.tx, FUTURES_SYSTEM.fees);
  const fund = await systemAccount(ctx, w.tx, FUTURES_SYSTEM.fund);
  let proceeds = released + realized;
  if (proceeds < 0n) {
    // Beyond the bankruptcy price: the insurance fund makes the pool whole.
    await move(ctx, w, e, pool, 'available', -proceeds);
    await move(ctx, w, e, fund, 'available', proceeds);
    proceeds = 0n;
  }
  if (leg.liquidated) {
    await move(ctx, w, e, fund, 'available', proceeds);
    const lost = slot.positions.get(leg.userId);
    if (lost) lost.forfeit += proceeds;
    await move(ctx, w, e, pool, 'available', -proceeds);
    proceeds = 0n;
  }
  // What the user can pay beyond the margin its opening needs (an opening it cannot margin is refused by
  // the ledger): the fee first, then the open loss. `credit`: what the order still holds frozen for it.
  const room = (await balanceOf(ctx, w, user)).available + credit + proceeds - marginIn;
  const fee = leg.fee <= room ? leg.fee : room > 0n ? room : 0n;
  const rest = room - fee;
  const extra = openLoss <= rest ? openLoss : rest > 0n ? rest : 0n;
  if (opened) opened.margin += extra;
  if (closedPos) closedPos.fee += (fee * (contracts - left)) / contracts;
  if (opened) opened.fee += fee - (closedPos ? (fee * (contracts - left)) / contracts : 0n);
  await move(ctx, w, e, pool, 'available', marginIn + extra - proceeds);
  await move(ctx, w, e, user, 'available', proceeds - marginIn - extra - fee);
  await move(ctx, w, e, fees, 'available', fee);
  return { realized, fee };
}
