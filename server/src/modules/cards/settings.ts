import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

/**
 * Cards and identity verification. The card types on offer (BIN, brand, virtual or physical, fee in USDT),
 * how many of each kind a user may hold, the top-up fee and minimum, the replacement fee; the youngest age
 * verified; uploads' size limit and how long their links live. The demo's simulated issuer ships a physical
 * card after the set seconds; a pending verification is approved by itself after the set seconds only while
 * `demo.kyc_auto_approve` is on (the demo seed turns it on; never in production), else it waits for an operator.
 * The fees apply to a real issuer's cards: a test card of the simulated issuer costs nothing.
 */
export const CARDS_SETTINGS = {
  'cards.bins': z
    .array(
      z.object({
        bin: z.string().regex(/^\d{6,8}$/),
        brand: z.string(),
        kind: z.enum(['virtual', 'physical']),
        currency: z.string(),
        fee: z.string().regex(DECIMAL),
      }),
    )
    .default([
      { bin: '424242', brand: 'VISA', kind: 'virtual', currency: 'USD', fee: '10' },
      { bin: '535522', brand: 'Mastercard', kind: 'virtual', currency: 'USD', fee: '10' },
      { bin: '455676', brand: 'VISA', kind: 'physical', currency: 'USD', fee: '30' },
    ]),
  'cards.max_virtual': z.number().int().min(0).default(3),
  'cards.max_physical': z.number().int().min(0).default(1),
  'cards.topup_fee_rate': zRate('0.01'),
  'cards.topup_min': z.string().regex(DECIMAL).default('10'),
  'cards.replace_fee': z.string().regex(DECIMAL).default('5'),
  'cards.activation_attempts': z.number().int().positive().default(5),
  'cards.pin_changes_per_hour': z.number().int().positive().default(5),
  /** How far an issuer's webhook timestamp may be from our clock. */
  'cards.webhook_tolerance_s': z.number().int().positive().default(300),
  'kyc.min_age': z.number().int().min(0).default(18),
  'uploads.max_bytes': z
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /**
   * 25 MP: the largest photo a phone makes by default (an iPhone's 24 MP, 5,712 × 4,284) passes as it is,
   * while an identity document needs far less (a card at 600 dpi is about 2,000 × 1,300). Decoding time and
   * memory grow with pixels, not bytes: a 116 KB PNG can declare 40 MP. Never above 40 MP (PIXEL_CEILING).
   */
  'uploads.max_pixels': z.number().int().positive().default(25_000_000),
  /** Seconds one image's decoding and encoding may take before it is stopped and refused. */
  'uploads.decode_timeout_s': z.number().int().min(1).max(60).default(10),
  /** Images decoded at once, off the event loop (each on one libvips thread of the pool under Node). */
  'uploads.decode_concurrency': z.number().int().min(1).max(8).default(2),
  'uploads.link_ttl_s': z.number().int().positive().default(300),
  'uploads.per_hour': z.number().int().positive().default(30),
  'demo.card_ship_after_s': z.number().int().min(0).default(60),
  'demo.kyc_approve_after_s': z.number().int().min(0).default(60),
  /** Verifications approved by themselves, without any check (the demo only; ignored in production). */
  'demo.kyc_auto_approve': z.boolean().default(false),
  /** A card still being issued this long after its fee was taken is asked of the issuer again, or refunded. */
  'cards.issuing_retry_s': z.number().int().min(1).default(60),
} as const satisfies SettingsCatalogue;
