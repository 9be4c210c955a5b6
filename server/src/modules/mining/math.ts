/**
 * Mining's arithmetic: a line's emission epochs and the day's output they give, the quota a purchase grants,
 * an estimate of a day's output and a user's effective power.
 */
import { RATE_ONE } from '@nexa/contract';
import { shareOf } from '../../programs/shared-emission';

export const DAY_MS = 86_400_000;

/** An emission epoch: its platform days (the last runs on: `lastDay` null) and daily output. */
export interface Epoch {
  readonly index: number;
  readonly firstDay: number;
  readonly lastDay: number | null;
  readonly emission: bigint;
}

/** A line's epochs from its settings: consecutive from `start` (a platform day index). */
export function epochsOf(start: number, list: readonly { days: number; emission: bigint }[]): Epoch[] {
  const out: Epoch[] = [];
  let first = start;
  list.forEach((e, i) => {
    const last = i === list.length - 1 ? null : first + e.days - 1;
    out.push({ index: i + 1, firstDay: first, lastDay: last, emission: e.emission });
    first += e.days;
  });
  return out;
}

/** The epoch holding a day (null before the first). */
export function epochOn(epochs: readonly Epoch[], day: number): Epoch | null {
  for (const e of epochs) if (day >= e.firstDay && (e.lastDay === null || day <= e.lastDay)) return e;
  return null;
}

/** A line's output on a day: its epoch's, or the fixed daily emission. */
export function emissionOn(l: { epochs: readonly Epoch[] | null; base: bigint }, day: number): bigint {
  if (!l.epochs) return l.base;
  return epochOn(l.epochs, day)?.emission ?? 0n;
}

/** A platform date (YYYY-MM-DD) as its day index. */
export const dayIndexOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The quota a payment grants: amount × perPay (units of 10^-8), from the pay asset's scale to the quota's, rounded down. */
export function quotaFor(amount: bigint, payScale: number, quotaScale: number, perPay: bigint): bigint {
  const scaled = amount * perPay * 10n ** BigInt(quotaScale);
  return scaled / (10n ** BigInt(payScale) * 100_000_000n);
}

/** An estimate of a day's output for `power` against a network that holds at least it. */
export function estimateOf(emission: bigint, power: bigint, network: bigint): bigint {
  if (network < power) return shareOf(emission, power, power);
  return shareOf(emission, power, network);
}

/** Effective power: personal, plus direct and level while the user runs machines of their own. */
export function effectivePower(
  p: { personal: bigint; directSum: bigint; team: bigint },
  directRate: bigint,
  levelRate: bigint,
): { direct: bigint; level: bigint; effective: bigint } {
  const direct = (p.directSum * directRate) / RATE_ONE;
  const level = (p.team * levelRate) / RATE_ONE;
  return { direct, level, effective: p.personal > 0n ? p.personal + direct + level : 0n };
}
