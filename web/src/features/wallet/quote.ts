/**
 * The life of an exchange quote. The deadline is the server's `expires_at` when the device clock
 * agrees with the server's (within a few seconds); otherwise the quote's life counted from when it
 * arrived, so a device clock set wrong neither freezes nor races the countdown.
 */
const CLOCK_TOLERANCE_MS = 3000;

export function quoteDeadline(expiresAt: string, receivedAtMs: number, ttlS: number): number {
  const local = receivedAtMs + ttlS * 1000;
  const server = Date.parse(expiresAt);
  if (Number.isNaN(server)) return local;
  return Math.abs(server - local) <= CLOCK_TOLERANCE_MS ? Math.min(server, local) : local;
}

/** Whole seconds left until the deadline (rounded up), never below 0. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** Share of the quote's life still left, 0…1, for the countdown ring. */
export function lifeLeft(deadlineMs: number, nowMs: number, ttlS: number): number {
  if (ttlS <= 0) return 0;
  return Math.min(1, Math.max(0, (deadlineMs - nowMs) / (ttlS * 1000)));
}
