import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files (contact-form attachments) are kept: the local disk under DATA_DIR for one
 * server, or an S3-compatible bucket that every instance shares. Keys are made by the server
 * (`uploads/contact/12/1-photo.jpg`), never taken from a request as they are.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores a new file; refuses to overwrite one (local) so two writers never mix their bytes. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a new file from a stream, never holding it whole in memory. When the stream fails (an
   * upload cut short, a size or type check in it), nothing is left stored and the error is thrown.
   */
  putStream(key: string, source: Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /**
   * A stored file as a stream (attachments being sent): never read whole into memory. With
   * `range`, only bytes `start` to `end` (both included), for downloads a client resumes.
   */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a file; one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes `start` to `end` of a file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** e.g. https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000; buckets are addressed by path. */
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** A key of our own making: relative, `/`-separated, no empty, `.` or `..` segments. */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (key.startsWith('/') || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function diskStorage(root: string): FileStorage {
  const file = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx', mode: 0o600 });
    },
    async putStream(key, source) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(source, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        // Whatever was written of a file that failed goes; a file that was there already stays.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(target, { force: true });
        source.destroy();
        throw error;
      }
    },
    async get(key) {
      return new Uint8Array(await readFile(file(key)));
    },
    async getStream(key, range) {
      const target = file(key);
      // A missing file fails here, not later inside whoever reads the stream.
      await stat(target);
      return createReadStream(target, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

export function s3Storage(settings: Extract<StorageSettings, { kind: 's3' }>): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // A failed upload fails the message it belongs to: the visitor is told and can send again.
    retries: 2,
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  const url = (key: string) => `${base}/${checkKey(key).split('/').map(encodeURIComponent).join('/')}`;
  const failed = async (action: string, key: string, response: Response) =>
    new Error(`S3 ${action} ${key} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await client.fetch(url(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) throw await failed('PUT', key, response);
    },
    async putStream(key, source, contentType) {
      // S3 wants the length before the body: the upload is spooled to a temporary file (checked as
      // it streams), then streamed from there with its length. Memory stays one chunk per upload.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'upload-'));
      const spool = path.join(dir, 'file');
      try {
        await pipeline(source, createWriteStream(spool, { mode: 0o600 }));
        const { size } = await stat(spool);
        const signed = await client.sign(url(key), {
          method: 'PUT',
          headers: { 'content-type': contentType },
        });
        const headers: Record<string, string> = Object.fromEntries(signed.headers.entries());
        headers['content-length'] = String(size);
        const target = new URL(signed.url);
        const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
          const request = (target.protocol === 'https:' ? https : http).request(
            target,
            { method: 'PUT', headers },
            (response) => {
              let body = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                if (body.length < 200) body += chunk;
              });
              response.on('end', () => resolve({ code: response.statusCode ?? 0, body }));
              response.on('error', reject);
            },
          );
          request.on('error', reject);
          createReadStream(spool).on('error', reject).pipe(request);
        });
        if (status.code < 200 || status.code >= 300) {
          throw new Error(`S3 PUT ${key} failed: ${status.code} ${status.body.slice(0, 200)}`);
        }
      } catch (error) {
        source.destroy();
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      const response = await client.fetch(url(key), { method: 'GET' });
      if (!response.ok) throw await failed('GET', key, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async getStream(key, range) {
      const response = await client.fetch(url(key), {
        method: 'GET',
        ...(range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {}),
      });
      if (!response.ok || !response.body) throw await failed('GET', key, response);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await failed('DELETE', key, response);
    },
  };
}

/** The storage the environment names: S3 when STORAGE=s3, else DATA_DIR on the local disk. */
export function createStorage(settings: StorageSettings, dataDir: string): FileStorage {
  return settings.kind === 's3' ? s3Storage(settings) : diskStorage(dataDir);
}
