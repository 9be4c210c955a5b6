import { defineConfig } from 'vitest/config';
import { dictionaries } from './scripts/dictionaries.ts';

export default defineConfig({
  plugins: [dictionaries()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The whole suite runs beside the server's and the browser tests: a test may wait for a busy machine.
    testTimeout: 30_000,
    setupFiles: ['test/setup.ts'],
  },
});
