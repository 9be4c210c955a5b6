import type { Localized } from './lang';

/** One answer of the catalogue: its code on the wire and its message in every language. */
export interface ErrorDef {
  readonly code: number;
  readonly msg: Localized;
}

/** A domain's answers, each with a code inside the domain's own range (checked by the contract's tests). */
export interface ErrorSet<E extends Record<string, ErrorDef>> {
  /** The code ranges (inclusive) that belong to the domain. */
  readonly ranges: readonly (readonly [from: number, to: number])[];
  readonly errors: E;
}

export function defineErrors<const E extends Record<string, ErrorDef>>(
  ranges: readonly (readonly [number, number])[],
  errors: E,
): ErrorSet<E> {
  return { ranges, errors };
}
