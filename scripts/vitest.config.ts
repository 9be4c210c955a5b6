import { defineConfig } from 'vitest/config';

// The repository's own guards (import walls, size limits), tested on planted breaches.
export default defineConfig({
  test: { name: 'scripts', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
