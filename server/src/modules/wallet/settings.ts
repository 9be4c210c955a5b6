import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zDecimalText, zRate, zUsdt } from '../../kernel/settings';
import { ADDRESS_FAMILIES } from './chain/addresses';

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
    .default({
      USDT: { min: '10', fee: '1', daily_limit: '50000', dual_approval_from: '10000' },
      NEU: { min: '5', fee: '0.5', daily_limit: '25000', dual_approval_from: '5000' },
      BTC: { min: '0.001', fee: '0.0002', daily_limit: '2', dual_approval_from: '0.5' },
    }),
  /** Hours a newly saved withdrawal address waits before whitelist mode lets a withdrawal use it. */
  'withdraw.new_address_delay_h': z.number().min(0).max(720).default(24),
  /**
   * Per network (`evm`, `bsc`, …): the hot wallet balance, in the token it pays, below which approved
   * withdrawals wait (stage `queued`) and operators are told on the dashboard; absent: only the amount itself.
   */
  'withdraw.hot_wallet_min': z.record(z.string(), z.string().regex(DECIMAL)).default({}),
  /** Blocks a sent withdrawal may wait without a receipt before it is replaced with higher fees (same nonce). */
  'withdraw.bump_after_blocks': z.number().int().min(1).max(1000).default(12),
  /** Saved withdrawal addresses a user may keep. */
  'withdraw.address_book_max': z.number().int().min(1).max(500).default(50),
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
    SOL: '150',
    XRP: '0.6',
    BNB: '580',
    DOGE: '0.15',
    ADA: '0.45',
    TRX: '0.12',
    LTC: '80',
    LINK: '14',
  }),
  /**
   * Where users deposit: per asset and network, the chain it is recorded under (the chain adapter's name
   * where one watches it), the address family its addresses derive in, the minimum, the confirmations
   * needed, and the explorer's link patterns (`{tx}`, `{address}`).
   */
  'deposit.networks': z
    .array(
      z.object({
        asset: z.string(),
        chain: z.string().regex(/^[a-z0-9_-]{1,20}$/),
        network: z.string().min(1).max(20),
        family: z.enum(ADDRESS_FAMILIES),
        min: z.string().regex(DECIMAL),
        confirmations: z.number().int().min(1).max(1000),
        tx_url: z.string().url(),
        address_url: z.string().url(),
      }),
    )
    .default([
      {
        asset: 'USDT',
        chain: 'evm',
        network: 'ERC20',
        family: 'evm',
        min: '10',
        confirmations: 12,
        tx_url: 'https://etherscan.io/tx/{tx}',
        address_url: 'https://etherscan.io/address/{address}',
      },
      {
        asset: 'USDT',
        chain: 'tron',
        network: 'TRC20',
        family: 'tron',
        min: '1',
        confirmations: 19,
        tx_url: 'https://tronscan.org/#/transaction/{tx}',
        address_url: 'https://tronscan.org/#/address/{address}',
      },
      {
        asset: 'USDT',
        chain: 'bsc',
        network: 'BEP20',
        family: 'evm',
        min: '1',
        confirmations: 15,
        tx_url: 'https://bscscan.com/tx/{tx}',
        address_url: 'https://bscscan.com/address/{address}',
      },
      {
        asset: 'ETH',
        chain: 'evm',
        network: 'ERC20',
        family: 'evm',
        min: '0.005',
        confirmations: 12,
        tx_url: 'https://etherscan.io/tx/{tx}',
        address_url: 'https://etherscan.io/address/{address}',
      },
      {
        asset: 'BTC',
        chain: 'bitcoin',
        network: 'Bitcoin',
        family: 'bitcoin',
        min: '0.0005',
        confirmations: 2,
        tx_url: 'https://mempool.space/tx/{tx}',
        address_url: 'https://mempool.space/address/{address}',
      },
    ]),
  /** Demo funds per claim (USDT), once per user and platform day; paid only where the demo faucet is on. */
  'faucet.amount': zUsdt('10000'),
  /** Manual credits (no chain confirmation) worth this much USDT or more need a second operator. */
  'deposit.manual_second_approval_usdt': zUsdt('1000'),
} as const satisfies SettingsCatalogue;
