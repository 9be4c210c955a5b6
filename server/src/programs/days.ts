import type { Clock } from '../kernel/clock';
import type { SettingsService } from '../kernel/settings';

export const DAY_MS = 86_400_000;

/**
 * Platform days: numbered from the epoch, each starting at 00:00 of the platform's zone (UTC+8 by default,
 * `platform.day_offset_min`). Periodic payouts, daily limits and leaderboards count in these days.
 */
export function platformDays(deps: { settings: SettingsService; clock: Clock }) {
  async function offsetMs(): Promise<number> {
    return (await deps.settings.get('platform.day_offset_min')) * 60_000;
  }
  /** Index of the day holding `t`. */
  async function dayOf(t: Date): Promise<number> {
    return Math.floor((t.getTime() + (await offsetMs())) / DAY_MS);
  }
  /** The start of a day by its index. */
  async function dayStart(day: number): Promise<Date> {
    return new Date(day * DAY_MS - (await offsetMs()));
  }
  /** Index of today. */
  const today = () => dayOf(deps.clock.now());
  return { offsetMs, dayOf, dayStart, today };
}

export type PlatformDays = ReturnType<typeof platformDays>;
