import { applyRate, formatAmount, parseAmount, parseRate, USDT_SCALE } from '@nexa/contract';

/*
 * The cards' pure rules, as the screens apply them before asking the server (which checks them again):
 * the top-up fee, a document number against its country's format, the holder's age, a PIN too easy to
 * guess, an image the upload would refuse (shared with the shop's goods images).
 */

export { imageProblem, sizeText } from '../../lib/image-file';

/** How long a revealed card number and CVV stay on screen. */
export const REVEAL_MS = 30_000;

/**
 * A top-up of `amount` at `rate` (both decimal strings): the fee is amount × rate, rounded up to the
 * micro-USDT (a fee the platform charges never rounds down to free), and what reaches the card is the
 * rest. Null when the amount is not a positive USDT amount or the rate not a fraction below 1.
 */
export function topupSplit(amount: string, rate: string): { fee: string; received: string } | null {
  const units = parseAmount(amount.trim(), USDT_SCALE);
  const r = parseRate(rate.trim());
  if (units === null || units <= 0n || r === null) return null;
  const fee = applyRate(units, r, 'ceil');
  return { fee: formatAmount(fee, USDT_SCALE), received: formatAmount(units - fee, USDT_SCALE) };
}

/** A document number as it is sent: no spaces, upper case (as printed on the document). */
export function normalizeDocNumber(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The country's pattern as a whole-string test; null when there is none or it does not compile. */
function wholePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(`^(?:${pattern.replace(/^\^/, '').replace(/\$$/, '')})$`);
  } catch {
    return null;
  }
}

export type DocNumberProblem = 'required' | 'invalid';

/**
 * What is wrong with a document number for its country and type: empty, or not of the format the country
 * publishes for that document (`doc_patterns[doc_type]`, and always 4 to 30 characters). Null when fine.
 */
export function docNumberProblem(text: string, pattern: string | undefined): DocNumberProblem | null {
  const value = normalizeDocNumber(text);
  if (value === '') return 'required';
  if (value.length < 4 || value.length > 30) return 'invalid';
  const re = wholePattern(pattern);
  return re && !re.test(value) ? 'invalid' : null;
}

interface Ymd {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** A calendar date "YYYY-MM-DD" that exists (no 31 April, 29 February only in leap years). */
export function parseYmd(text: string): Ymd | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Full years from `birth` to `today` (both "YYYY-MM-DD"); null when either is not a date or birth is later. */
export function ageOn(birth: string, today: string): number | null {
  const b = parseYmd(birth);
  const t = parseYmd(today);
  if (!b || !t) return null;
  if (b.y > t.y || (b.y === t.y && (b.m > t.m || (b.m === t.m && b.d > t.d)))) return null;
  let age = t.y - b.y;
  if (t.m < b.m || (t.m === b.m && t.d < b.d)) age -= 1;
  return age;
}

export type BirthDateProblem = 'required' | 'invalid' | 'tooYoung';

/** What is wrong with a date of birth for someone who must be at least `minAge` today. */
export function birthDateProblem(birth: string, today: string, minAge: number): BirthDateProblem | null {
  if (birth.trim() === '') return 'required';
  const age = ageOn(birth, today);
  if (age === null || age > 130) return 'invalid';
  return age < minAge ? 'tooYoung' : null;
}

/** The latest date of birth of someone `minAge` today ("YYYY-MM-DD"; 29 February falls back to the 28th). */
export function latestBirthDate(today: string, minAge: number): string {
  const t = parseYmd(today);
  if (!t) return today;
  const y = t.y - minAge;
  const d = t.m === 2 && t.d === 29 && !parseYmd(`${pad(y, 4)}-02-29`) ? 28 : t.d;
  return `${pad(y, 4)}-${pad(t.m)}-${pad(d)}`;
}

/** Today in the user's zone, "YYYY-MM-DD". */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type PinProblem = 'required' | 'format' | 'repeated' | 'sequence' | 'mismatch';

/** Why a 6-digit PIN is easy to guess: one digit six times, or a run up or down (123456, 987654, 890123). */
export function pinWeakness(pin: string): 'repeated' | 'sequence' | null {
  if (!/^\d{6}$/.test(pin)) return null;
  const digits = [...pin].map(Number);
  if (digits.every((d) => d === digits[0])) return 'repeated';
  const steps = digits.slice(1).map((d, i) => (d - (digits[i] ?? 0) + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return 'sequence';
  return null;
}

/** What is wrong with a new PIN and its repetition, first problem first; null when it may be sent. */
export function pinProblem(pin: string, again: string): PinProblem | null {
  if (pin === '') return 'required';
  if (!/^\d{6}$/.test(pin)) return 'format';
  const weak = pinWeakness(pin);
  if (weak) return weak;
  if (again !== pin) return 'mismatch';
  return null;
}

/** Digits only, at most six: what a PIN or activation code field keeps of what is typed. */
export function sixDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}

/** A full card number in groups of four, as printed: "4242 4242 4242 4242". */
export function groupCardNumber(number: string): string {
  return (
    number
      .replace(/\D/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? number
  );
}

/** An expiry as cards print it, "MM/YY", from "MM/YY", "MM/YYYY", "YYYY-MM" or "YYYY-MM-DD". */
export function expiryText(expiry: string): string {
  const iso = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(expiry.trim());
  if (iso) return `${iso[2]}/${iso[1]?.slice(2)}`;
  const slash = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry.trim());
  if (slash) return `${pad(Number(slash[1]))}/${slash[2]?.slice(-2)}`;
  return expiry;
}

/** The brand's mark on a card face: Visa, Mastercard, or the brand's name as written. */
export function brandMark(brand: string): 'visa' | 'mastercard' | 'other' {
  const b = brand.toLowerCase();
  if (b.includes('visa')) return 'visa';
  if (b.includes('master')) return 'mastercard';
  return 'other';
}

/** A BIN shown as the start of a card number, the rest masked: "4242 42•• •••• ••••". */
export function binPreview(bin: string): string {
  const shown = bin.replace(/\D/g, '').slice(0, 16).padEnd(16, '•');
  return (shown.match(/.{4}/g) ?? [shown]).join(' ');
}

/** Seconds left of a countdown ending at `until`, never below 0, rounded up (30 … 1, then 0). */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
