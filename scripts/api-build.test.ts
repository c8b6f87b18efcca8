import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/test/free-port';
import { plainGet as get } from '../apps/api/src/test/plain-get';
import { tempDir } from '../apps/api/src/test/temp-dir';
import { webFixtureDir } from '../apps/api/src/test/web-fixture';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Beside the build `npm start` makes (apps/api/dist/server.js), under a name of its own.
const outfile = path.join(root, 'apps/api/dist', `server-test-${randomUUID()}.js`);
beforeAll(() => run(process.execPath, ['scripts/build-api.mjs', outfile], { cwd: root }), 120_000);
afterAll(() => Promise.all([outfile, `${outfile}.map`].map((file) => rm(file, { force: true }))));

/** The built server on a fresh data directory of its own, as production starts it. */
function startBuilt(port: number, dataDir: string) {
  return spawn(process.execPath, [outfile], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webFixtureDir(),
      NODE_ENV: 'production',
      // In production only configured hosts choose a brand: these are dvr.localhost and the rest.
      PUBLIC_URL_PATTERN: `http://{host}.localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

it('the API builds to JavaScript that plain node runs: it migrates, seeds and answers', async () => {
  const code = await readFile(outfile, 'utf8');
  // Our workspace packages are inside; packages from node_modules stay imports.
  expect(code).not.toMatch(/from ["']@app\//);
  expect(code).toMatch(/from ["']fastify["']/);

  const port = await freePort();
  // No loader: if anything needed TypeScript at run time, this would fail.
  const child = startBuilt(port, await tempDir('api-build'));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // The first start creates the embedded database and seeds it: slow on a busy machine.
    const deadline = Date.now() + 240_000;
    let health: { status: number; body: string } | undefined;
    while (!health) {
      health = await get(port, '/api/health').catch(() => undefined);
      if (health) break;
      if (child.exitCode !== null) throw new Error(`the built server exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error('the built server did not answer within 240 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health).toEqual({ status: 200, body: '{"status":"ok"}' });
    // The SQL migrations ran and the content was read from the repository.
    expect((await get(port, '/api/ready')).status).toBe(200);
    const dvrs = await get(port, '/api/dvrs', `dvr.localhost:${port}`);
    expect(dvrs.status).toBe(200);
    expect((JSON.parse(dvrs.body) as unknown[]).length).toBeGreaterThan(0);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
}, 300_000);

it('a stop asked for while the server is still starting ends it cleanly once it has started', async () => {
  const dataDir = await tempDir('api-build-early-stop');
  const child = startBuilt(await freePort(), dataDir);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    // The embedded database's folder appears while the server opens it: well inside its start.
    const deadline = Date.now() + 120_000;
    while (
      !(await access(path.join(dataDir, 'pgdata')).then(
        () => true,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the built server exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error('the built server made no database within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGTERM');
    // Before, the signal killed the process mid-start (no exit code); now it finishes and stops.
    expect(await exited).toEqual({ code: 0, signal: null });
  } finally {
    child.kill('SIGKILL');
  }
}, 300_000);
