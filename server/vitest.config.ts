import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules: the server's ~1,000 modules load once per worker instead of once
    // per file (every file builds its own app and store, so nothing of one file's state reaches the next).
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
