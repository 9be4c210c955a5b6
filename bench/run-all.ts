// Runs every benchmark and prints its comparison. Benchmarks never fail on timing.
import { engineBench } from './engine';
import { feedBench } from './feed';
import { firstLoad } from './first-load';
import { futuresBench } from './futures';
import { ledgerBench } from './ledger';
import { miningBench } from './mining';
import { rewardsBench } from './rewards';
import { teamBench } from './team';
import { tradeBench } from './trade';
import { uploadStallBench } from './upload-stall';

await ledgerBench();
console.log();
await firstLoad();
await engineBench();
await futuresBench();
await rewardsBench();
await miningBench();
await teamBench();
await feedBench();
await tradeBench();
await uploadStallBench();
