import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER, readServerInfo } from '../cli/server-info';
import { repoRoot } from '../env';
import { signUpPayload } from '../test/accounts';
import { freePort } from '../test/free-port';
import { tempDir } from '../test/temp-dir';
import { createPostgresTestDatabase, testDbKind } from '../test/test-db';
import { webFixtureDir } from '../test/web-fixture';
import { type HttpAnswer, httpCall, until } from './support';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');

interface Outcome {
  n: number;
  answer?: HttpAnswer;
  error?: NodeJS.ErrnoException;
}

it('SIGTERM under a stream of sign-ups: requests in progress finish with 200, new connections are refused, exit 0', async () => {
  const port = await freePort();
  const dataDir = await tempDir('sigterm');
  const database = testDbKind() === 'postgres' ? await createPostgresTestDatabase() : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webFixtureDir(),
      NODE_ENV: 'production',
      // Only at debug does the server log each request as it arrives, which this test follows.
      LOG_LEVEL: 'debug',
      // Production on PostgreSQL needs the key every instance shares.
      ...(database
        ? { DATABASE_URL: database.url, JWT_SECRET: 'a-signing-key-shared-by-every-instance-0123' }
        : {}),
    },
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

  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      return (await httpCall(port, '/api/health').catch(() => undefined))?.status === 200;
    }, 100);

    // Stickers to register, issued the way the sticker CLI does.
    // The server writes DATA_DIR/server.json and admin-token once it listens.
    let info: Awaited<ReturnType<typeof readServerInfo>>;
    await until(async () => {
      info = await readServerInfo(dataDir);
      return info !== undefined;
    });
    const issued = await httpCall(port, '/api/admin/stickers', {
      body: { count: 80 },
      headers: { [ADMIN_TOKEN_HEADER]: info?.adminToken ?? '' },
    });
    expect(issued.status).toBe(200);
    const stickers = (issued.json as { stickers: { signRef: string; prefixNo: string }[] }).stickers;

    /** The numbers of the sign-ups the server has logged as arrived. */
    const arrived = () =>
      new Set(
        stdout
          .split('\n')
          .filter((line) => line.includes('"incoming request"'))
          .map((line) => /\/api\/users\/add\?n=(\d+)/.exec(line)?.[1])
          .filter((n) => n !== undefined)
          .map(Number),
      );

    // Sign-ups four at a time, each from an address of its own (the per-address limit stays clear).
    const outcomes: Outcome[] = [];
    let refused = false;
    let next = 0;
    const stream = Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (!refused) {
          const sticker = stickers.pop();
          if (!sticker) return;
          next += 1;
          const outcome: Outcome = { n: next };
          outcomes.push(outcome);
          try {
            outcome.answer = await httpCall(port, `/api/users/add?n=${outcome.n}`, {
              body: signUpPayload(sticker),
              localAddress: `127.0.9.${outcome.n}`,
            });
          } catch (error) {
            outcome.error = error as NodeJS.ErrnoException;
            if (outcome.error.code === 'ECONNREFUSED') refused = true;
          }
        }
      }),
    );

    // Once some sign-ups have been answered and others have arrived and are still being worked on.
    let inProgress: number[] = [];
    await until(() => {
      const seen = arrived();
      inProgress = outcomes.filter((o) => !o.answer && !o.error && seen.has(o.n)).map((o) => o.n);
      return outcomes.filter((o) => o.answer).length >= 4 && inProgress.length > 0;
    }, 5);
    const arrivedBeforeStop = arrived();
    child.kill('SIGTERM');
    await stream;
    expect(await exited).toBe(0);

    // Everything the server had taken before the signal was completed.
    expect(inProgress.length).toBeGreaterThan(0);
    for (const outcome of outcomes.filter((o) => arrivedBeforeStop.has(o.n))) {
      expect(outcome.error).toBeUndefined();
      expect(outcome.answer?.status).toBe(200);
      expect(outcome.answer?.json).toMatchObject({ success: true });
    }
    // Sent after the signal: a complete sign-up; 503 { message } when the server read it just as it
    // began closing; the connection refused; or reset when it was still waiting to be read (never
    // started, so safe to send again). Never a request left hanging, never one cut off midway.
    const arrivedAtAll = arrived();
    for (const outcome of outcomes.filter((o) => !arrivedBeforeStop.has(o.n))) {
      if (outcome.answer?.status === 503) {
        expect(outcome.answer.json).toMatchObject({ message: expect.any(String) });
      } else if (outcome.answer) {
        expect(outcome.answer.json).toMatchObject({ success: true });
      } else {
        expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.error?.code);
        expect(arrivedAtAll.has(outcome.n)).toBe(false);
      }
    }
    expect(refused).toBe(true);
    await expect(httpCall(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  } finally {
    child.kill('SIGKILL');
    await exited;
    await database?.drop();
  }
}, 120_000);
