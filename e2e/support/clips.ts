import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainServer, type TestServer } from './env';
import { clientAddress, expect } from './fixtures';
import type { Operator } from './operator';

/** A clip on disk, its bytes and their SHA-256 (hex), as the server should report it. */
export interface Clip {
  path: string;
  bytes: Buffer;
  sha256: string;
}

/**
 * A two-second test pattern, H.264 in MP4, as a recorder might export it (made here with ffmpeg,
 * nothing downloaded), saved under `filename` in a fresh temporary folder.
 */
export function makeClip(filename: string): Clip {
  const path = join(mkdtempSync(join(tmpdir(), 'clip-')), filename);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=10',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  const bytes = readFileSync(path);
  return { path, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * A clip uploaded whole through the tus endpoint, as the operator of the signs brand, to `server`
 * (the upload screen has its own journey: e2e/journey-clip-upload.spec.ts).
 */
export async function uploadWhole(
  operator: Operator,
  requestId: number,
  filename: string,
  bytes: Buffer,
  server: TestServer = mainServer,
): Promise<void> {
  const headers = {
    host: `signs.localhost:${server.port}`,
    'x-forwarded-for': clientAddress(`${process.pid}/${Math.random()}`),
    authorization: `Bearer ${operator.token}`,
    'tus-resumable': '1.0.0',
  };
  // Node does not resolve *.localhost: the loopback address, with the brand's Host.
  const base = `http://127.0.0.1:${server.port}`;
  const created = await fetch(`${base}/api/requests/${requestId}/clips/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const done = await fetch(`${base}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(done.status).toBe(204);
}
