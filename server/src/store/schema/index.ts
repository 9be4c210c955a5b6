// One schema for both stores; each area keeps its tables in a file of its own.
export * from './cluster';
export * from './core';
export * from './ledger';
export * from './outbox';
export * from './rewards';
export * from './wallet';
