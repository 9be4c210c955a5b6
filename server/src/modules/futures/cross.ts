/**
 * Cross margin. A cross position holds its own margin as an isolated one does, and the futures account's
 * available balance backs it too: when the mark brings it to its maintenance margin, the writer moves from the
 * available balance what brings its equity back to its initial margin at the mark, at least twice its
 * maintenance margin (math.ts crossTarget), or all there is; and
 * liquidates it only when the balance is spent. Its liquidation price and margin ratio count the available
 * balance as it stands. Unrealized profit of another position is no collateral: it is not money in the account
 * until it is realized.
 */
import { performance } from 'node:perf_hooks';
import { futuresAccount, systemAccount } from './accounts';
import { FUTURES_SYSTEM, type FuturesCtx, type Pos, type Work } from './context';
import { Entry } from './entry';
import { crossTarget, crossTopUp, equityOf } from './math';
import { balanceOf, move } from './work';

const openCross = (p: Pos | undefined) => !!p && p.mgnMode === 'cross' && !p.closed && p.size !== 0n;

/**
 * In a liquidation's work: moves into a cross position what its available balance can give toward its
 * initial margin at the mark (ledger cause `futures.cross_margin`). Answers what it moved.
 */
export async function topUpCross(ctx: FuturesCtx, w: Work, pos: Pos): Promise<bigint> {
  const mark = w.slot.mark;
  if (pos.mgnMode !== 'cross' || mark === null) return 0n;
  const user = await futuresAccount(ctx, w.tx, pos.userId);
  const free = (await balanceOf(ctx, w, user)).available;
  const amount = crossTopUp(w.slot.inst.spec, pos, mark, free);
  ctx.free.set(pos.userId, free - amount);
  if (amount === 0n) return 0n;
  const pool = await systemAccount(ctx, w.tx, FUTURES_SYSTEM.pool);
  const e = new Entry('futures.cross_margin', `${w.slot.inst.instId}:${pos.id ?? 'new'}`, pos.userId, null);
  e.need(user.id, amount);
  w.entries.push(e);
  await move(ctx, w, e, user, 'available', -amount);
  await move(ctx, w, e, pool, 'available', amount);
  pos.margin += amount;
  pos.updatedAt = w.now;
  w.positions.add(pos);
  return amount;
}

/**
 * Reads the available balance of every user holding a cross position, for their liquidation prices and
 * margin ratios (at most every `everyMs`, one query, never two at once); users without one are forgotten.
 */
export async function refreshFree(ctx: FuturesCtx, everyMs = 2_000): Promise<void> {
  const { state } = ctx;
  const now = performance.now();
  if (state.freeReading || now - state.freeReadAt < everyMs) return;
  const users = new Set<number>();
  for (const slot of ctx.slots.values())
    for (const p of slot.positions.values()) if (openCross(p)) users.add(p.userId);
  for (const id of ctx.free.keys()) if (!users.has(id)) ctx.free.delete(id);
  if (users.size === 0) return;
  state.freeReading = true;
  state.freeReadAt = now;
  try {
    // The accounts are known after the first read; a transaction only for those that are not.
    const accounts = [...users].flatMap((id) => ctx.accounts.get(`u:${id}`) ?? []);
    if (accounts.length < users.size)
      await ctx.store.db.transaction(async (tx) => {
        for (const id of users)
          if (!ctx.accounts.has(`u:${id}`)) accounts.push(await futuresAccount(ctx, tx, id));
      });
    const balances = await ctx.ledger.accountBalances(
      ctx.store.db,
      accounts.map((a) => a.id),
    );
    for (const a of accounts)
      if (a.userId !== null) ctx.free.set(a.userId, balances.get(a.id)?.available ?? 0n);
  } finally {
    state.freeReading = false;
  }
}

/** Reads one user's available balance now when they hold a cross position (the positions call answers with it). */
export async function readFree(ctx: FuturesCtx, userId: number): Promise<void> {
  if (![...ctx.slots.values()].some((slot) => openCross(slot.positions.get(userId)))) return;
  const [bal] = (await ctx.ledger.balances(userId)).filter((b) => b.asset === 'USDT' && b.kind === 'futures');
  ctx.free.set(userId, bal?.available ?? 0n);
}

/**
 * What a user's available balance must keep for their cross positions: for each, what would lift its equity
 * back to its initial margin at the mark (crossTarget), the amount a top-up would move now. A transfer out of
 * the futures account may take the available balance less this, never a cross position's backing.
 */
export function crossKept(ctx: FuturesCtx, userId: number): bigint {
  let kept = 0n;
  for (const slot of ctx.slots.values()) {
    const p = slot.positions.get(userId);
    if (!p || !openCross(p) || slot.mark === null) continue;
    const need = crossTarget(slot.inst.spec, p, slot.mark) - equityOf(slot.inst.spec, p, slot.mark);
    if (need > 0n) kept += need;
  }
  return kept;
}
