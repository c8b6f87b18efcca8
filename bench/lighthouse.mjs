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
// existing build; --only TEXT keeps the pages whose label contains TEXT (e.g. --only dvr);
// --runs N measures each page N times (default 1); --details prints each run's LCP element and the
// phases of its time, any element that moved (layout shift), the scripts that kept the main thread
// busiest, and the bytes transferred.
//
// The static floor (issue 16): a sign page of a freshly registered operator, as the server draws
// it, served with its CSS and pictures but without any script (BENCH_PORT + 1). Each page's LCP
// is printed as a ratio of the floor's on the same device. Goals for the sign page, every brand's
// home page and a DVR product page on mobile: at most 1.3x the floor's LCP, performance 98 or
// more, CLS 0 in every run.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
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

const dataDir = 'data/bench-lighthouse';
const server = await startServer({ port, dataDir });
const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : '';
const runs = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 1;

/** A sign with a published operator: a sticker from the sticker command, then the real sign-up. */
async function registeredSign() {
  const csv = execFileSync('npm', ['run', '--silent', 'stickers', '--', 'issue', '--count', '1'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: resolve(root, dataDir) },
    encoding: 'utf8',
  });
  const [signRef = '', prefixNo = ''] =
    csv
      .trim()
      .split('\n')
      .map((line) => line.split(','))
      .find(([, prefix]) => prefix && /\d/.test(prefix)) ?? [];
  const res = await fetch(`${server.base}/api/users/add`, {
    method: 'POST',
    headers: { host: `signs.localhost:${port}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Harbour Watch Ltd',
      title: 'Ms',
      firstname: 'Ada',
      surname: 'Quay',
      address1: '1 Harbour Road',
      address2: '',
      address3: '',
      town: 'Whitby',
      postcode: 'YO21 1AA',
      county: 'North Yorkshire (England)',
      tel: '01947 000000',
      siteName: 'Harbour car park',
      keyInfo: 'For the safety of visitors. Recordings are overwritten every 30 days.',
      email: 'bench-operator@example.com',
      userName: 'benchoperator',
      password: 'correct horse battery',
      signRef,
      prefixNo,
      masterUser: 1,
    }),
  });
  if (!res.ok) throw new Error(`the bench operator could not sign up (${res.status}): ${await res.text()}`);
  return signRef;
}

/**
 * The static floor: the sign page's HTML as the server draws it, without its scripts (and their
 * preloads and data), on a port of its own; everything else (CSS, pictures) from the real server.
 */
async function startFloor(signPath) {
  const page = await fetch(`${server.base}${signPath}`, { headers: { host: `signs.localhost:${port}` } });
  const html = (await page.text())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<div class="start-overlay"[\s\S]*?Loading\.\.\.<\/span><\/div>/, '');
  const floorPort = port + 1;
  const floor = createServer(async (req, res) => {
    if (req.url === signPath) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    const upstream = await fetch(`${server.base}${req.url}`, {
      headers: { host: `signs.localhost:${port}` },
    });
    const headers = { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' };
    const cache = upstream.headers.get('cache-control');
    if (cache) headers['cache-control'] = cache;
    res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise((done) => floor.listen(floorPort, '127.0.0.1', done));
  return { url: `http://signs.localhost:${floorPort}${signPath}`, close: () => floor.close() };
}

const signPath = `/sign/${await registeredSign()}`;
const floorServer = await startFloor(signPath);
const FLOOR = 'static floor (sign page, no script)';
/** The pages the goals are read against: issue 16's three, and every sister brand's home (issue 17). */
const goalPages = new Set([
  'signs sign page',
  'signs home',
  'dvr product page',
  ...brandIds.filter((id) => id !== 'signs').map((id) => `${id} home`),
]);
const pages = [
  { label: FLOOR, url: floorServer.url },
  { label: 'signs sign page', url: `${server.origin('signs')}${signPath}` },
  { label: 'dvr product page', url: `${server.origin('dvr')}/dvrs/AL-8CH-H5` },
  ...brandIds.map((id) => ({ label: `${id} home`, url: `${server.origin(id)}/` })),
  { label: 'signs lookup', url: `${server.origin('signs')}/search-scheme` },
].filter((page) => page.label === FLOOR || page.label.includes(only));

/** --details: what the LCP element is and where its time went, and what the main thread ran. */
const details = process.argv.includes('--details');
function printDetails(page, device, lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lines = [`-- ${page.label} ${device}`];
  for (const table of items('largest-contentful-paint-element')) {
    for (const item of table.items ?? []) {
      if (item.node) lines.push(`   LCP element: ${item.node.snippet} (${item.node.selector})`);
      else if (item.phase) lines.push(`   ${item.phase}: ${Math.round(item.timing)} ms`);
    }
  }
  for (const item of items('layout-shifts')) {
    lines.push(
      `   layout shift ${item.score?.toFixed(4)}: ${item.node?.snippet ?? '(no element)'} (${item.node?.selector ?? ''})`,
    );
  }
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  lines.push(`   FCP ${metric('first-contentful-paint')} ms, speed index ${metric('speed-index')} ms`);
  for (const item of items('bootup-time').slice(0, 4)) {
    lines.push(
      `   script ${item.url}: ${Math.round(item.total)} ms (${Math.round(item.scripting)} scripting)`,
    );
  }
  for (const item of items('long-tasks').slice(0, 6)) {
    lines.push(
      `   long task at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms (${item.url})`,
    );
  }
  const work = items('mainthread-work-breakdown')
    .slice(0, 5)
    .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`);
  lines.push(`   main thread: ${work.join(', ')}`);
  const requests = items('network-requests');
  const bytes = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  lines.push(`   ${requests.length} requests, ${(bytes / 1024).toFixed(1)} KB transferred`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

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
      for (let run = 1; run <= runs; run++) {
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
        if (details) printDetails(page, device, lhr);
        // The floor is the yardstick, not a page of the product.
        if (page.label === FLOOR) continue;
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
            misses.push(
              `${page.label} ${device} ${id} ${row.scores[id]} < ${target} (${failing.join(', ')})`,
            );
          }
        }
      }
    }
  }
} finally {
  await chrome.kill();
  floorServer.close();
  await server.stop();
}

// LCP as a ratio of the floor's (its median over the runs) on the same device.
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const floorLcp = Object.fromEntries(
  ['mobile', 'desktop'].map((device) => [
    device,
    median(rows.filter((r) => r.page === FLOOR && r.device === device).map((r) => r.lcp)),
  ]),
);
for (const row of rows) row.ratio = row.lcp / floorLcp[row.device];
const goalMisses = [];
for (const row of rows.filter((r) => goalPages.has(r.page))) {
  if (row.cls !== 0)
    goalMisses.push(`${row.page} ${row.device}: CLS ${row.cls.toFixed(3)} (goal 0 in every run)`);
  if (row.device !== 'mobile') continue;
  if (row.ratio > 1.3)
    goalMisses.push(`${row.page} mobile: LCP ${row.ratio.toFixed(2)}x the floor (goal <= 1.3x)`);
  if (row.scores.performance < 98)
    goalMisses.push(`${row.page} mobile: performance ${row.scores.performance} (goal >= 98)`);
}

const headers = ['page', 'device', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'x floor', 'TBT ms', 'CLS'];
const table = rows.map((r) => [
  r.page,
  r.device,
  ...categories.map((id) => String(r.scores[id])),
  r.lcp.toFixed(0),
  r.ratio.toFixed(2),
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
process.stdout.write(
  `Goals (sign page, every brand's home, DVR product page): LCP <= 1.3x the floor on mobile, performance >= 98 on mobile, CLS 0 in every run.\n${
    goalMisses.length === 0
      ? 'Every goal met.'
      : `Goals missed:\n${goalMisses.map((m) => `  ${m}`).join('\n')}`
  }\n`,
);
if (misses.length > 0) {
  process.stdout.write(`\nBelow target:\n${misses.map((m) => `  ${m}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every page meets every target.\n');
