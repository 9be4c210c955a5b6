// Runs every benchmark and prints its comparison. Benchmarks never fail on timing.
import { firstLoad } from './first-load';
import { ledgerBench } from './ledger';

await ledgerBench();
console.log();
await firstLoad();
