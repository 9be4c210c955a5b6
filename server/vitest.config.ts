import { defineConfig } from 'vitest/config';
import { LongestFirst, TEST_WORKERS } from '../scripts/test-sequencer';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Limits for a hang only; timing never decides a test.
    testTimeout: 360_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Run alone (`--root`, as `npm run test:pg` does): as many at once as the full run, longest first.
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirst },
    // Files share their worker's modules: the server's ~1,000 modules load once per worker instead of once
    // per file (every file builds its own app and store, so nothing of one file's state reaches the next).
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
