import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules (the server's, loaded once per worker); each starts its own product.
    isolate: false,
    // A page on a loaded two-core machine can take seconds to draw: a poll waits for it, the test's
    // own timeout still bounds it.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    globalSetup: ['global-setup.ts'],
  },
});
