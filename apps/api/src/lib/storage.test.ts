import { access, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../test/fake-s3';
import { checkKey, diskStorage, s3Storage } from './storage';

const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

/** A stream of `count` chunks of 64 KB that fails with `failWith` after them, if given. */
function chunks(count: number, failWith?: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < count) {
        sent += 1;
        this.push(Buffer.alloc(65_536, sent));
      } else if (failWith) this.destroy(failWith);
      else this.push(null);
    },
  });
}

describe('file storage keys', () => {
  it('accepts relative keys of our own making and refuses anything that could leave the root', () => {
    expect(checkKey('uploads/contact/12/1-sign by the door.JPG')).toBe(
      'uploads/contact/12/1-sign by the door.JPG',
    );
    for (const key of ['', '/etc/passwd', 'uploads/../secret', 'uploads//x', './x', 'a\\..\\b', 'uploads/']) {
      expect(() => checkKey(key)).toThrow(/Not a storage key/);
    }
  });
});

describe('disk storage', () => {
  it('stores, reads back and deletes a file under its root, and never overwrites one', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    const storage = diskStorage(root);
    await storage.put('uploads/contact/1/1-photo.jpg', bytes, 'image/jpeg');
    expect(new Uint8Array(await readFile(path.join(root, 'uploads/contact/1/1-photo.jpg')))).toEqual(bytes);
    expect(await storage.get('uploads/contact/1/1-photo.jpg')).toEqual(bytes);
    await expect(storage.put('uploads/contact/1/1-photo.jpg', bytes, 'image/jpeg')).rejects.toThrow(/EEXIST/);
    await storage.delete('uploads/contact/1/1-photo.jpg');
    await storage.delete('uploads/contact/1/1-photo.jpg');
    await expect(storage.get('uploads/contact/1/1-photo.jpg')).rejects.toThrow(/ENOENT/);
  });

  it('stores a stream as it comes, and leaves nothing behind when the stream fails', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    const storage = diskStorage(root);
    await storage.putStream('uploads/contact/a/1-big.pdf', chunks(40), 'application/pdf');
    expect((await storage.get('uploads/contact/a/1-big.pdf')).length).toBe(40 * 65_536);
    let streamed = 0;
    for await (const chunk of await storage.getStream('uploads/contact/a/1-big.pdf'))
      streamed += chunk.length;
    expect(streamed).toBe(40 * 65_536);
    await expect(storage.getStream('uploads/contact/a/none.pdf')).rejects.toThrow(/ENOENT/);
    await expect(
      storage.putStream('uploads/contact/a/2-cut.pdf', chunks(3, new Error('cut short')), 'application/pdf'),
    ).rejects.toThrow('cut short');
    await expect(access(path.join(root, 'uploads/contact/a/2-cut.pdf'))).rejects.toThrow(/ENOENT/);
  });
});

describe('S3-compatible storage (against a local service that checks the signatures)', () => {
  let s3: FakeS3 | undefined;
  afterEach(async () => {
    await s3?.close();
  });

  it('puts, gets and deletes objects with signed requests', async () => {
    s3 = await startFakeS3();
    const storage = s3Storage({ kind: 's3', ...s3 });
    const key = 'uploads/contact/7/1-sign by the door.JPG';
    await storage.put(key, bytes, 'image/jpeg');
    expect(s3.refused).toBe(0);
    expect(s3.objects.get(key)).toEqual({ body: Buffer.from(bytes), contentType: 'image/jpeg' });
    expect(await storage.get(key)).toEqual(bytes);
    await storage.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toThrow(/S3 GET .* failed: 404/);
  });

  it('streams an object up with a signed request, and stores nothing from a stream that fails', async () => {
    s3 = await startFakeS3();
    const storage = s3Storage({ kind: 's3', ...s3 });
    await storage.putStream('uploads/contact/b/1-big.pdf', chunks(20), 'application/pdf');
    expect(s3.refused).toBe(0);
    expect(s3.objects.get('uploads/contact/b/1-big.pdf')?.body.length).toBe(20 * 65_536);
    expect(s3.objects.get('uploads/contact/b/1-big.pdf')?.contentType).toBe('application/pdf');
    let streamed = 0;
    for await (const chunk of await storage.getStream('uploads/contact/b/1-big.pdf'))
      streamed += chunk.length;
    expect(streamed).toBe(20 * 65_536);
    await expect(
      storage.putStream('uploads/contact/b/2-cut.pdf', chunks(2, new Error('cut short')), 'application/pdf'),
    ).rejects.toThrow('cut short');
    expect(s3.objects.has('uploads/contact/b/2-cut.pdf')).toBe(false);
  });

  it('reports a refused request (a wrong secret) as a failure', async () => {
    s3 = await startFakeS3();
    const storage = s3Storage({ kind: 's3', ...s3, secretAccessKey: 'not-the-secret' });
    await expect(storage.put('uploads/x/1/1-a.pdf', bytes, 'application/pdf')).rejects.toThrow(
      /S3 PUT uploads\/x\/1\/1-a.pdf failed: 403 .*SignatureDoesNotMatch/,
    );
    expect(s3.objects.size).toBe(0);
  });
});

describe('byte ranges, for downloads a client resumes', () => {
  let s3: FakeS3 | undefined;
  afterEach(async () => {
    await s3?.close();
  });

  it('streams only the bytes asked for, from the disk and from S3', async () => {
    const whole = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const read = async (stream: Readable) => {
      const parts: Buffer[] = [];
      for await (const chunk of stream) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    };
    s3 = await startFakeS3();
    const stores = [
      diskStorage(await mkdtemp(path.join(os.tmpdir(), 'range-'))),
      s3Storage({ kind: 's3', ...s3 }),
    ];
    for (const storage of stores) {
      await storage.put('disclosures/1/a/1', whole, 'video/mp4');
      expect(await read(await storage.getStream('disclosures/1/a/1', { start: 100, end: 199 }))).toEqual(
        whole.subarray(100, 200),
      );
      expect(await read(await storage.getStream('disclosures/1/a/1', { start: 990, end: 999 }))).toEqual(
        whole.subarray(990),
      );
    }
    expect(s3.refused).toBe(0);
  });
});
