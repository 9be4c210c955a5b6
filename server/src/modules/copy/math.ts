/** Copy trading's amounts and figures as text: pure functions of their inputs. */
import { formatAmount, parseAmount, USDT_SCALE } from '@nexa/contract';
import type { Tier } from './context';

export const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);
export const abs = (v: bigint) => (v < 0n ? -v : v);
export const DAY = 86_400_000;
export const TIERS: readonly Tier[] = ['junior', 'intermediate', 'senior'];
/** Percent with two decimals of num / den ("12.34"); 0 when den is not positive. */
export function pct(num: bigint, den: bigint): string {
  if (den <= 0n) return '0';
  const v = (num * 10_000n) / den;
  return `${v < 0n ? '-' : ''}${formatAmount(abs(v), 2)}`;
}
/** Public name of a user: their short id, masked in the middle for others' eyes. */
export const masked = (uid: string) => (uid.length <= 4 ? uid : `${uid.slice(0, 2)}***${uid.slice(-2)}`);
export const parseUsdt = (text: string) => parseAmount(text, USDT_SCALE) ?? 0n;
export const parseRatio = (text: string) => parseAmount(text, 8);

export function parseSigned(text: string): bigint {
  const neg = text.startsWith('-');
  const v = parseUsdt(neg ? text.slice(1) : text);
  return neg ? -v : v;
}
