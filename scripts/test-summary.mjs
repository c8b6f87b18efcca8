#!/usr/bin/env node
// `npm test`: runs lint, type checks, the Vitest suites (unit, component, API) and the Playwright
// suite in that order, then prints one plain line, `N passed, N failed, N skipped`, for the whole run.
// Every step runs even when an earlier one fails, so one CI run reports everything that is wrong;
// the exit code is non-zero when any step failed.
//
// Counting: lint and typecheck count as one check each. Vitest and Playwright report their tests
// through their JSON reporters. A step that exits non-zero without any failed test in its report
// (a crash, a config error, a web server that never came up) counts as one failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'test-reports-'));
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');

const steps = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  {
    name: 'unit + API (vitest)',
    args: [
      'run',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    count: () => countVitest(vitestReport),
  },
  {
    name: 'end-to-end (playwright)',
    args: ['run', 'test:e2e', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    count: () => countPlaywright(playwrightReport),
  },
];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(file) {
  const report = readJson(file);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

const heading = (text) => process.stdout.write(`\n==== ${text} ====\n`);

const results = [];
for (const step of steps) {
  heading(`npm test: ${step.name}`);
  const run = spawnSync('npm', step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const exitCode = run.status ?? 1;
  const counted = step.count?.() ?? {
    passed: exitCode === 0 ? 1 : 0,
    failed: exitCode === 0 ? 0 : 1,
    skipped: 0,
  };
  if (exitCode !== 0 && counted.failed === 0) counted.failed = 1;
  results.push({ name: step.name, exitCode, ...counted });
}
rmSync(reportDir, { recursive: true, force: true });

heading('npm test: summary');
for (const r of results) {
  const status = r.exitCode === 0 ? 'ok    ' : 'FAILED';
  process.stdout.write(
    `${status} ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (exit ${r.exitCode})\n`,
  );
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
process.stdout.write(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`);
process.exit(results.some((r) => r.exitCode !== 0) ? 1 : 0);
