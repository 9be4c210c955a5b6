import { parseAmount, USDT_SCALE } from '@nexa/contract';

/**
 * The link a friend opens to sign up with my code: the app's sign-in at this origin with `?code=` (the
 * app uses path routing, so no hash). `loginPath` is the sign-in screen's path from the route table.
 */
export function invitationLink(origin: string, loginPath: string, code: string): string {
  const base = origin.replace(/\/+$/, '');
  return `${base}${loginPath}?code=${encodeURIComponent(code)}`;
}

/** V0 … V5. */
export function levelName(level: number): string {
  return `V${Math.max(0, Math.trunc(level))}`;
}

/** How a level of the table stands for a user at `mine`. */
export type LevelState = 'reached' | 'current' | 'next' | 'locked';

export function levelState(level: number, mine: number): LevelState {
  if (level === mine) return 'current';
  if (level < mine) return 'reached';
  return level === mine + 1 ? 'next' : 'locked';
}

/**
 * How far the team performance is toward a threshold, 0 … 1, from the threshold and what is still missing
 * (both decimal strings, computed on minor units: no float touches the amounts; only the ratio is one).
 */
export function performanceShare(threshold: string, missing: string): number {
  const need = parseAmount(threshold, USDT_SCALE);
  const left = parseAmount(missing, USDT_SCALE);
  if (need === null || left === null || need <= 0n) return 0;
  if (left <= 0n) return 1;
  if (left >= need) return 0;
  // Per ten thousand, exact in bigint, then a ratio.
  return Number(((need - left) * 10_000n) / need) / 10_000;
}

/** A share as a whole percentage for a bar's width and its label, never above 100 (floored: 99.99 % is not done). */
export function percentText(share: number): string {
  const pct = Math.floor(Math.min(1, Math.max(0, share)) * 100);
  return `${pct}%`;
}
