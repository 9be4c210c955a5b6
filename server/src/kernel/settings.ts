import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Store } from '../store';
import { settings } from '../store/schema';

/** A plain non-negative decimal. */
const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;
/** A fraction below 1 with at most 8 decimals (fee rates, price bands). */
const RATE = /^0(\.\d{1,8})?$/;

const spot = (base: string, tick_size: string, lot_size: string) => ({
  inst_id: `${base}-USDT`,
  base,
  quote: 'USDT',
  tick_size,
  lot_size,
  min_notional: '5',
  enabled: true,
});

/**
 * Operator configuration: every business number lives here, typed and defaulted in code,
 * overridden by rows of the settings table.
 */
export const SETTINGS = {
  'auth.invitation_required': z.boolean().default(true),
  'auth.login_per_ip_per_minute': z.number().int().positive().default(30),
  'auth.email_per_ip_per_10min': z.number().int().positive().default(10),
  'auth.email_interval_s': z.number().int().positive().default(60),
  'auth.email_code_ttl_s': z.number().int().positive().default(600),
  'auth.message_max_age_s': z.number().int().positive().default(300),
  'referral.valid_volume_usdt': z.string().default('100'),
  /** Per withdrawable asset: minimum, fee, daily limit and the amount from which two operators must approve. */
  'withdraw.rules': z
    .record(
      z.string(),
      z.object({ min: z.string(), fee: z.string(), daily_limit: z.string(), dual_approval_from: z.string() }),
    )
    .default({ USDT: { min: '10', fee: '1', daily_limit: '50000', dual_approval_from: '10000' } }),
  'transfer.min': z.string().default('1'),
  'exchange.fee_rate': z.string().default('0.005'),
  'exchange.quote_ttl_s': z.number().int().positive().default(30),
  /** An exchange is refused when the book gives less than its quote by more than this fraction. */
  'exchange.slippage': z.string().regex(RATE).default('0.01'),
  /**
   * Reference prices in USDT for valuing assets that have no live market (wallet totals). They never price a
   * trade: the exchange converts only on live books.
   */
  'exchange.prices_usdt': z.record(z.string(), z.string()).default({
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
  /**
   * Spot instruments. Prices are in the quote asset, sizes in the base asset (decimal text). tick × lot must
   * be a whole number of the quote's minor units per base unit, so every fill's notional is exact. tick and
   * lot are read when the market starts (a book's steps never change under resting orders); enabled and
   * min_notional apply at once.
   */
  'market.instruments': z
    .array(
      z.object({
        inst_id: z.string().regex(/^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/),
        base: z.string(),
        quote: z.string(),
        tick_size: z.string().regex(DECIMAL),
        lot_size: z.string().regex(DECIMAL),
        /** In the quote asset. */
        min_notional: z.string().regex(DECIMAL),
        enabled: z.boolean().default(true),
      }),
    )
    .default([
      spot('BTC', '0.1', '0.0001'),
      spot('ETH', '0.01', '0.0001'),
      spot('BWC', '0.0001', '0.01'),
      spot('NEU', '0.0001', '0.01'),
    ]),
  /** Spot fees as fractions of the notional, paid in the quote asset (0.08% maker, 0.1% taker). */
  'market.maker_fee_rate': z.string().regex(RATE).default('0.0008'),
  'market.taker_fee_rate': z.string().regex(RATE).default('0.001'),
  /** Market orders given by size match no further than this fraction from the best opposite price. */
  'market.price_band': z.string().regex(RATE).default('0.05'),
  /** Peer-to-peer token market: tokens that may be listed, the seller's fee and the smallest listing value. */
  'p2p.assets': z.array(z.string()).default(['BWC', 'BWT', 'ALEO', 'DOMI', 'SATS', 'RRT', 'NEU']),
  'p2p.fee_rate': z.string().regex(RATE).default('0.002'),
  'p2p.min_usdt': z.string().regex(DECIMAL).default('5'),
  /** Operator sign-in attempts per client address and minute (password guessing). */
  'admin.login_per_ip_per_minute': z.number().int().positive().default(10),
  /** Actions (confirm, approve, reject, create) one operator may take per minute. */
  'admin.actions_per_minute': z.number().int().positive().default(30),
  /** Manual credits (no chain confirmation) worth this much USDT or more need a second operator. */
  'deposit.manual_second_approval_usdt': z.string().regex(DECIMAL).default('1000'),
  /** Live feed sockets one client address may hold open; the next one is closed at once (1008). */
  'live.max_connections_per_ip': z.number().int().positive().default(20),
  /** Platform day boundary as minutes east of UTC (UTC+8). */
  'platform.day_offset_min': z.number().int().default(480),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]>;

export interface SettingsService {
  /** Reads every setting once, so later reads never touch the store (safe inside any transaction). */
  preload(): Promise<void>;
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
  set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void>;
}

export function createSettings(store: Store): SettingsService {
  const cache = new Map<SettingKey, unknown>();
  return {
    async preload() {
      const rows = await store.db.select().from(settings);
      for (const key of Object.keys(SETTINGS) as SettingKey[]) {
        const row = rows.find((r) => r.key === key);
        cache.set(key, (SETTINGS[key] as unknown as z.ZodType).parse(row?.value ?? undefined));
      }
    },
    async get(key) {
      if (cache.has(key)) return cache.get(key) as SettingValue<typeof key>;
      const rows = await store.db.select().from(settings).where(eq(settings.key, key));
      const schema = SETTINGS[key] as unknown as z.ZodType<SettingValue<typeof key>>;
      const value = schema.parse(rows[0]?.value ?? undefined);
      cache.set(key, value);
      return value;
    },
    async set(key, value) {
      const schema = SETTINGS[key] as z.ZodType;
      const parsed = schema.parse(value);
      await store.db
        .insert(settings)
        .values({ key, value: parsed })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: new Date() } });
      cache.set(key, parsed);
    },
  };
}
