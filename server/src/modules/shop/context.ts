import { formatAmount, parseAmount, type ResponseData, USDT_SCALE } from '@nexa/contract';
import type { Config } from '../../config';
import type { Clock } from '../../kernel/clock';
import type { AppDeps } from '../../kernel/context';
import { ValidationError } from '../../kernel/errors';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { ConfirmPort } from '../../ports/confirm';
import type { PlatformDays } from '../../programs/days';
import type { SharedEmission, SharedEmissions } from '../../programs/shared-emission';
import type { Store, Tx } from '../../store';
import type { SHOP_SETTINGS } from './settings';
import type { shopMerchants, shopMoves, shopOrders, shopProducts } from './tables';

export const SHOP_SYSTEM = {
  escrow: 'system:shop:escrow',
  revenue: 'system:shop:revenue',
  dividend: 'system:shop:dividend',
  capital: SYSTEM.capital('shop'),
} as const;

/** Uploaded images, through the module that keeps uploads. */
export interface ShopUploadsPort {
  begin(
    userId: number,
    body: { purpose: 'product'; content_type: string; size: number },
  ): Promise<ResponseData<'/api/shop/uploadImg'>>;
  /** Takes a stored goods image of the user for `by` (inside the caller's transaction); false when it cannot. */
  claim(tx: Tx, userId: number, id: string, by: string): Promise<boolean>;
  /** A link anyone may open, for a goods image. */
  publicLink(id: string): Promise<{ upload_id: string; url: string } | null>;
}

export interface ShopDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly uploads: ShopUploadsPort;
  /** The largest purchases are confirmed by a fresh wallet signature and the second factor (auth checks). */
  readonly confirm?: ConfirmPort;
}

/** What the shop's operations share: its dependencies, settings, platform days and dividend engine. */
export interface ShopCtx {
  readonly deps: ShopDeps;
  readonly store: Store;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly config: Config;
  readonly settings: Settings<typeof SHOP_SETTINGS>;
  readonly days: PlatformDays;
  readonly shared: SharedEmissions;
  /** The consumer dividend, as the shared emission pays it. */
  readonly dividend: SharedEmission;
  /** The demo merchants' accounts (with the demo seed), found at start. */
  readonly demoUsers: Set<number>;
  /** A USDT amount setting of the shop, in minor units. */
  setting(key: ShopAmountKey): Promise<bigint>;
}

/** The shop's settings that are USDT amounts. */
export type ShopAmountKey =
  | 'shop.merchant_fee'
  | 'shop.vip_fee'
  | 'shop.min_move'
  | 'shop.confirm_purchase_from';

export type MerchantRow = typeof shopMerchants.$inferSelect;
export type ProductRow = typeof shopProducts.$inferSelect;
export type OrderRow = typeof shopOrders.$inferSelect;
export type MoveRow = typeof shopMoves.$inferSelect;
export type OrderView = ResponseData<'/v1/shop/orderDetail'>;

export const USDT = 'USDT';
export const fmt = (v: bigint) => formatAmount(v, USDT_SCALE);
export const PROGRAM = 'shop:dividend';

/** A positive USDT amount, or the field is invalid. */
export const money = (text: string, field = 'amount') => {
  const v = parseAmount(text, USDT_SCALE);
  if (v === null || v <= 0n) throw new ValidationError(field, 'invalid_value');
  return v;
};

/** A user's shop wallet. */
export const shopAcc = (userId: number) => ({ userId, asset: USDT, kind: 'shop' as const });
