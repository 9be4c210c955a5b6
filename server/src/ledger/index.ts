// The ledger, the only code that moves money: its core, the scoped view each module is handed, and the
// group-committing writer of money calls.
export type { SolvencyLine, Violation } from './audit';
export * from './ledger';
export { scopeLedger } from './scope';
export * from './types';
export { createMoneyWriter, type MoneyJob, type MoneyWriter } from './writer';
