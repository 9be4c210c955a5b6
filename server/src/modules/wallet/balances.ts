/** The user's balances: every asset of every account (or of one), zeros included, with their value in USDT. */
import { formatAmount, USDT_SCALE } from '@nexa/contract';
import type { UserAccountKind } from '../../ledger';
import type { Tx } from '../../store';
import type { AssetInfo } from './common';
import { ACCOUNT_KINDS, type WalletCtx } from './context';

export async function balanceRow(
  ctx: WalletCtx,
  asset: AssetInfo,
  kind: UserAccountKind,
  available: bigint,
  frozen: bigint,
) {
  return {
    asset: asset.symbol,
    name: asset.name,
    account: kind,
    available: ctx.assets.show(asset, available),
    frozen: ctx.assets.show(asset, frozen),
    usdt_value: formatAmount(await ctx.assets.usdtValue(asset, available + frozen), USDT_SCALE),
    display_precision: asset.displayPrecision,
  };
}

/** Every asset of every account (or of one), zeros included, and the total in USDT. */
export async function finance(ctx: WalletCtx, userId: number, account?: UserAccountKind) {
  const all = await ctx.assets.all();
  const held = new Map((await ctx.ledger.balances(userId)).map((b) => [`${b.asset}:${b.kind}`, b]));
  const kinds = account ? [account] : ACCOUNT_KINDS;
  const list = [];
  let total = 0n;
  for (const kind of kinds) {
    for (const asset of all.values()) {
      const b = held.get(`${asset.symbol}:${kind}`);
      const available = b?.available ?? 0n;
      const frozen = b?.frozen ?? 0n;
      total += await ctx.assets.usdtValue(asset, available + frozen);
      list.push(await balanceRow(ctx, asset, kind, available, frozen));
    }
  }
  // Margin in open positions (with their unrealized PnL) belongs to the futures account's total.
  if (kinds.includes('futures')) total += ctx.positionsEquity(userId);
  return { total_usdt: formatAmount(total, USDT_SCALE), list };
}

export async function oneBalance(
  ctx: WalletCtx,
  tx: Tx,
  userId: number,
  asset: AssetInfo,
  kind: UserAccountKind,
) {
  const b = (await ctx.ledger.balances(userId, tx)).find((x) => x.asset === asset.symbol && x.kind === kind);
  return balanceRow(ctx, asset, kind, b?.available ?? 0n, b?.frozen ?? 0n);
}
