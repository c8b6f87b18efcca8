#!/usr/bin/env node
// `npm run bench:web`: builds the web app, then weighs what each brand's home page makes the browser
// download before the page's content is painted, against the shared React + router runtime alone.
//
// The weights are measured, not inferred: the production server runs on a fresh data directory,
// headless Chromium opens each brand's home page in a fresh profile and waits until the start
// overlay has gone, the page's heading is visible and nothing on the page is still loading
// (aria-busy). Every JavaScript and CSS file of the build the browser fetched by then is counted
// once, gzipped at level 9 (API replies, fonts and images are not counted); a page the server
// drew links one stylesheet joining several of the build's, weighed as the server sent it. The
// runtime figure is the build's "runtime" chunk (react, react-dom, scheduler, react-router) from
// the Vite manifest.
// Budget: each brand at most 1.4x the runtime. A brand's page that loads another brand's route
// group is reported too.
//
// Each home page arrives drawn by the server (issue 16): the bytes of its HTML, as sent and
// gzipped at level 9, are printed too (not part of the budget).
//
// Options: --no-build weighs the existing apps/web/dist; --files lists each page's files and their
// gzip bytes, largest first. BENCH_PORT (default 3390) moves the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumOptions, startServer } from './support/server.mjs';

const BUDGET = 1.4;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const port = Number(process.env.BENCH_PORT ?? 3390);

function fail(message) {
  process.stderr.write(`bench:web: ${message}\n`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail(`the web build failed (exit ${build.status})`);
}
if (!existsSync(manifestPath))
  fail(`no ${manifestPath}; is build.manifest enabled in apps/web/vite.config.ts?`);

/** @type {Record<string, {file: string, name?: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// One brand per config file in packages/brands.
const brandIds = readdirSync(join(root, 'packages/brands/src/brands'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();

const runtimeKeys = Object.keys(manifest).filter(
  (key) => manifest[key].name === 'runtime' && !manifest[key].src,
);
if (runtimeKeys.length !== 1)
  fail(`expected one chunk named "runtime" in the manifest, found ${runtimeKeys.length}`);
const runtimeFiles = new Set();
const addWithImports = (key) => {
  const chunk = manifest[key];
  if (runtimeFiles.has(chunk.file)) return;
  runtimeFiles.add(chunk.file);
  for (const file of chunk.css ?? []) runtimeFiles.add(file);
  for (const imported of chunk.imports ?? []) addWithImports(imported);
};
runtimeKeys.forEach(addWithImports);

/** Route-group chunk file -> brand, to notice a brand's page loading another brand's pages. */
const routeGroupOf = new Map(
  brandIds.map((id) => [manifest[`src/brands/${id}/routes.tsx`]?.file, id]).filter(([file]) => file),
);

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function weigh(label, files) {
  const list = [...files];
  const sum = (kind) =>
    list.filter((file) => file.endsWith(kind)).reduce((total, file) => total + gzipBytes(file), 0);
  const jsBytes = sum('.js');
  const cssBytes = sum('.css');
  return { label, jsBytes, cssBytes, total: jsBytes + cssBytes, files: list.length, list };
}

/** The build's files (assets/...) a fresh browser fetched before the home page's content was painted. */
async function filesBeforeContent(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const response = await page.goto(url);
  const html = Buffer.from((await response?.body()) ?? '');
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading...' })
    .waitFor({ state: 'hidden', timeout: 30_000 });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
    timeout: 30_000,
  });
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  await context.close();
  const files = new Set();
  for (const resourceUrl of urls) {
    const path = new URL(resourceUrl).pathname.replace(/^\//, '');
    // A drawn page's stylesheets are in its HTML (docs/decisions/0049), weighed with it.
    if (/^assets\/.+\.(js|css)$/.test(path) && existsSync(join(dist, path))) files.add(path);
  }
  return { files, htmlBytes: html.length, htmlGzipBytes: gzipSync(html, { level: 9 }).length };
}

const runtime = weigh('runtime (react, react-dom, scheduler, react-router)', runtimeFiles);
const rows = [];
const server = await startServer({ port, dataDir: 'data/bench-web' });
const browser = await chromium.launch(chromiumOptions);
try {
  for (const id of brandIds) {
    const { files, htmlBytes, htmlGzipBytes } = await filesBeforeContent(browser, `${server.origin(id)}/`);
    const row = weigh(`${id} home page`, files);
    row.htmlBytes = htmlBytes;
    row.htmlGzipBytes = htmlGzipBytes;
    row.missingRuntime = [...runtimeFiles].some((file) => !files.has(file));
    row.otherBrands = [...files]
      .map((file) => routeGroupOf.get(file))
      .filter((brand) => brand && brand !== id);
    rows.push(row);
  }
} finally {
  await browser.close();
  await server.stop();
}

const headers = ['', 'JS gzip B', 'CSS gzip B', 'total B', 'files', 'x runtime', `<= ${BUDGET}x`];
const table = [
  ...rows.map((r) => {
    const ratio = r.total / runtime.total;
    r.within = ratio <= BUDGET;
    return [r.label, r.jsBytes, r.cssBytes, r.total, r.files, ratio.toFixed(2), r.within ? 'yes' : 'NO'];
  }),
  [runtime.label, runtime.jsBytes, runtime.cssBytes, runtime.total, runtime.files, '1.00', ''],
].map((cells) => cells.map(String));
const widths = headers.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
process.stdout.write(
  `\nWeb weight before the home page's content is painted (gzip -9 bytes)\n${line(headers)}\n`,
);
for (const cells of table) process.stdout.write(`${line(cells)}\n`);
process.stdout.write('\nServer-drawn HTML of each home page (bytes as sent, gzip -9)\n');
for (const r of rows)
  process.stdout.write(
    `${r.label.padEnd(widths[0])}  ${String(r.htmlBytes).padStart(8)}  ${String(r.htmlGzipBytes).padStart(7)}\n`,
  );

if (process.argv.includes('--files'))
  for (const r of rows) {
    process.stdout.write(`\n${r.label}: its files (gzip -9 bytes)\n`);
    for (const file of [...r.list].sort((a, b) => gzipBytes(b) - gzipBytes(a)))
      process.stdout.write(
        `${String(gzipBytes(file)).padStart(8)}  ${file}${runtimeFiles.has(file) ? '  (runtime)' : ''}\n`,
      );
  }

const over = rows.filter((r) => !r.within);
for (const r of rows) {
  if (r.missingRuntime)
    process.stdout.write(`\n${r.label}: the runtime chunk was not loaded (is it still one chunk?)\n`);
  if (r.otherBrands.length > 0)
    process.stdout.write(`\n${r.label} loaded pages of: ${r.otherBrands.join(', ')}\n`);
}
if (rows.every((r) => r.otherBrands.length === 0))
  process.stdout.write("\nNo brand's home page loaded another brand's pages.\n");
if (over.length > 0 || rows.some((r) => r.missingRuntime || r.otherBrands.length > 0)) {
  process.stdout.write(`\nOver budget: ${over.map((r) => r.label).join(', ') || 'none'}\n`);
  process.exit(1);
}
process.stdout.write(`\nEvery brand's home page is within ${BUDGET}x the runtime.\n`);
