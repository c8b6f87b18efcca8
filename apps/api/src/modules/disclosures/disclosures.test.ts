import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { disclosureMessages } from '@app/contract/disclosures';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { call, signedIn } from '../../test/accounts';
import { footageRequest } from '../../test/footage-requests';
import { tempDir } from '../../test/temp-dir';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser } from '../../test/workspace';

const exec = promisify(execFile);

let t: TestApp;
afterEach(() => t?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Clips made here by ffmpeg from a test pattern, so nothing is downloaded. */
const clips: Record<'mp4' | 'avi' | 'mkv', Buffer> = {
  mp4: Buffer.alloc(0),
  avi: Buffer.alloc(0),
  mkv: Buffer.alloc(0),
};

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clips-'));
  const pattern = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'];
  const make = async (name: string, codec: string[]) => {
    const file = path.join(dir, name);
    await exec('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...pattern, ...codec, file]);
    return readFile(file);
  };
  clips.mp4 = await make('clip.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  // MPEG-4 Part 2 in AVI: browsers play neither, so it is re-encoded.
  clips.avi = await make('clip.avi', ['-c:v', 'mpeg4']);
  // H.264 in Matroska: only the wrapping changes.
  clips.mkv = await make('clip.mkv', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  await rm(dir, { recursive: true, force: true });
}, 60_000);

/** The API listening on a loopback port of its own, for real connections that can be cut. */
async function listening(env: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const tusHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });
const metadata = (filename: string) => `filename ${Buffer.from(filename).toString('base64')}`;

async function create(base: string, token: string, requestId: number, filename: string, length: number) {
  return fetch(`${base}/api/requests/${requestId}/clips/uploads`, {
    method: 'POST',
    headers: { ...tusHeaders(token), 'upload-length': String(length), 'upload-metadata': metadata(filename) },
  });
}

function patch(base: string, token: string, location: string, offset: number, bytes: Uint8Array) {
  return fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
}

/** Creates and sends a whole file in one PATCH: the PATCH's answer. */
async function upload(base: string, token: string, requestId: number, filename: string, bytes: Uint8Array) {
  const created = await create(base, token, requestId, filename, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location') ?? '';
  return { location, res: await patch(base, token, location, 0, bytes) };
}

async function files(token: string, requestId: number) {
  const res = await call(t, 'GET', `/api/requests/${requestId}/clips`, { token });
  expect(res.statusCode).toBe(200);
  return res.json().files as Array<Record<string, unknown> & { id: number; processing: { state: string } }>;
}

/** The files once ffprobe and any conversion are done with them. */
async function settled(token: string, requestId: number) {
  for (let i = 0; i < 600; i++) {
    const list = await files(token, requestId);
    const busy = (f: (typeof list)[number]) =>
      f.uploadState === 'complete' && ['probing', 'waiting', 'converting'].includes(f.processing.state);
    if (!list.some(busy)) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The files were never processed');
}

/** Every file under DATA_DIR/uploads/clips (tus keeps a .json of each upload beside it). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.env.dataDir, 'uploads', 'clips');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

const historyOf = async (token: string, requestId: number) =>
  (await call(t, 'GET', `/api/requests/${requestId}`, { token })).json().history as Array<{
    action: string;
    body: string;
  }>;

/** Sends `bytes` as a PATCH whose Content-Length promises more, then cuts the connection. */
function cutPatch(base: string, token: string, location: string, bytes: Uint8Array, promised: number) {
  return new Promise<void>((resolve) => {
    const request = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(token),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(promised),
      },
    });
    request.on('error', () => resolve());
    request.on('response', () => resolve());
    request.write(bytes, () => {
      // Give the server time to store what arrived, then drop the connection as a closed laptop would.
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
  });
}

describe('clips uploaded as the operator has them', () => {
  it('resumes an upload cut halfway from the offset the server kept, and records the SHA-256 of the whole', async () => {
    const base = await listening();
    const operator = await signedIn(t);
    const requestId = (await footageRequest(t, operator, 'sam.walker@example.net')).id;
    // A larger file than the test clip, so the cut falls well inside it: the clip, then padding.
    const bytes = Buffer.concat([clips.mp4, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const created = await create(base, operator.token, requestId, 'entrance.mp4', bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^/api/requests/${requestId}/clips/uploads/[0-9a-f-]{36}$`));

    const half = Math.floor(bytes.length / 2);
    await cutPatch(base, operator.token, location, bytes.subarray(0, half), bytes.length);

    // The server says how much it kept; the client sends the rest from there.
    let offset = -1;
    for (let i = 0; i < 50 && offset <= 0; i++) {
      const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(operator.token) });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-length')).toBe(String(bytes.length));
      offset = Number(head.headers.get('upload-offset'));
      if (offset <= 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const listed = await files(operator.token, requestId);
    expect(listed).toMatchObject([
      { filename: 'entrance.mp4', uploadState: 'uploading', sha256: null, uploadUrl: location },
    ]);

    let rest = await patch(base, operator.token, location, offset, bytes.subarray(offset));
    // The cut PATCH may still hold the upload's lock for a moment: tus answers 423 meanwhile.
    for (let i = 0; i < 50 && rest.status === 423; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rest = await patch(base, operator.token, location, offset, bytes.subarray(offset));
    }
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));

    const [file] = await files(operator.token, requestId);
    expect(file).toMatchObject({
      uploadState: 'complete',
      kind: 'mp4',
      sizeBytes: bytes.length,
      uploadUrl: null,
    });
    expect(file?.sha256).toBe(sha256(bytes));
    const key = `uploads/clips/${requestId}/${location.split('/').pop()}`;
    expect(sha256(await readFile(path.join(t.env.dataDir, key)))).toBe(sha256(bytes));
    const history = await historyOf(operator.token, requestId);
    // Hashed as the bytes arrived, across the cut: the stored file was not read again.
    expect(history.find((e) => e.action === 'clip_uploaded')?.body).toBe(
      `entrance.mp4 (${bytes.length} bytes) uploaded, SHA-256 ${sha256(bytes)}, computed as the bytes arrived.`,
    );
  });

  it('reads duration, resolution and codec with ffprobe, and keeps an H.264 MP4 as it is', async () => {
    const base = await listening();
    const operator = await signedIn(t);
    const requestId = (await footageRequest(t, operator, 'sam.walker@example.net')).id;
    const { res } = await upload(base, operator.token, requestId, 'gate.mp4', clips.mp4);
    expect(res.status).toBe(204);
    const [file] = await settled(operator.token, requestId);
    expect(file).toMatchObject({
      kind: 'mp4',
      durationMs: 2000,
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: null,
      processing: { state: 'not_needed', progress: 0 },
      playable: null,
      sha256: sha256(clips.mp4),
    });

    // A still at one second: a JPEG kept and hashed as a file of the request.
    const still = await call(t, 'POST', `/api/requests/${requestId}/clips/${file?.id}/stills`, {
      token: operator.token,
      body: { atSeconds: 1 },
    });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({
      kind: 'jpeg',
      filename: 'gate-still-00m01.000s.jpg',
      width: 320,
      height: 240,
      still: { fromFileId: file?.id, atMs: 1000 },
      uploadState: 'complete',
    });
    const stored = (await storedFiles()).filter((name) => !name.endsWith('.json'));
    expect(stored).toHaveLength(2);
    const jpegs = await Promise.all(
      stored.map((name) => readFile(path.join(t.env.dataDir, 'uploads/clips', name))),
    );
    const jpeg = jpegs.find((b) => b[0] === 0xff && b[1] === 0xd8);
    expect(jpeg && sha256(jpeg)).toBe(still.json().sha256);

    const late = await call(t, 'POST', `/api/requests/${requestId}/clips/${file?.id}/stills`, {
      token: operator.token,
      body: { atSeconds: 2.5 },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: disclosureMessages.pastTheEnd });
  });

  it('converts an AVI and an MKV in the background to H.264 MP4, keeping the original and both hashes', async () => {
    const base = await listening();
    const operator = await signedIn(t);
    const requestId = (await footageRequest(t, operator, 'sam.walker@example.net')).id;
    for (const [name, bytes] of [
      ['lane.avi', clips.avi],
      ['yard.mkv', clips.mkv],
    ] as const) {
      const { res } = await upload(base, operator.token, requestId, name, bytes);
      expect(res.status).toBe(204);
    }
    const list = await settled(operator.token, requestId);
    expect(list).toMatchObject([
      {
        filename: 'lane.avi',
        kind: 'avi',
        videoCodec: 'mpeg4',
        processing: { state: 'done', progress: 100 },
      },
      { filename: 'yard.mkv', kind: 'mkv', videoCodec: 'h264', processing: { state: 'done', progress: 100 } },
    ]);
    for (const [file, original] of [
      [list[0], clips.avi],
      [list[1], clips.mkv],
    ] as const) {
      expect(file?.sha256).toBe(sha256(original));
      const playable = file?.playable as { sha256: string; sizeBytes: number };
      expect(playable.sha256).not.toBe(file?.sha256);
      const stored = (await storedFiles()).filter((name) => name.endsWith('.playable.mp4'));
      const copies = await Promise.all(
        stored.map((name) => readFile(path.join(t.env.dataDir, 'uploads/clips', name))),
      );
      const copy = copies.find((b) => sha256(b) === playable.sha256);
      expect(copy?.length).toBe(playable.sizeBytes);
      // What browsers play: H.264 in an MP4.
      expect(copy?.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    const dir = await tempDir('playable');
    const copyPath = path.join(dir, 'copy.mp4');
    const stored = (await storedFiles()).filter((name) => name.endsWith('.playable.mp4'));
    await copyFile(path.join(t.env.dataDir, 'uploads/clips', stored[0] ?? ''), copyPath);
    const { stdout } = await exec('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      copyPath,
    ]);
    expect(stdout.trim()).toBe('h264');
    const actions = (await historyOf(operator.token, requestId)).map((e) => e.action);
    expect(actions.filter((a) => a === 'clip_playable_copy')).toHaveLength(2);
  });
});

describe('uploads refused', () => {
  it('refuses a file whose content does not match its name, keeping nothing of it', async () => {
    const base = await listening();
    const operator = await signedIn(t);
    const requestId = (await footageRequest(t, operator, 'sam.walker@example.net')).id;
    // A PNG named as a clip.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(4096, 1),
    ]);
    const { res } = await upload(base, operator.token, requestId, 'entrance.mp4', png);
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(disclosureMessages.contentNotName);
    expect(await files(operator.token, requestId)).toEqual([]);
    // tus may answer the refused PATCH as its body stream breaks, while the store is still removing
    // the upload's file and its information beside it: within moments nothing of it is left.
    await expect.poll(() => storedFiles(), { timeout: 5_000 }).toEqual([]);
    expect((await historyOf(operator.token, requestId)).map((e) => e.action)).toContain('clip_refused');

    // A name we do not take is refused before the upload exists.
    const exe = await create(base, operator.token, requestId, 'player.exe', 4096);
    expect(exe.status).toBe(415);
    expect(await exe.json()).toEqual({ message: disclosureMessages.accepted });
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file over the limit before any byte is stored', async () => {
    const base = await listening({ env: { clipMaxBytes: 1_048_576 } });
    const operator = await signedIn(t);
    const requestId = (await footageRequest(t, operator, 'sam.walker@example.net')).id;
    const over = await create(base, operator.token, requestId, 'big.mp4', 1_048_577);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ message: disclosureMessages.tooLarge(1_048_576) });
    // Nor may the length be left to be said later.
    const deferred = await fetch(`${base}/api/requests/${requestId}/clips/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(operator.token),
        'upload-defer-length': '1',
        'upload-metadata': metadata('big.mp4'),
      },
    });
    expect(deferred.status).toBe(400);
    expect(await files(operator.token, requestId)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    // Exactly the limit is taken.
    expect((await create(base, operator.token, requestId, 'big.mp4', 1_048_576)).status).toBe(201);
  });

  it('takes 4 GiB per file unless CLIP_MAX_BYTES says otherwise', () => {
    expect(parseEnv({}).clipMaxBytes).toBe(4_294_967_296);
    expect(parseEnv({ CLIP_MAX_BYTES: '10737418240' }).clipMaxBytes).toBe(10_737_418_240);
    expect(() => parseEnv({ CLIP_MAX_BYTES: '4GB' })).toThrow(
      /CLIP_MAX_BYTES must be a whole number of bytes/,
    );
  });

  it("refuses another company's users at every step, and a plain user where a master is needed", async () => {
    const base = await listening();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const plain = await invitedUser(t, a.token, `plain-${a.reply.companyId}@example.com`);
    const requestId = (await footageRequest(t, a, 'sam.walker@example.net')).id;
    const created = await create(base, a.token, requestId, 'entrance.mp4', clips.mp4.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';

    // Company B can neither start an upload to A's request, nor resume, probe or cancel A's upload.
    expect((await create(base, b.token, requestId, 'mine.mp4', 1000)).status).toBe(404);
    expect((await patch(base, b.token, location, 0, clips.mp4)).status).toBe(404);
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(b.token) });
    expect(head.status).toBe(404);
    const cancel = await fetch(`${base}${location}`, { method: 'DELETE', headers: tusHeaders(b.token) });
    expect(cancel.status).toBe(404);
    // Nor can anyone without a session.
    const anonymous = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clips.mp4),
    });
    expect(anonymous.status).toBe(401);
    expect((await files(a.token, requestId))[0]).toMatchObject({ uploadState: 'uploading' });
    expect((await storedFiles()).filter((name) => !name.endsWith('.json'))).toHaveLength(1);
    expect((await readdir(path.join(t.env.dataDir, 'uploads/clips', String(requestId)))).length).toBe(2);

    // A plain user of A's company uploads; B sees nothing of it.
    const { res } = await upload(base, plain.token, requestId, 'lane.mp4', clips.mp4);
    expect(res.status).toBe(204);
    expect((await call(t, 'GET', `/api/requests/${requestId}/clips`, { token: b.token })).statusCode).toBe(
      404,
    );
    const [, done] = await settled(a.token, requestId);
    expect(
      (
        await call(t, 'POST', `/api/requests/${requestId}/clips/${done?.id}/stills`, {
          token: b.token,
          body: { atSeconds: 1 },
        })
      ).statusCode,
    ).toBe(404);

    // Deleting a file is for master users; another company's master is told it is not there.
    const remove = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/requests/${requestId}/clips/${done?.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await remove(plain.token)).statusCode).toBe(403);
    expect((await remove(b.token)).statusCode).toBe(404);
    const removed = await remove(a.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().files.map((f: { filename: string }) => f.filename)).toEqual(['entrance.mp4']);
    const history = await historyOf(a.token, requestId);
    expect(history.find((e) => e.action === 'clip_deleted')?.body).toContain(sha256(clips.mp4));
    // Its bytes are gone; the unfinished upload of A's master is still there.
    expect((await storedFiles()).filter((name) => !name.endsWith('.json'))).toHaveLength(1);
  });
});
