import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  get(key: string): Promise<Uint8Array>;
  /** Removes a file; one that is not there is not an error. */
  delete(key: string): Promise<void>;
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
    async get(key) {
      return new Uint8Array(await readFile(file(key)));
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
    async get(key) {
      const response = await client.fetch(url(key), { method: 'GET' });
      if (!response.ok) throw await failed('GET', key, response);
      return new Uint8Array(await response.arrayBuffer());
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
