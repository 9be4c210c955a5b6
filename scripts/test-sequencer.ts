import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How many test files run at once. Vitest's default is one worker fewer than the cores: on a two-core machine,
 * one file at a time. Most of a browser file's time is waiting (pages drawing, sockets, timers): measured on two
 * cores, the whole run used 1.4 cores on average with five files going at once, and took 18 minutes against 34
 * with three. So a run keeps twice the cores plus one going; TEST_WORKERS sets it outright.
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS) || availableParallelism() * 2 + 1;

/** The repository's root: the recorded times name files from it, whichever folder's config runs them. */
const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs the longest test files first, whatever their project, by the times of an earlier full run kept in
 * `scripts/test-times.json` (a fresh clone has no cache of its own): a long file started last would keep the run
 * going alone on one core while the others sit idle. A file not in the list counts as a minute, so a new slow
 * file still starts early.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readTimes();
    const seconds = (f: TestSpecification) => times[relative(REPO, f.moduleId)] ?? 60;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

function readTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(new URL('./test-times.json', import.meta.url), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}
