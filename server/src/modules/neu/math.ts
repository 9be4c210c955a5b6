/** The SPA exchange's arithmetic. */
import { RATE_ONE } from '@nexa/contract';

/** NEU paid for an amount of SPA at a rate (NEU per SPA, units of 10^-8), both in minor units, rounded down. */
export function spaToNeu(spa: bigint, rate: bigint, spaScale: number, neuScale: number): bigint {
  return (spa * rate * 10n ** BigInt(neuScale)) / (RATE_ONE * 10n ** BigInt(spaScale));
}
