#!/usr/bin/env node
// Every test in one run: contract, server, web and the browser tests (which need the built app and console).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

// A fresh checkout has no dependencies yet: install them exactly as locked.
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('installing dependencies…');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The browser tests run against the built app; a run limited to other projects skips the build.
const projects = args.flatMap((a, i) => (a === '--project' ? [args[i + 1]] : []));
const browserTests = projects.length === 0 || projects.includes('e2e');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (browserTests && !existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk', 'fonts-thai-tlwg'], {
      stdio: 'inherit',
      env,
    });
  }
  if (!existsSync(chromium)) {
    console.log(
      `Chromium is missing at ${chromium}: install it with \`apt-get install chromium\` (as root); the browser tests will fail without it.`,
    );
  }
}
if (browserTests) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 15 * 60_000,
  });
  if (build.status !== 0) {
    console.error('web build failed');
    process.exit(1);
  }
  // The operator console's browser tests run against its build too.
  const admin = spawnSync('npm', ['run', 'build', '-w', 'admin'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 15 * 60_000,
  });
  if (admin.status !== 0) {
    console.error('admin build failed');
    process.exit(1);
  }
}

// The server's and the browser tests are one project of the full run (see vitest.config.ts); asked for alone,
// each runs from its own folder's config.
const FOLDER_PROJECTS = ['server', 'e2e'];
const alone = projects.filter((p) => FOLDER_PROJECTS.includes(p));
if (alone.length > 1) {
  console.error('run --project server and --project e2e one at a time');
  process.exit(2);
}
const vitestArgs = alone.length
  ? args.flatMap((a, i) =>
      a === '--project' && alone.includes(args[i + 1])
        ? ['--root', args[i + 1]]
        : a === alone[0] && args[i - 1] === '--project'
          ? []
          : [a],
    )
  : args;

const out = join(mkdtempSync(join(tmpdir(), 'nexa-test-')), 'results.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...vitestArgs],
  // A hang must not eat the whole CI budget: the run is stopped (and fails, saying so) after 55 minutes.
  { cwd: root, stdio: 'inherit', timeout: 55 * 60_000, killSignal: 'SIGKILL' },
);
if (run.error || run.signal) console.log(`\nthe test run was stopped: ${run.error?.message ?? run.signal}`);
try {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A test file that failed without a failed test (it could not start, or a hook failed) counts as one failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  printSlowest(r.testResults ?? [], root);
  // TEST_TIMES=record keeps this run's file times for the next runs' order (scripts/test-sequencer.ts).
  if (process.env.TEST_TIMES === 'record') recordTimes(r.testResults ?? [], root);
  for (const f of brokenFiles)
    console.log(`failed to run: ${f.name}${f.message ? ` — ${f.message.split('\n')[0]}` : ''}`);
  const failed = r.numFailedTests + brokenFiles.length;
  console.log(`\n${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (failed > 0 || r.numFailedTestSuites > 0) process.exit(1);
} catch {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
process.exit(run.status ?? 1);

/** Each file's seconds, by its path from the root, for the sequencer to start the longest first. */
function recordTimes(files, base) {
  const times = {};
  for (const f of files) {
    if (typeof f.startTime !== 'number' || typeof f.endTime !== 'number') continue;
    const name = f.name.startsWith(base) ? f.name.slice(base.length) : f.name;
    times[name] = Math.round((f.endTime - f.startTime) / 100) / 10;
  }
  const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(join(root, 'scripts', 'test-times.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`recorded ${Object.keys(sorted).length} files' times in scripts/test-times.json`);
}

/** The ten test files that took longest, so a run shows where its budget goes. */
function printSlowest(files, base) {
  const timed = files
    .filter((f) => typeof f.startTime === 'number' && typeof f.endTime === 'number')
    .map((f) => ({
      name: f.name.startsWith(base) ? f.name.slice(base.length) : f.name,
      ms: f.endTime - f.startTime,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (timed.length === 0) return;
  console.log('\nslowest test files:');
  for (const f of timed) console.log(`${(f.ms / 1000).toFixed(1).padStart(8)} s  ${f.name}`);
}
