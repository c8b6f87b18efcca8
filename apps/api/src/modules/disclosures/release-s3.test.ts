import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { disclosureMessages } from '@app/contract/disclosures';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedEnv } from '../../env';
import { call, outboxFor, signedIn } from '../../test/accounts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3';
import { type FootageRequest, footageRequest } from '../../test/footage-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tusHeaders, uploadedInTwo } from '../../test/tus-upload';
import { sweepEnded } from './release-service';

let t: TestApp | undefined;
let s3: FakeS3 | undefined;
afterEach(async () => {
  await t?.close();
  await s3?.close();
  t = undefined;
  s3 = undefined;
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const DAY = 86_400_000;
const MIB = 1_048_576;
const VISITOR = 'sam.walker@example.net';

/** A PNG as the content check knows one (its signature), then random bytes so every range differs. */
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

/** The API listening, with STORAGE=s3 on the fake bucket: the app and its base address. */
async function listening(env: Partial<ResolvedEnv> = {}) {
  s3 = await startFakeS3();
  const app = await createTestApp({ env: { storage: { kind: 's3', ...s3 }, ...env } });
  t = app;
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.app.server.address() as AddressInfo;
  return { t: app, bucket: s3, base: `http://127.0.0.1:${port}` };
}

const visitorUrl = (v: FootageRequest, disclosureId: number, rest = '') =>
  `/api/requests/visitor/${v.reference}/disclosures/${disclosureId}${rest}`;

/** A download grant, from the code mailed to the request's address. */
async function grantFor(app: TestApp, v: FootageRequest, disclosureId: number): Promise<string> {
  const sent = await call(app, 'POST', visitorUrl(v, disclosureId, '/code'), {
    headers: { 'x-request-key': v.secret },
  });
  expect(sent.statusCode).toBe(200);
  const mail = (await outboxFor(app.db, v.email)).at(-1);
  const code = /Your download code: (\d+)/.exec(mail?.subject ?? '')?.[1];
  const res = await call(app, 'POST', visitorUrl(v, disclosureId, '/grant'), {
    headers: { 'x-request-key': v.secret },
    body: { code },
  });
  expect(res.statusCode).toBe(200);
  return res.json().grant as string;
}

const release = (app: TestApp, token: string, requestId: number, fileIds: number[]) =>
  call(app, 'POST', `/api/requests/${requestId}/disclosures`, {
    token,
    body: { fileIds, letter: 'Here is the footage you asked for, from the entrance camera.' },
  });

const disclosureObjects = (bucket: FakeS3) =>
  [...bucket.objects.keys()].filter((k) => k.startsWith('disclosures/'));

// Each test uploads, releases and downloads through the whole API: minutes on a loaded machine.
describe('disclosures kept in an S3-compatible bucket (STORAGE=s3)', { timeout: 180_000 }, () => {
  it('a clip resumed over tus is hashed, released, downloaded by range, and its copies go when revoked or expired', async () => {
    const { t: app, bucket, base } = await listening();
    const operator = await signedIn(app);
    const visitor = await footageRequest(app, operator, VISITOR);

    // 6 MiB, the first PATCH 5.5 MiB: part 1 of a multipart upload (S3 takes no part under 5 MiB
    // but the last), the rest part 2. The fake takes plain bodies only, as many S3-compatible
    // stores do, so this also holds the client to the checksums it sends (clip-uploads.ts).
    const gate = png(6 * MIB);
    const gateFile = await uploadedInTwo(app, base, operator.token, visitor.id, 'gate.png', gate, 5.5 * MIB);
    expect(gateFile.sha256).toBe(sha256(gate));
    // The whole file is one object under the request's uploads, beside tus's information about it.
    const stored = [...bucket.objects.keys()].filter((k) => k.startsWith(`uploads/clips/${visitor.id}/`));
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.info$/), expect.stringMatching(/[0-9a-f-]{36}$/)]),
    );
    const clipKey = stored.find((k) => !k.endsWith('.info')) ?? '';
    expect(sha256(bucket.objects.get(clipKey)?.body ?? Buffer.alloc(0))).toBe(sha256(gate));
    expect(bucket.multipartUploads.size).toBe(0);

    const released = await release(app, operator.token, visitor.id, [gateFile.id]);
    expect(released.statusCode).toBe(200);
    const disclosure = released.json();
    expect(disclosure.files).toMatchObject([
      { filename: 'gate.png', sha256: sha256(gate), sizeBytes: 6 * MIB },
    ]);
    // The file and the letter, copied for this disclosure.
    expect(disclosureObjects(bucket)).toHaveLength(2);

    const grant = await grantFor(app, visitor, disclosure.id);
    const fileUrl = visitorUrl(visitor, disclosure.id, `/files/${disclosure.files[0].id}`);
    const whole = await app.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { 'x-disclosure-grant': grant },
    });
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.rawPayload)).toBe(sha256(gate));
    const part = await app.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { 'x-disclosure-grant': grant, range: 'bytes=5000000-5999999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5000000-5999999/${6 * MIB}`);
    expect(Buffer.compare(part.rawPayload, gate.subarray(5_000_000, 6_000_000))).toBe(0);

    const revoked = await call(
      app,
      'POST',
      `/api/requests/${visitor.id}/disclosures/${disclosure.id}/revoke`,
      {
        token: operator.token,
      },
    );
    expect(revoked.statusCode).toBe(200);
    expect(
      (await app.app.inject({ method: 'GET', url: fileUrl, headers: { 'x-disclosure-grant': grant } }))
        .statusCode,
    ).toBe(410);
    await sweepEnded({ db: app.db, storage: app.app.storage }, new Date());
    expect(disclosureObjects(bucket)).toEqual([]);

    // A second disclosure, of a small clip whose first PATCH is below a part's size (kept aside
    // in the bucket until the rest arrives), ends when its 14 days do.
    const other = await footageRequest(app, operator, 'alex.other@example.net');
    const yard = png(300_000);
    const yardFile = await uploadedInTwo(app, base, operator.token, other.id, 'yard.png', yard, 100_000);
    expect(yardFile.sha256).toBe(sha256(yard));
    const second = (await release(app, operator.token, other.id, [yardFile.id])).json();
    expect(disclosureObjects(bucket)).toHaveLength(2);
    const otherGrant = await grantFor(app, other, second.id);
    const yardUrl = visitorUrl(other, second.id, `/files/${second.files[0].id}`);
    const yardPart = await app.app.inject({
      method: 'GET',
      url: yardUrl,
      headers: { 'x-disclosure-grant': otherGrant, range: 'bytes=100-199' },
    });
    expect(yardPart.statusCode).toBe(206);
    expect(Buffer.compare(yardPart.rawPayload, yard.subarray(100, 200))).toBe(0);
    const releasedAt = Date.parse(second.releasedAt);
    expect(await sweepEnded({ db: app.db, storage: app.app.storage }, new Date(releasedAt + 14 * DAY))).toBe(
      1,
    );
    expect(
      (await app.app.inject({ method: 'GET', url: yardUrl, headers: { 'x-disclosure-grant': otherGrant } }))
        .statusCode,
    ).toBe(410);
    expect(disclosureObjects(bucket)).toEqual([]);
    expect(bucket.refused).toBe(0);
  });

  it('an upload refused for its size or its content leaves nothing in the bucket', async () => {
    const { t: app, bucket, base } = await listening({ clipMaxBytes: MIB });
    const operator = await signedIn(app);
    const visitor = await footageRequest(app, operator, VISITOR);
    const over = await fetch(`${base}/api/requests/${visitor.id}/clips/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(operator.token),
        'upload-length': String(MIB + 1),
        'upload-metadata': `filename ${Buffer.from('big.png').toString('base64')}`,
      },
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ message: disclosureMessages.tooLarge(MIB) });
    expect([...bucket.objects.keys()]).toEqual([]);
    expect(bucket.multipartUploads.size).toBe(0);

    // A PNG named as a clip: begun in the bucket, refused on its first bytes, then removed (its
    // multipart upload aborted, its information deleted).
    const created = await fetch(`${base}/api/requests/${visitor.id}/clips/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(operator.token),
        'upload-length': '4096',
        'upload-metadata': `filename ${Buffer.from('entrance.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    expect(bucket.multipartUploads.size).toBe(1);
    const refused = await fetch(`${base}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(operator.token),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(png(4096)),
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toBe(disclosureMessages.contentNotName);
    // tus may answer as the body stream breaks, while the store is still removing the upload.
    await expect.poll(() => [...bucket.objects.keys()], { timeout: 5_000 }).toEqual([]);
    await expect.poll(() => bucket.multipartUploads.size, { timeout: 5_000 }).toBe(0);
  });
});
