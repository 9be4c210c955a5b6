import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import e2e from './e2e/vitest.config';
import { LongestFirst, TEST_WORKERS } from './scripts/test-sequencer';
import server from './server/vitest.config';

/**
 * The server's and the browser tests run as one project in the full run. A worker is kept for the next file
 * only when that file is of the same project, and a new worker loads the server's ~1,000 modules again (4–20 s
 * of processor time): with the two projects interleaved longest first, nearly every file paid it (the run's
 * summed import time was 870 s). One project keeps each worker, and its modules, for the whole run. Each
 * folder's own config still runs its tests alone (`npx vitest run --root server`, `--root e2e`), and is the
 * one source of these options.
 */
function together(parts: Record<string, { test?: TestProjectInlineConfiguration['test'] }>) {
  const tests = Object.entries(parts).map(([dir, c]) => ({ dir, test: c.test ?? {} }));
  const under = (dir: string, paths: unknown) =>
    (Array.isArray(paths) ? paths : paths === undefined ? [] : [paths]).map((p) => `${dir}/${String(p)}`);
  const longest = (key: 'testTimeout' | 'hookTimeout') =>
    Math.max(...tests.map((t) => Number(t.test[key] ?? 0)));
  return {
    test: {
      name: 'node',
      include: tests.flatMap((t) => under(t.dir, t.test.include)),
      globalSetup: tests.flatMap((t) => under(t.dir, t.test.globalSetup)),
      testTimeout: longest('testTimeout'),
      hookTimeout: longest('hookTimeout'),
      pool: 'forks',
      isolate: false,
      expect: e2e.test?.expect,
    },
  } satisfies TestProjectInlineConfiguration;
}

export default defineConfig({
  test: {
    projects: ['contract', 'web', 'scripts', together({ server, e2e })],
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirst },
  },
});
