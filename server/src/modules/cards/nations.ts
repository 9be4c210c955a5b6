/**
 * Countries where identity can be verified, the documents each accepts and what their numbers look like.
 * A passport number is 6–9 letters or digits everywhere; national identity cards follow the country's own
 * format where it is fixed; a driving licence is 5–20 letters, digits or hyphens.
 */
export interface Nation {
  readonly code: string;
  readonly name: string;
  readonly doc_types: readonly ('passport' | 'id_card' | 'driver_license')[];
  readonly doc_patterns: Readonly<Record<string, string>>;
}

const PASSPORT = '^[A-Z0-9]{6,9}$';
const LICENCE = '^[A-Z0-9-]{5,20}$';
const nation = (code: string, name: string, idCard: string | null): Nation => ({
  code,
  name,
  doc_types: idCard ? ['passport', 'id_card', 'driver_license'] : ['passport', 'driver_license'],
  doc_patterns: {
    passport: PASSPORT,
    ...(idCard ? { id_card: idCard } : {}),
    driver_license: LICENCE,
  },
});

export const NATIONS: readonly Nation[] = [
  nation('CN', 'China', '^\\d{17}[\\dX]$'),
  nation('DE', 'Germany', '^[CFGHJKLMNPRTVWXYZ0-9]{9}$'),
  nation('FR', 'France', '^[A-Z0-9]{9,12}$'),
  nation('GB', 'United Kingdom', null),
  nation('HK', 'Hong Kong', '^[A-Z]{1,2}\\d{6}[0-9A]$'),
  nation('JP', 'Japan', '^\\d{12}$'),
  nation('KR', 'South Korea', '^\\d{6}-?\\d{7}$'),
  nation('MY', 'Malaysia', '^\\d{6}-?\\d{2}-?\\d{4}$'),
  nation('SG', 'Singapore', '^[STFGM]\\d{7}[A-Z]$'),
  nation('TH', 'Thailand', '^\\d{13}$'),
  nation('US', 'United States', null),
  nation('VN', 'Vietnam', '^\\d{12}$'),
];

/** Whole years between a birth date (YYYY-MM-DD) and a day, or null when the date is not a real one. */
export function ageOn(birth: string, on: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (date.getTime() > on.getTime()) return null;
  let age = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < mo || (on.getUTCMonth() + 1 === mo && on.getUTCDate() < d)) age--;
  return age;
}

/** PINs anyone would try first: one digit repeated, a run up or down, or a pattern like 121212. */
export function weakPin(pin: string): boolean {
  if (!/^\d{6}$/.test(pin)) return true;
  const d = [...pin].map(Number);
  if (d.every((x) => x === d[0])) return true;
  const steps = d.slice(1).map((x, i) => (x - (d[i] ?? 0) + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return true;
  if (pin.slice(0, 2).repeat(3) === pin || pin.slice(0, 3).repeat(2) === pin) return true;
  return ['123123', '112233', '654321', '123321', '520520', '888888'].includes(pin);
}
