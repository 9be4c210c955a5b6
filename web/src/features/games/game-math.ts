import { formatAmount, parseAmount } from '@nexa/contract';

/** Decimals every price and amount is counted in here (more than any asset carries). */
const SCALE = 18;

/** A fresh client seed: `bytes` random bytes (16 → 32 hex characters) from the browser's generator. */
export function newClientSeed(bytes = 16): string {
  const data = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the server takes as a client seed: 8 to 64 lower-case hex characters. */
export function isClientSeed(text: string): boolean {
  return /^[0-9a-f]{8,64}$/.test(text);
}

/** A seed as typed: lower case, hex digits only, at most 64. */
export function sanitizeSeed(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 64);
}

/** A ticket count as typed: digits only, no leading zeros, at most 4 digits. */
export function sanitizeCount(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 4);
}

export type CountProblem = 'required' | 'invalid' | 'tooMany' | 'notEnough';

/**
 * What is wrong with a typed ticket count: empty, not a whole number from 1, above the most one call takes,
 * above the tickets held (`have`, when joining); null when it is fine.
 */
export function checkCount(text: string, max: number, have: number | null = null): CountProblem | null {
  const t = text.trim();
  if (t === '') return 'required';
  if (!/^\d+$/.test(t) || Number(t) < 1) return 'invalid';
  if (Number(t) > max) return 'tooMany';
  if (have !== null && Number(t) > have) return 'notEnough';
  return null;
}

/** price × count, exactly (decimal strings, no float): "2.5" × 3 = "7.5". "0" for a price that is no number. */
export function timesCount(price: string, count: number): string {
  const units = parseAmount(price.trim(), SCALE);
  if (units === null || !Number.isInteger(count) || count < 0) return '0';
  return formatAmount(units * BigInt(count), SCALE);
}

/** Whether a ≤ b for decimal strings (unreadable counts as 0). */
export function notAbove(a: string, b: string): boolean {
  return (parseAmount(a, SCALE) ?? 0n) <= (parseAmount(b, SCALE) ?? 0n);
}

/**
 * The most tickets affordable with `funds` at `price` each, capped at `max` (whole tickets, rounded down); 0
 * when the price is no positive number.
 */
export function affordableCount(funds: string, price: string, max: number): number {
  const f = parseAmount(funds.trim(), SCALE);
  const p = parseAmount(price.trim(), SCALE);
  if (f === null || p === null || p === 0n) return 0;
  const n = f / p;
  return n > BigInt(max) ? max : Number(n);
}

/** How full a group is, 0–100. */
export function fillPercent(entrants: number, size: number): number {
  if (size <= 0) return 0;
  return Math.min(100, Math.max(0, (entrants / size) * 100));
}

/** Whole seconds left until `until` (ISO time or epoch ms) at `now`, never below 0. */
export function secondsLeft(until: string | number | null, now: number): number | null {
  if (until === null) return null;
  const end = typeof until === 'number' ? until : Date.parse(until);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** mm:ss for a countdown. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "1st", "2nd"… is language work; this gives the rank badge's tone: gold, silver, bronze or plain. */
export function rankTone(rank: number | null): 'gold' | 'silver' | 'bronze' | 'plain' {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : 'plain';
}
