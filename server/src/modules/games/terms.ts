import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { type GamesCtx, SHARE_SCALE } from './context';

/**
 * The games' terms as operators set them: ticket price, group size, tickets a join may spend, prize share,
 * rewards, the wait for a group to fill and the race's time.
 */
export async function terms(ctx: GamesCtx) {
  const { settings } = ctx;
  const [price, size, maxTickets, prize, rewards, timeout, race] = await Promise.all([
    settings.get('games.ticket_price'),
    settings.get('games.group_size'),
    settings.get('games.max_tickets'),
    settings.get('games.prize_share'),
    settings.get('games.rewards'),
    settings.get('games.group_timeout_s'),
    settings.get('games.race_seconds'),
  ]);
  return {
    price: parseAmount(price, USDT_SCALE) ?? 0n,
    size: Math.max(size, rewards.length),
    maxTickets,
    prizeShare: parseAmount(prize, SHARE_SCALE) ?? 0n,
    rewards,
    timeoutMs: timeout * 1000,
    raceMs: race * 1000,
  };
}
