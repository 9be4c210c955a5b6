/** The cards module's system accounts. */
export const CARDS_SYSTEM = {
  fees: 'system:cards:fees',
  /** Settled card spending, owed to the issuer; refunds come back from it. */
  issuer: 'system:cards:issuer',
} as const;
