import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

/**
 * The shop's terms: the merchant and VIP fees (USDT, from the shop wallet), the platform fee on settled orders
 * and the share of it that funds the consumer dividend pool, the days after shipping an order completes by
 * itself, the wallet's withdrawal fee and hold and the flash fee. The demo approves merchants and goods after
 * the set seconds, and its own demo merchants ship a paid order after theirs. The largest purchases are
 * confirmed like a withdrawal: a fresh signature of the account's wallet naming the total and the product.
 */
export const SHOP_SETTINGS = {
  'shop.merchant_fee': z.string().regex(DECIMAL).default('100'),
  'shop.vip_fee': z.string().regex(DECIMAL).default('50'),
  'shop.vip_days': z.number().int().positive().default(365),
  'shop.platform_fee_rate': zRate('0.05'),
  'shop.dividend_share': zRate('0.5'),
  'shop.auto_confirm_days': z.number().int().positive().default(10),
  'shop.withdraw_fee_rate': zRate('0.01'),
  'shop.withdraw_hold_s': z.number().int().min(0).default(86_400),
  'shop.flash_fee_rate': zRate('0.02'),
  'shop.min_move': z.string().regex(DECIMAL).default('1'),
  /** A purchase's total (USDT) from which it is confirmed by the wallet's signature (and the code, if on). */
  'shop.confirm_purchase_from': z.string().regex(DECIMAL).default('1000'),
  'shop.companies': z.array(z.object({ code: z.string(), name: z.string() })).default([
    { code: 'SF', name: 'SF Express' },
    { code: 'DHL', name: 'DHL' },
    { code: 'FEDEX', name: 'FedEx' },
    { code: 'UPS', name: 'UPS' },
    { code: 'EMS', name: 'EMS' },
    { code: 'KERRY', name: 'Kerry Express' },
  ]),
  'demo.shop_approve_after_s': z.number().int().min(0).default(60),
  'demo.shop_ship_after_s': z.number().int().min(0).default(30),
} as const satisfies SettingsCatalogue;
