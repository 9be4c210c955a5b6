// Runs every benchmark and prints its comparison. Benchmarks never fail on timing.
import { firstLoad } from './first-load';

await firstLoad();
