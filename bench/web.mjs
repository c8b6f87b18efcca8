#!/usr/bin/env node
// `npm run bench:web`: builds the web app, then weighs what each brand's home page makes the browser
// download before first paint, against the shared React + router runtime alone.
//
// Before first paint the browser needs the entry chunk and everything it imports statically, and
// the brand's route group (src/brands/<id>/routes.tsx, imported lazily but awaited before the home
// page renders) with its static imports, plus the CSS of all of them. Each file is counted once,
// gzipped at level 9. Budget: each brand at most 1.4x the runtime.
//
// Options: --no-build weighs the existing apps/web/dist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 1.4;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

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

// One brand per config file in packages/brands, so a brand without a route group is noticed.
const brandIds = readdirSync(join(root, 'packages/brands/src/brands'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) fail(`expected one entry chunk in the manifest, found ${entryKeys.length}`);
const runtimeKeys = Object.keys(manifest).filter(
  (key) => manifest[key].name === 'runtime' && !manifest[key].src,
);
if (runtimeKeys.length !== 1)
  fail(`expected one chunk named "runtime" in the manifest, found ${runtimeKeys.length}`);

/** Files (JS and CSS) of the given chunks and their static imports, each once. */
function filesLoadedBy(keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest has no chunk ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css };
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function weigh(label, keys) {
  const { js, css } = filesLoadedBy(keys);
  const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
  const jsBytes = sum(js);
  const cssBytes = sum(css);
  return { label, jsBytes, cssBytes, total: jsBytes + cssBytes, files: js.size + css.size };
}

const runtime = weigh('runtime (react, react-dom, scheduler, react-router)', runtimeKeys);
const rows = [];
const missing = [];
for (const id of brandIds) {
  const routesKey = `src/brands/${id}/routes.tsx`;
  if (!manifest[routesKey]) {
    missing.push(id);
    continue;
  }
  rows.push(weigh(`${id} home page`, [entryKeys[0], routesKey]));
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
process.stdout.write(`\nWeb weight before first paint (gzip -9 bytes)\n${line(headers)}\n`);
for (const cells of table) process.stdout.write(`${line(cells)}\n`);

const over = rows.filter((r) => !r.within);
if (missing.length > 0) process.stdout.write(`\nNo route group in the build for: ${missing.join(', ')}\n`);
if (over.length > 0 || missing.length > 0) {
  process.stdout.write(`\nOver budget: ${over.map((r) => r.label).join(', ') || 'none'}\n`);
  process.exit(1);
}
process.stdout.write(`\nEvery brand's home page is within ${BUDGET}x the runtime.\n`);
