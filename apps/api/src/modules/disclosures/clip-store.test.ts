import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/server';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { diskStorage } from '../../lib/storage';
import { tempDir } from '../../test/temp-dir';
import { ClipStore } from './clip-store';
import { detectKind } from './content-kind';

const mp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom', 'latin1'), randomBytes(1_000_000)]);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A store over a fresh folder, judging heads as the module does (an MP4 only). */
async function stores() {
  const dir = await tempDir('clip-store');
  const checks = {
    async checkHead(_id: string, head: Buffer) {
      if (detectKind(head) !== 'mp4') throw new HttpError(415, 'not an MP4');
    },
  };
  // Two stores over one folder: the second is the process after a restart.
  const make = () => new ClipStore(new FileStore({ directory: dir }), diskStorage(dir), checks);
  return { dir, make };
}

async function created(store: ClipStore, id: string, size: number) {
  await store.create(new Upload({ id, size, offset: 0 }));
}

describe('the store of disclosure uploads', () => {
  it('hashes each PATCH as it streams, so a finished upload needs no second read', async () => {
    const { make } = await stores();
    const store = make();
    const bytes = mp4();
    await created(store, 'uploads/clips/1/a', bytes.length);
    const half = 400_000;
    expect(await store.write(Readable.from([bytes.subarray(0, half)]), 'uploads/clips/1/a', 0)).toBe(half);
    expect(await store.write(Readable.from([bytes.subarray(half)]), 'uploads/clips/1/a', half)).toBe(
      bytes.length,
    );
    expect(await store.finishedHash('uploads/clips/1/a', bytes.length)).toEqual({
      sha256: sha256(bytes),
      whileStreaming: true,
    });
  });

  it('after a restart between PATCHes, hashes the stored file once instead', async () => {
    const { make } = await stores();
    const bytes = mp4();
    const before = make();
    await created(before, 'uploads/clips/1/b', bytes.length);
    await before.write(Readable.from([bytes.subarray(0, 300_000)]), 'uploads/clips/1/b', 0);
    const after = make();
    expect(await after.write(Readable.from([bytes.subarray(300_000)]), 'uploads/clips/1/b', 300_000)).toBe(
      bytes.length,
    );
    expect(await after.finishedHash('uploads/clips/1/b', bytes.length)).toEqual({
      sha256: sha256(bytes),
      whileStreaming: false,
    });
  });

  it('refuses an upload whose first bytes are wrong, and keeps nothing of it', async () => {
    const { dir, make } = await stores();
    const store = make();
    await created(store, 'uploads/clips/1/c', 5000);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(4992),
    ]);
    await expect(store.write(Readable.from([png]), 'uploads/clips/1/c', 0)).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(await readdir(`${dir}/uploads/clips/1`)).toEqual([]);
  });

  it('judges the first bytes even when they arrive in small pieces', async () => {
    const { make } = await stores();
    const store = make();
    const bytes = mp4();
    await created(store, 'uploads/clips/1/d', bytes.length);
    const pieces = [bytes.subarray(0, 3), bytes.subarray(3, 10), bytes.subarray(10, 70), bytes.subarray(70)];
    expect(await store.write(Readable.from(pieces), 'uploads/clips/1/d', 0)).toBe(bytes.length);
    expect((await store.finishedHash('uploads/clips/1/d', bytes.length)).sha256).toBe(sha256(bytes));
  });
});
