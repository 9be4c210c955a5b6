import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zDecimalText, zRate, zUsdt } from '../../kernel/settings';

export const WALLET_SETTINGS = {
  /** Per withdrawable asset: minimum, fee, daily limit and the amount from which two operators must approve. */
  'withdraw.rules': z
    .record(
      z.string(),
      z.object({
        min: z.string().regex(DECIMAL),
        fee: z.string().regex(DECIMAL),
        daily_limit: z.string().regex(DECIMAL),
        dual_approval_from: z.string().regex(DECIMAL),
      }),
    )
    .default({ USDT: { min: '10', fee: '1', daily_limit: '50000', dual_approval_from: '10000' } }),
  /** The smallest transfer, in the transferred asset. */
  'transfer.min': zDecimalText('1'),
  'exchange.fee_rate': zRate('0.005'),
  'exchange.quote_ttl_s': z.number().int().positive().default(30),
  /** An exchange is refused when the book gives less than its quote by more than this fraction. */
  'exchange.slippage': zRate('0.01'),
  /**
   * Reference prices in USDT for valuing assets that have no live market (wallet totals), and where the
   * built-in reference market starts. They never price a trade: the exchange converts only on live books.
   */
  'exchange.prices_usdt': z.record(z.string(), z.string().regex(DECIMAL)).default({
    USDT: '1',
    BTC: '65000',
    ETH: '3200',
    BWC: '0.5',
    BWT: '0.2',
    ALEO: '1.2',
    DOMI: '0.05',
    SATS: '0.0003',
    RRT: '0.1',
    NEU: '2',
  }),
  /** Manual credits (no chain confirmation) worth this much USDT or more need a second operator. */
  'deposit.manual_second_approval_usdt': zUsdt('1000'),
} as const satisfies SettingsCatalogue;
