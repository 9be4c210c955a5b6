import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-sequencer';

// Vitest's default is one worker fewer than the cores: on a two-core machine, one file at a time.
// Much of a file's time is waiting (a browser, a socket, a store's disk), so the run keeps one more
// file going than there are cores; TEST_WORKERS sets it outright.
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'e2e', 'scripts'],
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
  },
});
