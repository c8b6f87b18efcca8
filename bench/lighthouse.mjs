#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (the npm package, with Debian's Chromium) on every
// brand's home page and on the public sign lookup page, as a phone (Lighthouse's default mobile
// emulation and throttling) and as a desktop (its desktop preset). Prints the four category
// scores and LCP, TBT and CLS for each page, and the targets they are read against:
// performance at least 95 on desktop and 90 on mobile; accessibility, best practices and SEO 100.
// A run that measured nothing (a Lighthouse runtime error, e.g. no paint seen) is said, with the
// error, and run again, twice at most; one that still fails counts as a miss.
//
// The production server runs on a fresh data directory (NODE_ENV=production, the built web app),
// so the pages are what a visitor gets. BENCH_PORT (default 3393) moves it; --no-build uses the
// existing build; --only TEXT keeps the pages whose label contains TEXT (e.g. --only dvr).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumOptions, startServer } from './support/server.mjs';

const lighthouseVersion = JSON.parse(
  readFileSync(fileURLToPath(import.meta.resolve('lighthouse/package.json')), 'utf8'),
).version;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3393);
const targets = {
  performance: { mobile: 90, desktop: 95 },
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const brandIds = readdirSync(join(root, 'packages/brands/src/brands'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();

const server = await startServer({ port, dataDir: 'data/bench-lighthouse' });
const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : '';
const pages = [
  ...brandIds.map((id) => ({ label: `${id} home`, url: `${server.origin(id)}/` })),
  { label: 'signs lookup', url: `${server.origin('signs')}/search-scheme` },
].filter((page) => page.label.includes(only));

const chrome = await chromeLauncher.launch({
  chromePath: chromiumOptions.executablePath,
  chromeFlags: ['--headless=new', '--disable-dev-shm-usage', ...chromiumOptions.args],
});

const rows = [];
const misses = [];

/**
 * One Lighthouse run. A run that ends in a runtime error (the page measured no paint, the browser
 * lost the trace) measured nothing: it is said, and the page is measured again, twice at most.
 */
async function measure(page, device) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      page.url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
      device === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt === 3) return lhr;
    process.stdout.write(
      `${page.label} ${device}: no measurement (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); measuring again\n`,
    );
  }
}
try {
  for (const page of pages) {
    for (const device of ['mobile', 'desktop']) {
      const lhr = await measure(page, device);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row = {
        page: page.label,
        device,
        scores: Object.fromEntries(categories.map((id) => [id, score(id)])),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      };
      rows.push(row);
      if (lhr.runtimeError) {
        misses.push(
          `${page.label} ${device}: no measurement (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`,
        );
        continue;
      }
      for (const id of categories) {
        const target = id === 'performance' ? targets.performance[device] : targets[id];
        if (row.scores[id] < target) {
          const failing = Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
            )
            .map((a) => a.id)
            .slice(0, 6);
          misses.push(`${page.label} ${device} ${id} ${row.scores[id]} < ${target} (${failing.join(', ')})`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const headers = ['page', 'device', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'TBT ms', 'CLS'];
const table = rows.map((r) => [
  r.page,
  r.device,
  ...categories.map((id) => String(r.scores[id])),
  r.lcp.toFixed(0),
  r.tbt.toFixed(0),
  r.cls.toFixed(3),
]);
const widths = headers.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
process.stdout.write(`\nLighthouse ${lighthouseVersion}\n${line(headers)}\n`);
for (const cells of table) process.stdout.write(`${line(cells)}\n`);
process.stdout.write(
  '\nTargets: performance >= 95 desktop, >= 90 mobile; accessibility, best practices, SEO 100.\n',
);
if (misses.length > 0) {
  process.stdout.write(`\nBelow target:\n${misses.map((m) => `  ${m}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every page meets every target.\n');
