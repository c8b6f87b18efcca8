import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandById } from '@app/brands';
import { expect, it } from 'vitest';
import { repoRoot } from './env';
import { startServer } from './start-server';
import { freePort } from './test/free-port';
import { readHead } from './test/html';
import { type PlainAnswer, plainGet as request } from './test/plain-get';
import { tempDir } from './test/temp-dir';
import { testEnv } from './test/test-app';
import { createTestDb } from './test/test-db';
import { webFixtureDir } from './test/web-fixture';

it('on shutdown finishes the request in progress, refuses new ones, then closes the database', async () => {
  const port = await freePort();
  let started!: () => void;
  const inProgress = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const db = await createTestDb();
  const server = await startServer({
    env: testEnv({ port }),
    db,
    logger: false,
    configure: (app) => {
      app.get('/api/test/slow', async () => {
        started();
        await finished;
        return { done: true };
      });
    },
  });

  expect(await request(port, '/api/health')).toEqual({ status: 200, body: '{"status":"ok"}' });
  const slow = request(port, '/api/test/slow');
  await inProgress;

  const closing = server.close();
  while (server.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
  await expect(request(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  finish();
  expect(await slow).toEqual({ status: 200, body: '{"done":true}' });
  await closing;
  await expect(db.query('select 1')).rejects.toThrow();
  // A start seeds the demo data (a clip made by ffmpeg, the sister sites' content): seconds, more on a busy machine.
}, 120_000);

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

it('the server entry starts on the embedded database, serves the brands and exits 0 on SIGTERM', async () => {
  const port = await freePort();
  const dataDir = await tempDir('server-entry');
  const server = runServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webFixtureDir(),
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
  });
  try {
    // Up when /api/health answers (the first start creates the embedded database).
    let health: PlainAnswer | undefined;
    while (!health) {
      health = await request(port, '/api/health').catch(() => undefined);
      if (!health) {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(health).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect((await request(port, '/api/ready')).status).toBe(200);

    const dvr = brandById('dvr');
    const page = await request(port, '/', `${dvr.hostKeys[0]}.localhost:${port}`);
    expect(readHead(page.body).meta('og:url')).toEqual([`http://${dvr.hostKeys[0]}.localhost:${port}/`]);
    expect(server.output().stdout).toContain(`signs http://signs.localhost:${port}`);
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // In development the log reads as sentences, one line per request, not JSON.
    const lines = server.output().stdout.trim().split('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(lines.filter((line) => line.includes('GET /api/'))).toEqual([
      expect.stringMatching(/INFO: request completed: GET \/api\/health 200 \([\d.]+ ms\)$/),
      expect.stringMatching(/INFO: request completed: GET \/api\/ready 200 \([\d.]+ ms\)$/),
    ]);
    expect(lines.at(-1)).toMatch(/INFO: SIGTERM: finishing requests in progress, then stopping$/);
  } finally {
    server.child.kill('SIGKILL');
  }
}, 120_000);

it('in production the log is JSON, one line per request, and no line is lost when the server stops', async () => {
  const port = await freePort();
  const server = runServer({
    PORT: String(port),
    DATA_DIR: await tempDir('server-log'),
    WEB_DIST_DIR: webFixtureDir(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
  });
  try {
    let up = false;
    while (!up) {
      up = (await request(port, '/api/health').catch(() => undefined))?.status === 200;
      if (!up) {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // Requests with ids of our own, all at once, and the stop signal as soon as they are answered.
    const ids = Array.from({ length: 200 }, (_, i) => `log-test-${i}`);
    const answers = await Promise.all(
      ids.map(
        (id) =>
          new Promise<number>((resolve, reject) => {
            const req = http.get(
              { host: '127.0.0.1', port, path: `/api/health?id=${id}`, headers: { 'x-request-id': id } },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', reject);
          }),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([200]));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const id of ids) {
      const mine = lines.filter((line) => line.reqId === id);
      expect(mine).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          method: 'GET',
          url: `/api/health?id=${id}`,
          statusCode: 200,
          responseTime: expect.any(Number),
        }),
      ]);
    }
    expect(lines.at(-1)).toMatchObject({ msg: 'SIGTERM: finishing requests in progress, then stopping' });
  } finally {
    server.child.kill('SIGKILL');
  }
}, 120_000);

it('the server entry refuses a bad environment with one clear line and exit code 1', async () => {
  const server = runServer({ PORT: 'eighty' });
  expect(await server.exited).toBe(1);
  expect(server.output().stderr.trim()).toBe(
    'Invalid environment: PORT must be a whole number from 1 to 65535',
  );
});
