/**
 * Number and date formatting of spec section 9, shared by web and server.
 * Decimal strings are rounded half-up as text, so no floating point touches an amount.
 */

function splitDecimal(value: string): { negative: boolean; whole: string; frac: string } | null {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  return { negative: m[1] === '-', whole: m[2] ?? '0', frac: m[3] ?? '' };
}

function toDecimalText(value: string | number | bigint): string | null {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Plain notation for numbers given by callers that already hold a float (display only).
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 18 });
  }
  return value;
}

/** Round a decimal string half-up to `decimals` fraction digits. */
export function roundDecimal(value: string, decimals: number): string | null {
  const parts = splitDecimal(value);
  if (!parts) return null;
  const { negative, whole, frac } = parts;
  const padded = frac.padEnd(decimals + 1, '0');
  const kept = padded.slice(0, decimals);
  const next = padded.charCodeAt(decimals) - 48;
  let digits = BigInt(whole + kept);
  if (next >= 5) digits += 1n;
  let text = digits.toString().padStart(decimals + 1, '0');
  const intPart = text.slice(0, text.length - decimals) || '0';
  const fracPart = decimals > 0 ? text.slice(text.length - decimals) : '';
  text = fracPart ? `${intPart}.${fracPart}` : intPart;
  const isZero = /^[0.]+$/.test(text);
  return negative && !isZero ? `-${text}` : text;
}

/** The separators numbers are shown with: English (1,234.5) unless the app's language says otherwise. */
let separators = { group: ',', decimal: '.' };

/**
 * Shows numbers with a language's separators from now on ("de" → 1.234,5; "en" → 1,234.5), as
 * Intl.NumberFormat gives them for the tag. The web sets it with the app language; the server never does.
 */
export function setNumberLocale(tag: string): void {
  const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // A narrow no-break space (fr, ru…) reads as a gap and never breaks the number across lines.
  separators = { group: group.trim() === '' ? '\u202f' : group, decimal };
}

function group(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
}

/** Thousands separators and a fixed number of decimals (2 by default): "1,234,567.80". */
export function formatNumber(value: string | number | bigint, decimals = 2): string {
  const text = toDecimalText(value);
  const rounded = text === null ? null : roundDecimal(text, decimals);
  if (rounded === null) return '--';
  const negative = rounded.startsWith('-');
  const [intPart = '0', frac] = (negative ? rounded.slice(1) : rounded).split('.');
  return `${negative ? '-' : ''}${group(intPart)}${frac ? `${separators.decimal}${frac}` : ''}`;
}

/** Thousands separators and up to `maxDecimals` decimals (6 by default), trailing zeros dropped: "1,234.5". */
export function formatUpTo(value: string | number | bigint, maxDecimals = 6): string {
  const fixed = formatNumber(value, maxDecimals);
  const { decimal } = separators;
  if (fixed === '--' || !fixed.includes(decimal)) return fixed;
  const trimmed = fixed.replace(/0+$/, '');
  return trimmed.endsWith(decimal) ? trimmed.slice(0, -decimal.length) : trimmed;
}

/** Phone masking: first 3 and last 4 digits shown. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Address masking for lists: 0x1234…abcd. */
export function maskAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${address.slice(-tail)}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * YYYY-MM-DD. `time` is epoch milliseconds, an ISO string or a Date; `offsetMinutes`
 * fixes the zone (for example 480 for UTC+8); without it the local zone is used.
 */
export function formatDate(time: number | string | Date, offsetMinutes?: number): string {
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return '--';
  if (offsetMinutes === undefined) {
    return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  }
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  return `${shifted.getUTCFullYear()}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`;
}

/** A zone as people read it: "UTC", "UTC+8", "UTC-5", "UTC+5:30" (`offsetMinutes` east of UTC). */
export function zoneLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${pad2(minutes)}` : ''}`;
}

/**
 * YYYY-MM-DD HH:mm:ss with its zone ("2026-11-29 16:00:00 UTC+8"): every time shown names its zone.
 * Without `offsetMinutes` it is the local zone of the device (the user's own), as formatDate.
 */
export function formatDateTime(time: number | string | Date, offsetMinutes?: number): string {
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return '--';
  const offset = offsetMinutes ?? -date.getTimezoneOffset();
  const s = new Date(date.getTime() + offset * 60_000);
  const clock = `${pad2(s.getUTCHours())}:${pad2(s.getUTCMinutes())}:${pad2(s.getUTCSeconds())}`;
  return `${formatDate(date, offset)} ${clock} ${zoneLabel(offset)}`;
}

/** YYYY-MM-DD HH:mm with its zone ("2026-11-29 16:00 UTC+8"), as formatDateTime without the seconds. */
export function formatDateMinute(time: number | string | Date, offsetMinutes?: number): string {
  const full = formatDateTime(time, offsetMinutes);
  return full === '--' ? full : `${full.slice(0, 16)}${full.slice(19)}`;
}
