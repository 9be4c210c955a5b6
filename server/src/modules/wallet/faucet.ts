/** The demo's funds: a pool filled from the demo's capital at start, paid out once per user and platform day. */
import { USDT_SCALE } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { SYSTEM } from '../../ledger';
import { iso } from './common';
import type { WalletCtx } from './context';
import { walletFaucetClaims } from './tables';

/** The pool demo funds are paid from: real (demo) money, it can never pay out more than it holds. */
export const FAUCET_POOL = SYSTEM.rewards('faucet');
/** Where the demo's pool is filled from: operators' capital stands for money from outside. */
export const FAUCET_CAPITAL = SYSTEM.capital('demo');
/** What the demo's pool is filled to at each start (USDT minor units): a hundred million demo dollars. */
const FAUCET_POOL_TARGET = 100_000_000n * 10n ** BigInt(USDT_SCALE);

/** Start of the next platform day after `day`. */
const nextDay = (day: Date) => new Date(day.getTime() + 86_400_000);

/** What the user may claim now: the amount, and when the next claim opens once today's is taken. */
export async function faucetInfo(ctx: WalletCtx, userId: number) {
  if (!ctx.config.demoFaucet) return null;
  const day = await ctx.dayStart();
  const [claimed] = await ctx.store.db
    .select({ day: walletFaucetClaims.day })
    .from(walletFaucetClaims)
    .where(and(eq(walletFaucetClaims.userId, userId), eq(walletFaucetClaims.day, day)));
  return {
    asset: 'USDT',
    amount: (await ctx.settings.get('faucet.amount')).text,
    next_at: claimed ? iso(nextDay(day)) : null,
  };
}

/** Demo funds: once per user and platform day, paid from the funded pool through the ledger. */
export async function claimFaucet(ctx: WalletCtx, userId: number, ip: string) {
  if (!ctx.config.demoFaucet) throw new DomainError('NotAvailable');
  // Slows farming with many new accounts from one place; the day's claim is the real limit.
  if (!(await ctx.limiter.hit(`faucet-ip:${ip}`, 20, 3_600_000, ctx.clock.now().getTime())))
    throw new DomainError('RateLimited');
  const amount = (await ctx.settings.get('faucet.amount')).units;
  const day = await ctx.dayStart();
  const next = iso(nextDay(day));
  const nextText = `${next.slice(0, 10)} ${next.slice(11, 16)} UTC`;
  await ctx.store.db.transaction(async (tx) => {
    // The day's row first: a second claim (a double tap, a race) finds it and pays nothing.
    const [row] = await tx
      .insert(walletFaucetClaims)
      .values({ userId, day, amount, ledgerTxId: 0, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError('FaucetClaimed', { next: nextText });
    const pool = await ctx.ledger.systemAccount(tx, FAUCET_POOL, 'USDT');
    const held = (await ctx.ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
    if (held < amount) throw new DomainError('FaucetEmpty');
    const ledgerTxId = await ctx.ledger.credit(tx, {
      account: { userId, asset: 'USDT', kind: 'spot' },
      system: FAUCET_POOL,
      amount,
      cause: 'demo.faucet',
      ref: `faucet_${userId}_${day.getTime()}`,
      remark: '',
      userId,
    });
    await tx
      .update(walletFaucetClaims)
      .set({ ledgerTxId })
      .where(and(eq(walletFaucetClaims.userId, userId), eq(walletFaucetClaims.day, day)));
  });
  return { asset: 'USDT', amount: (await ctx.settings.get('faucet.amount')).text, next_at: next };
}

/** Fills the demo's pool up to its target from the demo's capital (at start, when the faucet is on). */
export async function fillFaucetPool(ctx: WalletCtx): Promise<void> {
  if (!ctx.config.demoFaucet) return;
  await ctx.store.db.transaction(async (tx) => {
    const pool = await ctx.ledger.systemAccount(tx, FAUCET_POOL, 'USDT');
    const held = (await ctx.ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
    if (held >= FAUCET_POOL_TARGET) return;
    await ctx.ledger.transfer(tx, {
      from: { system: FAUCET_CAPITAL, asset: 'USDT' },
      to: { system: FAUCET_POOL, asset: 'USDT' },
      amount: FAUCET_POOL_TARGET - held,
      cause: 'demo.faucet_fund',
      ref: `faucet_fund_${ctx.clock.now().getTime()}`,
      remark: '',
    });
  });
}
