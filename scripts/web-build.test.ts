import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir: string | undefined;
afterAll(() => (outDir ? rm(outDir, { recursive: true, force: true }) : undefined));

// `npm start` and the benchmarks build from whatever environment they were started in; a server
// run with NODE_ENV=development must still serve visitors React's production build.
it('the web app builds for production whatever NODE_ENV the build inherits', async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'web-build-'));
  await run('npm', ['run', 'build', '-w', '@app/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const assets = path.join(outDir, 'assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const code = await Promise.all(
    scripts.map(async (name) => ({ name, text: await readFile(path.join(assets, name), 'utf8') })),
  );
  // Markers of React's development builds: the JSX dev runtime and its render warnings.
  const withMarker = (marker: string) =>
    code.filter((file) => file.text.includes(marker)).map((file) => file.name);
  expect(withMarker('jsxDEV')).toEqual([]);
  expect(withMarker('Check the render method')).toEqual([]);
}, 120_000);
