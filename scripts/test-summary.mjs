#!/usr/bin/env node
// `npm test`: runs lint, type checks, the Vitest suites (unit, component, API) and the Playwright
// suite in that order, then prints one plain line, `N passed, N failed, N skipped`, for the whole run.
// Every step runs even when an earlier one fails, so one CI run reports everything that is wrong;
// the exit code is non-zero when any step failed.
//
// Counting: lint and typecheck count as one check each. Vitest and Playwright report their tests
// through their JSON reporters. A step that exits non-zero without any failed test in its report
// (a crash, a config error, a web server that never came up) counts as one failure.
// The summary names every failed test with the first line of its error, so the tail of a CI log
// says what failed without the rest of it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

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

// The reporters keep terminal colour codes in their error messages.
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

function countVitest(file) {
  const report = readJson(file);
  if (!report) return undefined;
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    // A file that failed outside any test (an import error, a failing hook).
    if (suite.status === 'failed' && failedTests.length === 0) {
      failures.push(`${where}: ${firstLine(suite.message)}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

function playwrightFailures(suite, titles, failures) {
  const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const result = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.status !== 'passed');
    const error = result?.error ?? result?.errors?.[0];
    // Where in the test it failed and what it waited for: often all a CI log tail can show.
    const at = error?.location
      ? ` (at ${relative(process.cwd(), error.location.file)}:${error.location.line})`
      : '';
    const details = stripVTControlCharacters(String(error?.message ?? ''))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^(Locator|Expected|Received|Timeout):/.test(line))
      .join('; ');
    failures.push(
      `${spec.file}:${spec.line} > ${[...path, spec.title].join(' > ')}: ${firstLine(error?.message)}${at}${details ? ` ${details}` : ''}`,
    );
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, path, failures);
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const failures = [];
  for (const suite of report.suites ?? []) playwrightFailures(suite, [], failures);
  return { passed: expected + flaky, failed: unexpected, skipped, failures };
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
  for (const failure of r.failures ?? []) process.stdout.write(`         failed: ${failure.slice(0, 700)}\n`);
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
process.stdout.write(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`);
process.exit(results.some((r) => r.exitCode !== 0) ? 1 : 0);
