import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

const tier = z.object({ max_notional: z.string().regex(DECIMAL).nullable(), mmr: z.string().regex(DECIMAL) });

const swap = (base: string, ct_val: string, tick_size: string, max_lever: number) => ({
  inst_id: `${base}-USDT-SWAP`,
  underlying: `${base}-USDT`,
  ct_val,
  tick_size,
  max_lever,
  tiers: [
    { max_notional: '100000', mmr: '0.005' },
    { max_notional: '500000', mmr: '0.01' },
    { max_notional: '2000000', mmr: '0.02' },
    { max_notional: null, mmr: '0.05' },
  ],
  enabled: true,
});

export const FUTURES_SETTINGS = {
  /**
   * USDT-margined perpetual swaps. The index is the reference price of `underlying`; a contract is `ct_val`
   * of its base asset; prices step by `tick_size` (tick × ct_val must be a whole number of USDT minor
   * units). Maintenance-margin tiers by position value in USDT, ascending, the last without a ceiling.
   * Steps are read when the market starts; enabled, leverage and tiers apply at once.
   */
  'futures.instruments': z
    .array(
      z.object({
        inst_id: z.string().regex(/^[A-Z0-9]{2,10}-USDT-SWAP$/),
        underlying: z.string().regex(/^[A-Z0-9]{2,10}-USDT$/),
        ct_val: z.string().regex(DECIMAL),
        tick_size: z.string().regex(DECIMAL),
        max_lever: z.number().int().min(1).max(125),
        tiers: z.array(tier).min(1),
        enabled: z.boolean().default(true),
        /** This contract's price band (a fraction of the mark); without it, `futures.price_band`. */
        price_band: z.string().regex(DECIMAL).optional(),
      }),
    )
    .default([
      swap('BTC', '0.01', '0.1', 100),
      swap('ETH', '0.1', '0.01', 100),
      // The alts' contracts as OKX sizes them: 1 SOL, 100 XRP, 1,000 DOGE a contract.
      swap('SOL', '1', '0.01', 50),
      swap('XRP', '100', '0.0001', 50),
      swap('DOGE', '1000', '0.00001', 50),
    ]),
  /** Fees as fractions of the position value traded, paid from the futures account (0.02% maker, 0.05% taker). */
  'futures.maker_fee_rate': zRate('0.0002'),
  'futures.taker_fee_rate': zRate('0.0005'),
  /**
   * Orders match no further than this fraction from the mark price: a limit buy above mark × (1 + band) or a
   * sell below mark × (1 − band) is refused, a market order stops there. A contract's `price_band` overrides it.
   */
  'futures.price_band': zRate('0.03'),
  /** Leverage of a contract until the user chooses one. */
  'futures.default_lever': z.number().int().min(1).max(125).default(10),
  /** Hours between funding settlements, counted from 00:00 UTC. */
  'futures.funding_interval_h': z.number().int().min(1).max(24).default(8),
  /** Largest funding rate either way per settlement. */
  'futures.funding_cap': zRate('0.0075'),
  /** The mark price's premium over the index is capped at this fraction of the index. */
  'futures.mark_premium_cap': zRate('0.005'),
  /** Weight of the newest premium sample in the mark price's moving average (one sample a second). */
  'futures.mark_smoothing': zRate('0.1'),
  /**
   * A position whose margin ratio (maintenance margin over equity) reaches this is warned once, until its
   * margin or size changes ("liquidation warning"); it is liquidated at 1.
   */
  'futures.liq_warn_ratio': zRate('0.8'),
  /** A user's order (not a liquidation's) filled for at least this notional, USDT, is told; 0 tells none. */
  'futures.large_fill_usdt': z.string().regex(DECIMAL).default('1000'),
  /** Largest order in contracts. */
  'futures.max_order_contracts': z.number().int().min(1).default(100_000),
  /** What the demo puts into the futures insurance fund at its first start, USDT. */
  'futures.demo_insurance_fund': z.string().regex(DECIMAL).default('1000000'),
} as const satisfies SettingsCatalogue;

type SwapInstrument = z.output<(typeof FUTURES_SETTINGS)['futures.instruments']>[number];

/**
 * What would stop the swap books from being built with this list (checked before an operator's change is
 * kept): a contract value and tick that make whole USDT minor units, a known base asset, ascending tiers
 * with the last one open-ended, each contract once. Null when nothing.
 */
export function swapInstrumentsProblem(
  list: readonly SwapInstrument[],
  find: (symbol: string) => { readonly scale: number } | undefined,
): string | null {
  const seen = new Set<string>();
  for (const c of list) {
    if (seen.has(c.inst_id)) return `${c.inst_id} is listed twice`;
    seen.add(c.inst_id);
    const [base = '', quote = ''] = c.underlying.split('-');
    if (c.inst_id !== `${base}-${quote}-SWAP`)
      return `${c.inst_id} does not match its underlying ${c.underlying}`;
    const asset = find(base);
    if (!asset) return `${c.inst_id} names an asset the platform does not have`;
    const ct = parseAmount(c.ct_val, asset.scale);
    const tick = parseAmount(c.tick_size, USDT_SCALE);
    if (!ct || ct <= 0n || !tick || tick <= 0n)
      return `${c.inst_id}: the contract value and tick must be positive`;
    if ((tick * ct) % 10n ** BigInt(asset.scale) !== 0n) {
      return `${c.inst_id}: tick × contract value must be a whole number of USDT minor units`;
    }
    if (c.price_band !== undefined) {
      const band = parseAmount(c.price_band, 8);
      if (band === null || band <= 0n || band >= 10n ** 8n)
        return `${c.inst_id}: the price band must be a fraction between 0 and 1`;
    }
    let last: bigint | null = 0n;
    for (const [i, t] of c.tiers.entries()) {
      const open = t.max_notional === null;
      if (open !== (i === c.tiers.length - 1)) return `${c.inst_id}: only the last tier is open-ended`;
      const cap = open ? null : parseAmount(t.max_notional ?? '', USDT_SCALE);
      if (cap !== null && last !== null && cap <= last) return `${c.inst_id}: tiers must rise`;
      last = cap;
    }
  }
  return null;
}
