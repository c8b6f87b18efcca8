import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A file as the request's list of clips shows it. */
export interface ListedClip {
  id: number;
  filename: string;
  sha256: string | null;
}

/** What every tus call of the operator carries: the session and the protocol's version. */
export const tusHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });

/** Starts a tus upload of `length` bytes named `filename` on a request: its address on `base`. */
async function created(base: string, token: string, requestId: number, filename: string, length: number) {
  const res = await fetch(`${base}/api/requests/${requestId}/clips/uploads`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
  expect(res.status).toBe(201);
  return `${base}${res.headers.get('location')}`;
}

/** One tus PATCH: `part` sent from `offset`. */
function patch(url: string, token: string, offset: number, part: Buffer) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(part),
  });
}

/** The file named `filename` in the request's list (the request is read in-process, as the operator). */
async function listed(t: TestApp, token: string, requestId: number, filename: string): Promise<ListedClip> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/requests/${requestId}/clips`,
    headers: { authorization: `Bearer ${token}` },
  });
  const file = (res.json().files as ListedClip[]).find((f) => f.filename === filename);
  if (!file) throw new Error(`${filename} was not listed`);
  return file;
}

/**
 * Uploads a whole file over HTTP to the listening app at `base`, through tus in one PATCH: the file
 * as the request lists it.
 */
export async function uploadedWhole(
  t: TestApp,
  base: string,
  token: string,
  requestId: number,
  filename: string,
  bytes: Buffer,
): Promise<ListedClip> {
  const url = await created(base, token, requestId, filename, bytes.length);
  const done = await patch(url, token, 0, bytes);
  expect(done.status).toBe(204);
  return listed(t, token, requestId, filename);
}

/**
 * Uploads a file through tus in two PATCHes, the second resuming where a HEAD says the first
 * ended (`firstPatch` bytes): the file as the request lists it.
 */
export async function uploadedInTwo(
  t: TestApp,
  base: string,
  token: string,
  requestId: number,
  filename: string,
  bytes: Buffer,
  firstPatch: number,
): Promise<ListedClip> {
  const url = await created(base, token, requestId, filename, bytes.length);
  const first = await patch(url, token, 0, bytes.subarray(0, firstPatch));
  expect(first.status).toBe(204);
  const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
  expect(head.headers.get('upload-offset')).toBe(String(firstPatch));
  const second = await patch(url, token, firstPatch, bytes.subarray(firstPatch));
  expect(second.status).toBe(204);
  return listed(t, token, requestId, filename);
}
