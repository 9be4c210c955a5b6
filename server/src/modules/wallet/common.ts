import { type Cause, type ExactDecimal, formatAmount, parseAmount, USDT_SCALE } from '@nexa/contract';
import type { AssetInfo } from '../../kernel/assets';
import type { AppDeps } from '../../kernel/context';
import { ValidationError } from '../../kernel/errors';
import type { Ledger } from '../../ledger';
import type { ConfirmPort, SecurityChangePort } from '../../ports/confirm';
import { platformDays } from '../../programs/days';
import type { Tx } from '../../store';
import type { ChainAdapter } from './chain/types';
import { WALLET_SETTINGS } from './settings';

export type { AssetInfo } from '../../kernel/assets';

/** A chain the platform watches deposits on (and, EVM, pays withdrawals from): `chain/types.ts`. */
export type { ChainAdapter } from './chain/types';

/** A market order as the exchange places it. */
export interface ConvertOrder {
  readonly instId: string;
  readonly side: 'buy' | 'sell';
  readonly type: 'market';
  readonly sz: ExactDecimal;
  readonly tgtCcy: 'base_ccy' | 'quote_ccy';
  readonly tif?: 'FOK' | 'IOC';
  readonly request_id?: string | undefined;
}

/** What the exchange reads of a filled order. */
export interface ConvertFill {
  readonly side: 'buy' | 'sell';
  readonly filledSize: bigint;
  readonly filledQuote: bigint;
  readonly fee: bigint;
}

/**
 * The live spot books, as the exchange and the wallet's valuations use them (the app wires the market in).
 * There is one price source for the platform: an exchange is a market order on the same book traders use,
 * so no round trip between the exchange and the book can return more than it started with.
 */
export interface ConvertVenue {
  instruments(): Promise<ReadonlyArray<{ instId: string; base: string; quote: string; enabled: boolean }>>;
  estimate(
    instId: string,
    side: 'buy' | 'sell',
    amount: bigint,
    takerRate: string,
  ): Promise<{ spend: bigint; receive: bigint; fee: bigint; sz: ExactDecimal }>;
  submitFor<R>(
    userId: number,
    order: ConvertOrder,
    extras: {
      scope: string;
      body: unknown;
      takerRate: string;
      cause: Cause;
      remark: string;
      within: (tx: Tx, fill: ConvertFill, ledgerTxId: number) => Promise<R>;
    },
  ): Promise<R>;
  midPrice(instId: string): { price: bigint; scale: number } | null;
  /** The books' taker fee rate (the exchange never charges less). */
  takerFeeRate(): Promise<{ readonly text: string; readonly units: bigint }>;
}

export interface WalletDeps extends AppDeps {
  readonly ledger: Ledger;
  /** The networks whose deposits are watched (none: operators confirm every deposit). */
  readonly chains: readonly ChainAdapter[];
  readonly venue: ConvertVenue | null;
  /**
   * What a user's open futures positions are worth now, USDT minor units (their margin and unrealized PnL at
   * the mark): money held by the positions, outside the user's ledger accounts, but the user's all the same.
   */
  readonly positionsEquity?: (userId: number) => bigint;
  /**
   * What a user's futures account must keep for their cross positions, USDT minor units: a transfer out of it
   * may take the available balance less this (0 without cross positions or futures).
   */
  readonly crossKept?: (userId: number) => bigint;
  /** Withdrawals and transfers are confirmed by a fresh wallet signature and the second factor (auth). */
  readonly confirm?: ConfirmPort;
  /** The whitelist switch is a change of the security settings (auth checks the code and starts the lock). */
  readonly security?: SecurityChangePort;
}

/** Assets and amounts: parsing, formatting and prices in USDT (the live book's where there is one). */
export function createAssets(deps: AppDeps & { readonly venue: ConvertVenue | null }) {
  /** The enabled assets in the operators' order (from the asset registry: never a store read). */
  async function all(): Promise<Map<string, AssetInfo>> {
    return new Map(deps.assets.list().flatMap((a) => (a.enabled ? [[a.symbol, a] as const] : [])));
  }

  async function get(symbol: string, field = 'asset'): Promise<AssetInfo> {
    const a = (await all()).get(symbol);
    if (!a) throw new ValidationError(field, 'invalid_value');
    return a;
  }

  function show(asset: AssetInfo, minor: bigint): string {
    return formatAmount(minor, asset.scale);
  }

  /**
   * Price of one unit in USDT at 18 decimals: the mid of the live book against USDT where there is one,
   * else the operator's reference price (assets with no market), else null.
   */
  async function priceUsdt18(symbol: string): Promise<bigint | null> {
    if (symbol === 'USDT') return 10n ** 18n;
    const live = deps.venue?.midPrice(`${symbol}-USDT`);
    if (live) return live.price * 10n ** BigInt(18 - live.scale);
    const text = (await deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'))[symbol];
    const p = text === undefined ? null : parseAmount(text, 18);
    return p !== null && p > 0n ? p : null;
  }

  /** Value of `minor` units of an asset in USDT minor units, rounded down. */
  async function usdtValue(asset: AssetInfo, minor: bigint): Promise<bigint> {
    if (minor === 0n) return 0n;
    const p = await priceUsdt18(asset.symbol);
    if (p === null) return 0n;
    return (minor * p * 10n ** BigInt(USDT_SCALE)) / (10n ** BigInt(asset.scale) * 10n ** 18n);
  }

  return { all, get, show, priceUsdt18, usdtValue };
}

export type Assets = ReturnType<typeof createAssets>;

/** Start of the platform day containing `now` (UTC+8 by default). */
export async function platformDayStart(deps: AppDeps): Promise<Date> {
  const days = platformDays(deps);
  return days.dayStart(await days.today());
}

export const iso = (d: Date) => d.toISOString();
