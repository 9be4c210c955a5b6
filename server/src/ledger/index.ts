// The ledger, the only code that moves money: its core, the scoped view each module is handed, and the
// group-committing writer of money calls.
export type { SolvencyLine, Violation } from './audit';
export { describeHold, findHoldMismatches, findUnsecuredLoans, type HoldMismatch } from './holds';
export * from './ledger';
export { firstPostingSince, type PoolFlow, poolFlows } from './pool-flows';
export { scopeLedger } from './scope';
export * from './types';
export { createMoneyWriter, type MoneyJob, type MoneyWriter } from './writer';
