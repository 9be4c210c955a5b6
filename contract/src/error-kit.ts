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

/**
 * The answers' names by the set that declares them. Each domain's `errors.ts` adds its set from its own
 * folder (`declare module '../../error-kit' { interface AnswerSets { wallet: typeof WALLET_ERRORS } }`), so
 * a call's declared answers are checked without the call table reading the error catalogue; `errors.ts`
 * checks that these are exactly the catalogue's answers, which it reads from the list of domains.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domains' declarations
export interface AnswerSets {}

/** The name of an answer of the catalogue: the `error` of an answer on the wire. */
export type ErrorName = {
  [S in keyof AnswerSets]: AnswerSets[S] extends ErrorSet<infer E> ? keyof E & string : never;
}[keyof AnswerSets];
