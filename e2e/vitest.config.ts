import { defineConfig } from 'vitest/config';
import { LongestFirst, TEST_WORKERS } from '../scripts/test-sequencer';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/**/*.test.ts'],
    // Limits for a hang only (five files share two cores: a page can wait long for its turn); timing never
    // decides a test.
    testTimeout: 360_000,
    hookTimeout: 360_000,
    pool: 'forks',
    // Run alone (`--root`, as `npm run test:pg` does): as many at once as the full run, longest first.
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirst },
    // Files share their worker's modules (the server's, loaded once per worker); each starts its own product.
    isolate: false,
    // A page on a loaded two-core machine can take seconds to draw: a poll waits for it, the test's
    // own timeout still bounds it.
    expect: { poll: { timeout: 60_000, interval: 100 } },
    globalSetup: ['global-setup.ts'],
  },
});
