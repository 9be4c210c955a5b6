// Checks the books: every journal transaction sums to zero per asset, every balance equals
// its postings, no user account is negative, every hold matches the open orders, positions and
// requests that justify it, every open loan has its staking order behind it; then prints the
// solvency report (user liabilities against the system accounts, per asset). Exits 1 on any
// violation.
// Run: npm run audit — with the server's environment (DATABASE_URL, or DATA_DIR for the
// embedded store). The embedded store has one writer per data folder: stop the server first.
import { formatAmount } from '@nexa/contract';
import { loadConfig } from '../server/src/config';
import { systemClock } from '../server/src/kernel/clock';
import {
  createLedger,
  describeHold,
  findHoldMismatches,
  findUnsecuredLoans,
  type Violation,
} from '../server/src/ledger';
import { openStore, schema } from '../server/src/store';

const config = loadConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const ledger = createLedger({ store, clock: systemClock });
  const scales = new Map(
    (
      await store.db.select({ symbol: schema.assets.symbol, scale: schema.assets.scale }).from(schema.assets)
    ).map((a) => [a.symbol, a.scale] as const),
  );
  const fmt = (asset: string, minor: bigint) => {
    const scale = scales.get(asset);
    return scale === undefined ? `${minor} (minor units)` : formatAmount(minor, scale);
  };
  const describe = (v: Violation): string => {
    switch (v.check) {
      case 'unbalanced_transaction':
        return `transaction ${v.transactionId}: ${v.asset} postings sum to ${fmt(v.asset, v.sum)}`;
      case 'empty_transaction':
        return `transaction ${v.transactionId}: no postings`;
      case 'projection_mismatch':
        return `account ${v.accountId} ${v.bucket}: balance ${v.projected} ≠ postings ${v.posted} (minor units)`;
      case 'negative_balance':
        return `account ${v.accountId} ${v.bucket}: negative user balance ${v.balance} (minor units)`;
      case 'running_balance_mismatch':
        return `posting ${v.postingId} (account ${v.accountId} ${v.bucket}): balance after ${v.recorded} ≠ running sum ${v.expected}`;
    }
  };

  const where = store.kind === 'postgres' ? 'PostgreSQL' : `embedded store in ${config.dataDir}`;
  console.log(`ledger audit — ${where}`);
  const violations = await ledger.audit();
  if (violations.length === 0)
    console.log('  journal balanced, balances match the journal, no user account negative');
  for (const v of violations) console.log(`  VIOLATION ${v.check}: ${describe(v)}`);

  const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  const holds = await store.db.transaction((tx) => findHoldMismatches(tx), snapshot);
  console.log('\nholds — against the open orders, positions and requests that justify them');
  if (holds.length === 0) console.log('  every hold matches');
  for (const h of holds) console.log(`  HOLD MISMATCH ${describeHold(h, fmt)}`);
  const loans = await store.db.transaction((tx) => findUnsecuredLoans(tx), snapshot);
  console.log('\nloans against stakes — each with its collateral');
  if (loans.length === 0) console.log('  every open loan is secured by a stake in progress');
  for (const l of loans)
    console.log(
      `  UNSECURED LOAN ${l.id} of user ${l.userId}: ${fmt(l.asset, l.amount)} ${l.asset} against order ${l.pledgeId}, not in progress`,
    );

  const lines = await ledger.solvency();
  console.log('\nsolvency — user liabilities against system accounts');
  if (lines.length === 0) console.log('  no accounts yet');
  for (const l of lines) {
    const verdict = l.balanced ? 'ok' : `UNBALANCED by ${fmt(l.asset, l.liabilities + l.system)}`;
    console.log(
      `  ${l.asset.padEnd(6)} liabilities ${fmt(l.asset, l.liabilities)}  system ${fmt(l.asset, l.system)}  ${verdict}`,
    );
    for (const s of l.systemAccounts) {
      const frozen = s.frozen === 0n ? '' : `  frozen ${fmt(l.asset, s.frozen)}`;
      const mark = s.short ? '  SHORT: paid out more than it holds' : s.counter ? '  (counter account)' : '';
      console.log(`    ${s.name.padEnd(28)} ${fmt(l.asset, s.available)}${frozen}${mark}`);
    }
  }

  const unbalanced = lines.filter((l) => !l.balanced).length;
  const short = lines.filter((l) => l.short).length;
  const problems = violations.length + unbalanced + short + holds.length + loans.length;
  console.log(
    problems === 0
      ? '\nhealthy'
      : `\n${violations.length} violations, ${unbalanced} unbalanced assets, ${short} assets with a short system account, ${holds.length} hold mismatches, ${loans.length} unsecured loans`,
  );
  process.exitCode = problems === 0 ? 0 : 1;
} finally {
  await store.close();
}
