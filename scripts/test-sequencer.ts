import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, whatever their project, by the times of an earlier full run kept in
 * `scripts/test-times.json` (a fresh clone has no cache of its own): a long file started last would keep the run
 * going alone on one core while the others sit idle. A file not in the list counts as a minute, so a new slow
 * file still starts early.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readTimes();
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => times[relative(root, f.moduleId)] ?? 60;
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
