/**
 * The demo's market maker: its user, made once with inventory of its own, the margin its swap quotes use, and
 * its quotes placed again around the reference price on every tick.
 */
import { exactText, parseAmount, USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { SYSTEM } from '../../../ledger';
import { schema } from '../../../store';
import { SIM_DEFAULT_VOLATILITY, SIM_VOLATILITY } from '../sim';
import type { ReferenceCtx } from './context';
import { type LadderProfile, ladderProfile, makerLadder, quoteToSize, scaleBps, toStep } from './ladder';

/** The demo's market maker: quotes depth around the reference price with inventory of its own. */
export const MAKER_ADDRESS = '0x4e657861000000000000000000000000006d6b72';
/** USDT the maker margins its swap quotes with (its futures account). */
const MAKER_SWAP_MARGIN = '5000000';
/** About 3 million USDT of each traded asset (BTC and ETH more), enough for every level it quotes. */
const MAKER_INVENTORY: Readonly<Record<string, string>> = {
  USDT: '50000000',
  BTC: '500',
  ETH: '5000',
  BWC: '50000000',
  NEU: '10000000',
  SOL: '20000',
  XRP: '5000000',
  BNB: '5000',
  DOGE: '20000000',
  ADA: '6000000',
  TRX: '25000000',
  LTC: '40000',
  LINK: '200000',
};

/** The maker's user id: found by its address, or made; either way holding its inventory of every asset. */
export async function makerUser(ctx: ReferenceCtx): Promise<number> {
  const { store, clock } = ctx.deps;
  const [found] = await store.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.address, MAKER_ADDRESS));
  if (found) {
    await fundInventory(ctx, found.id);
    return found.id;
  }
  const [row] = await store.db
    .insert(schema.users)
    .values({ uid: '10000002', address: MAKER_ADDRESS, inviteCode: 'NEXAMKR1', createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: schema.users.id });
  if (!row) return makerUser(ctx);
  await fundInventory(ctx, row.id);
  return row.id;
}

/**
 * The maker's spot inventory, once per asset: a maker made before an asset was listed gets that asset's at
 * its next start, and an asset it has held once (even if traded away since) is never given again.
 */
async function fundInventory(ctx: ReferenceCtx, userId: number): Promise<void> {
  const { store, ledger } = ctx.deps;
  const held = new Set((await ledger.balances(userId)).filter((b) => b.kind === 'spot').map((b) => b.asset));
  const missing = Object.entries(MAKER_INVENTORY).filter(([asset]) => !held.has(asset));
  if (missing.length === 0) return;
  await store.db.transaction(async (tx) => {
    for (const [asset, amount] of missing) {
      const a = (await tx.select().from(schema.assets).where(eq(schema.assets.symbol, asset)))[0];
      if (!a) continue;
      const minor = parseAmount(amount, a.scale);
      if (!minor) continue;
      await ledger.credit(tx, {
        account: { userId, asset, kind: 'spot' },
        system: SYSTEM.capital('demo_market_maker'),
        amount: minor,
        cause: 'demo.inventory',
        remark: 'market maker inventory (demo)',
        userId,
      });
    }
  });
}

/** The maker's futures account gets its margin once (a maker made before swaps existed gets it now). */
export async function fundSwaps(ctx: ReferenceCtx, userId: number): Promise<void> {
  const { store, ledger } = ctx.deps;
  const held = (await ledger.balances(userId)).some((b) => b.kind === 'futures' && b.asset === 'USDT');
  if (held) return;
  const minor = parseAmount(MAKER_SWAP_MARGIN, USDT_SCALE);
  if (!minor) return;
  await store.db.transaction((tx) =>
    ledger.credit(tx, {
      account: { userId, asset: 'USDT', kind: 'futures' },
      system: SYSTEM.capital('demo_market_maker'),
      amount: minor,
      cause: 'demo.inventory',
      remark: 'market maker swap margin (demo)',
      userId,
    }),
  );
}

/** Cancels the maker's orders on every book and quotes its ladder again around the reference price. */
export async function requote(ctx: ReferenceCtx): Promise<void> {
  const { state, deps } = ctx;
  const sim = state.sim;
  if (state.busy || state.makerId === null || !sim) return;
  const maker = state.makerId;
  state.busy = true;
  try {
    const venues = deps.swaps ? [deps.market, deps.swaps] : [deps.market];
    for (const venue of venues)
      for (const inst of await venue.instruments()) {
        const mid = sim.price(inst.underlying ?? inst.instId);
        if (!mid) continue;
        const quotes = quotesOf(ctx, inst, mid, profileOf(inst.underlying ?? inst.instId));
        // The cancel and every quote are handed to the instrument's writer at once (each call queues its job
        // before it returns): one commit takes them in that order, so the book is never seen empty or half
        // requoted, and the feed carries only the levels that changed.
        const cancelled = venue.cancel(maker, { instId: inst.instId });
        const placed = quotes.map((q) =>
          venue
            .submit(maker, {
              instId: inst.instId,
              side: q.side,
              px: exactText(q.px),
              sz: exactText(q.sz),
              type: 'limit',
              tif: 'post_only',
            })
            // A quote that would cross after the walk moved is simply skipped.
            .catch(() => undefined),
        );
        await cancelled;
        await Promise.all(placed);
      }
  } catch (err) {
    deps.log.warn({ err }, 'market maker requote failed');
  } finally {
    state.busy = false;
  }
}

/** The ladder's profile of a spot instrument (a swap's is its underlying's): depth by asset, gaps by volatility. */
export function profileOf(spotInstId: string): LadderProfile {
  const base = spotInstId.split('-')[0] ?? spotInstId;
  return ladderProfile(base, SIM_VOLATILITY[base] ?? SIM_DEFAULT_VOLATILITY);
}

/** Both sides' quotes of one book around `mid`, on its ticks and lots (a swap's sizes in whole contracts). */
export function quotesOf(
  ctx: Pick<ReferenceCtx, 'ladderRandom'>,
  inst: { tick_size: string; lot_size: string; ct_val?: string },
  mid: string,
  profile: LadderProfile,
): { side: 'buy' | 'sell'; px: string; sz: string }[] {
  const quotes: { side: 'buy' | 'sell'; px: string; sz: string }[] = [];
  for (const side of ['buy', 'sell'] as const) {
    for (const level of makerLadder(ctx.ladderRandom, profile)) {
      const px =
        side === 'buy'
          ? toStep(scaleBps(mid, -level.bps), inst.tick_size, false)
          : toStep(scaleBps(mid, level.bps), inst.tick_size, true);
      if (!px) continue;
      for (const usdt of level.usdt) {
        // A swap's size is whole contracts of ct_val each.
        const sz = inst.ct_val
          ? String(Math.max(1, Math.round(Number(quoteToSize(usdt * 3n, mid)) / Number(inst.ct_val))))
          : toStep(quoteToSize(usdt, mid), inst.lot_size, true);
        if (sz && !/^0(\.0+)?$/.test(sz)) quotes.push({ side, px, sz });
      }
    }
  }
  return quotes;
}
