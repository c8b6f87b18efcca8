import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { repoRoot } from '../env';
import { freePort } from '../test/free-port';
import { tempDir } from '../test/temp-dir';
import { createPostgresTestDatabase, testDbKind } from '../test/test-db';
import { webFixtureDir } from '../test/web-fixture';
import { httpCall, until } from './support';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server.ts');

/** Every file under `dir`, however deep; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

it('SIGTERM while a contact form’s file streams in: 503 with Retry-After, the part stored so far removed, exit 0', async () => {
  const port = await freePort();
  const dataDir = await tempDir('sigterm-upload');
  const database = testDbKind() === 'postgres' ? await createPostgresTestDatabase() : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webFixtureDir(),
      NODE_ENV: 'production',
      ...(database
        ? { DATABASE_URL: database.url, JWT_SECRET: 'a-signing-key-shared-by-every-instance-0123' }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const uploads = path.join(dataDir, 'uploads');
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      return (await httpCall(port, '/api/health').catch(() => undefined))?.status === 200;
    }, 100);

    // A form whose JPEG arrives slowly: its data part and the file's first 64 KB, then nothing more.
    const boundary = '----slowupload7d1e';
    const data = JSON.stringify({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      confirmEmail: 'grace.hopper@example.com',
      mobilePhone: '07700 900123',
      companyName: 'Harbour Lights Café',
      subject: 'Moving a sign to our new shop',
      message: 'We are moving to a new unit.',
    });
    const jpeg = Buffer.alloc(64 * 1024);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const answer = new Promise<{ status: number; retryAfter: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/contact-us',
            method: 'POST',
            agent: false,
            headers: { host: 'signs.localhost', 'content-type': `multipart/form-data; boundary=${boundary}` },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="sign.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        );
        req.write(jpeg);
      },
    );
    // The file is being written to storage when the server is told to stop.
    let early: Awaited<typeof answer> | undefined;
    void answer.then((a) => {
      early = a;
    });
    await until(async () => {
      if (early) throw new Error(`Answered before the signal: ${early.status} ${early.body}`);
      return (await filesUnder(uploads)).length > 0;
    }, 100);
    child.kill('SIGTERM');

    const reply = await answer;
    expect(reply.status).toBe(503);
    expect(reply.retryAfter).toBe('5');
    expect(JSON.parse(reply.body)).toEqual({
      message: 'The server is restarting and your upload was stopped. Please send it again in a minute.',
    });
    expect(await exited).toBe(0);
    expect(await filesUnder(uploads)).toEqual([]);
  } finally {
    child.kill('SIGKILL');
    await exited;
    await database?.drop();
  }
}, 120_000);
