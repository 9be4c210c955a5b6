import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue } from '../../kernel/settings';

const share = z.string().regex(/^0(\.\d{1,8})?$|^1(\.0{1,8})?$/);

/** Race and quiz games (RULES.md, Games). */
export const GAMES_SETTINGS = {
  /** USDT per ticket; also the principal each ticket of an entry locks. */
  'games.ticket_price': z.string().regex(DECIMAL).default('10'),
  /** Entrants that form a group (at least as many as there are rewards). */
  'games.group_size': z.number().int().min(3).max(100).default(10),
  /** Most tickets one entry may use. */
  'games.max_tickets': z.number().int().min(1).max(1000).default(10),
  /** Share of the spent tickets' worth that goes to the prize pool; the rest is the platform's. */
  'games.prize_share': share.default('0.9'),
  /** Shares of the prize pool for ranks 1, 2, 3 (they add up to 1). */
  'games.rewards': z
    .array(share)
    .min(1)
    .max(10)
    .refine(
      (l) =>
        l.reduce((s, x) => s + Number(x), 0) > 0.99999999 &&
        l.reduce((s, x) => s + Number(x), 0) < 1.00000001,
      'shares add up to 1',
    )
    .default(['0.5', '0.3', '0.2']),
  /** Seconds a group waits to fill after its first entrant before it refunds everyone. */
  'games.group_timeout_s': z.number().int().min(10).default(600),
  /** Seconds the race runs between the group forming and its settlement. */
  'games.race_seconds': z.number().int().min(0).max(600).default(15),
  /** Tokens that exchange for tickets at their price from the one price source. */
  'games.exchange_assets': z.array(z.string()).default(['BWC', 'BWT']),
  /** Most tickets one user may exchange from tokens in a platform day (the game fund backs them). */
  'games.exchange_daily_tickets': z.number().int().min(0).max(100_000).default(100),
  /** The demo: racers that fill a group a real user joined, one every this many seconds. */
  'games.demo_racers': z.number().int().min(0).max(100).default(12),
  'games.demo_join_s': z.number().min(0).max(60).default(2),
  /** USDT the demo racers' pool is filled up to at each start of the demo (it pays the demo seats). */
  'games.demo_pool': z.string().regex(DECIMAL).default('1000000'),
  /** Hours a quiz question stays open for everyone when its operator gives no closing time. */
  'games.quiz_open_hours': z
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(24),
  /** USDT the demo puts into the game fund at its first start. */
  'games.demo_fund': z.string().regex(DECIMAL).default('100000'),
} as const satisfies SettingsCatalogue;
