import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { disclosureReleaseMessages } from '@app/contract/disclosure-release';
import { afterEach, describe, expect, it } from 'vitest';
import { call, outboxFor, signedIn } from '../../test/accounts';
import { type FootageRequest, footageRequest } from '../../test/footage-requests';
import { tempDir } from '../../test/temp-dir';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploadedWhole } from '../../test/tus-upload';
import { invitedUser } from '../../test/workspace';
import { exchangeCode, type ReleaseContext, sendCode, sweepEnded } from './release-service';

const exec = promisify(execFile);

let t: TestApp;
afterEach(() => t?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const DAY = 86_400_000;
const MINUTE = 60_000;
const VISITOR = 'sam.walker@example.net';

/** A PNG as the content check knows one (its signature), then random bytes so every range differs. */
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

async function listening() {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const ctx = (): ReleaseContext => ({ db: t.db, env: t.env, storage: t.app.storage });

const release = (token: string, requestId: number, fileIds: number[]) =>
  call(t, 'POST', `/api/requests/${requestId}/disclosures`, {
    token,
    body: { fileIds, letter: 'Here is the footage you asked for, from the entrance camera.' },
  });

const visitorUrl = (v: FootageRequest, disclosureId: number, rest = '') =>
  `/api/requests/visitor/${v.reference}/disclosures/${disclosureId}${rest}`;

/** Asks for a code and reads it from the mail sent to the request's address. */
async function mailedCode(v: FootageRequest, disclosureId: number, email = VISITOR): Promise<string> {
  const res = await call(t, 'POST', visitorUrl(v, disclosureId, '/code'), {
    headers: { 'x-request-key': v.secret },
  });
  expect(res.statusCode).toBe(200);
  const mail = (await outboxFor(t.db, email)).at(-1);
  const code = /Your download code: (\d+)/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`No code in: ${mail?.subject}`);
  return code;
}

const exchange = (v: FootageRequest, disclosureId: number, code: string) =>
  call(t, 'POST', visitorUrl(v, disclosureId, '/grant'), {
    headers: { 'x-request-key': v.secret },
    body: { code },
  });

async function grantFor(v: FootageRequest, disclosureId: number): Promise<string> {
  const res = await exchange(v, disclosureId, await mailedCode(v, disclosureId));
  expect(res.statusCode).toBe(200);
  return res.json().grant as string;
}

const download = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Files under DATA_DIR/disclosures: the disclosures' copies. */
async function copiesStored(): Promise<string[]> {
  try {
    return (await readdir(path.join(t.env.dataDir, 'disclosures'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

const historyOf = async (token: string, requestId: number) =>
  (await call(t, 'GET', `/api/requests/${requestId}`, { token })).json().history as {
    action: string;
    body: string;
  }[];

/** A released disclosure of two files, and what is needed to reach it. */
async function released() {
  const base = await listening();
  const operator = await signedIn(t);
  const visitor = await footageRequest(t, operator, VISITOR);
  const gate = png(300_000);
  const lane = png(120_000);
  const { id: gateId } = await uploadedWhole(t, base, operator.token, visitor.id, 'gate.png', gate);
  const { id: laneId } = await uploadedWhole(t, base, operator.token, visitor.id, 'lane.png', lane);
  const res = await release(operator.token, visitor.id, [gateId, laneId]);
  expect(res.statusCode).toBe(200);
  return { base, operator, visitor, gate, lane, disclosure: res.json() };
}

// Each test uploads, releases and downloads through the whole API: minutes on a loaded machine.
describe('a disclosure delivered only to the person it belongs to', { timeout: 120_000 }, () => {
  it('mails a code to the request’s address, and the grant it gives downloads the files whole, by range and as an evidence pack', async () => {
    const { operator, visitor, gate, lane, disclosure } = await released();
    const before = Date.now();
    expect(disclosure).toMatchObject({
      state: 'available',
      files: [
        { filename: 'gate.png', sha256: sha256(gate), sizeBytes: 300_000, downloads: 0 },
        { filename: 'lane.png', sha256: sha256(lane), sizeBytes: 120_000, downloads: 0 },
      ],
    });
    // 14 days by default (DISCLOSURE_DAYS).
    const days = (Date.parse(disclosure.expiresAt) - Date.parse(disclosure.releasedAt)) / DAY;
    expect(days).toBe(14);
    expect((await outboxFor(t.db, VISITOR)).at(-1)?.subject).toMatch(/^Your footage from .* is ready/);
    expect((await historyOf(operator.token, visitor.id)).map((e) => e.action)).toContain(
      'disclosure_released',
    );

    // The visitor's page lists it, with the hashes.
    const listed = await call(t, 'GET', `/api/requests/visitor/${visitor.reference}/disclosures`, {
      headers: { 'x-request-key': visitor.secret },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().disclosures[0].releasedBy).not.toBe(disclosure.releasedBy);
    expect(listed.json().disclosures[0].files.map((f: { sha256: string }) => f.sha256)).toEqual([
      sha256(gate),
      sha256(lane),
    ]);
    const [gateItem, laneItem] = disclosure.files as { id: number }[];
    const fileUrl = visitorUrl(visitor, disclosure.id, `/files/${gateItem?.id}`);

    // The secret link alone downloads nothing.
    const linkOnly = await download(fileUrl, { 'x-request-key': visitor.secret });
    expect(linkOnly.statusCode).toBe(403);

    // The code: 8 digits, mailed to the request's address, kept only as a hash.
    const code = await mailedCode(visitor, disclosure.id);
    expect(code).toMatch(/^\d{8}$/);
    const stored = await t.db.one<{ code_hash: string; expires_at: Date; sent_to: string }>(
      'select code_hash, expires_at, sent_to from disclosure_codes order by id desc limit 1',
    );
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).not.toBe(sha256(Buffer.from(code)));
    expect(stored.sent_to).toBe(VISITOR);
    // 15 minutes.
    expect(stored.expires_at.getTime() - before).toBeGreaterThanOrEqual(15 * MINUTE - 1000);
    expect(stored.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(15 * MINUTE);

    const granted = await exchange(visitor, disclosure.id, code);
    expect(granted.statusCode).toBe(200);
    const cookie = String(granted.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Path=/api/requests/visitor/${visitor.reference}/disclosures/${disclosure.id}`);
    // A used code works once.
    expect((await exchange(visitor, disclosure.id, code)).statusCode).toBe(400);

    // Whole, with the cookie a browser keeps.
    const whole = await download(fileUrl, { cookie: cookie.split(';')[0] ?? '' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('300000');
    expect(whole.headers['content-disposition']).toContain('gate.png');
    expect(sha256(whole.rawPayload)).toBe(sha256(gate));

    // A HEAD tells the size and that ranges are taken, reading and counting nothing.
    const head = await t.app.inject({
      method: 'HEAD',
      url: fileUrl,
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-length']).toBe('300000');
    expect(head.rawPayload.length).toBe(0);

    // By range, as a phone resumes, with the grant in its header.
    const grant = granted.json().grant as string;
    const part = await download(fileUrl, { 'x-disclosure-grant': grant, range: 'bytes=100000-199999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100000-199999/300000');
    expect(part.headers['content-length']).toBe('100000');
    expect(Buffer.compare(part.rawPayload, gate.subarray(100_000, 200_000))).toBe(0);
    const rest = await download(fileUrl, { 'x-disclosure-grant': grant, range: 'bytes=250000-' });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.compare(rest.rawPayload, gate.subarray(250_000))).toBe(0);
    const tail = await download(fileUrl, { 'x-disclosure-grant': grant, range: 'bytes=-10' });
    expect(Buffer.compare(tail.rawPayload, gate.subarray(-10))).toBe(0);
    const beyond = await download(fileUrl, { 'x-disclosure-grant': grant, range: 'bytes=300000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */300000');

    // The letter.
    const letter = await download(visitorUrl(visitor, disclosure.id, '/letter.pdf'), {
      'x-disclosure-grant': grant,
    });
    expect(letter.statusCode).toBe(200);
    expect(letter.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256(letter.rawPayload)).toBe(disclosure.letter.sha256);

    // The evidence pack: the files, the manifest's hashes match them, the letter, the README.
    const pack = await download(visitorUrl(visitor, disclosure.id, '/pack.zip'), {
      'x-disclosure-grant': grant,
    });
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/zip');
    expect(Number(pack.headers['content-length'])).toBe(pack.rawPayload.length);
    const dir = await tempDir('pack');
    const zip = path.join(dir, 'pack.zip');
    await writeFile(zip, pack.rawPayload);
    const unzip = async (...args: string[]) =>
      (await exec('unzip', args, { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 })).stdout;
    const entries = (await unzip('-Z1', zip)).toString().trim().split('\n').sort();
    const letterName = `letter-${visitor.reference}.pdf`;
    expect(entries).toEqual(
      ['README.txt', 'files/gate.png', 'files/lane.png', letterName, 'manifest.json'].sort(),
    );
    const manifest = JSON.parse((await unzip('-p', zip, 'manifest.json')).toString());
    expect(manifest.reference).toBe(visitor.reference);
    expect(manifest.files).toEqual([
      { name: 'files/gate.png', sha256: sha256(gate), sizeBytes: 300_000 },
      { name: 'files/lane.png', sha256: sha256(lane), sizeBytes: 120_000 },
    ]);
    for (const file of manifest.files as { name: string; sha256: string }[]) {
      expect(sha256(await unzip('-p', zip, file.name))).toBe(file.sha256);
    }
    expect(sha256(await unzip('-p', zip, letterName))).toBe(manifest.letter.sha256);
    const readme = (await unzip('-p', zip, 'README.txt')).toString();
    expect(readme).toContain('sha256sum files/*');
    expect(readme).toContain('Get-FileHash -Algorithm SHA256 files\\*');

    // Each download counted and logged: when, from where, which bytes, how many.
    const listedAgain = await call(t, 'GET', `/api/requests/${visitor.id}/disclosures`, {
      token: operator.token,
    });
    const counts = listedAgain.json().disclosures[0].files.map((f: { downloads: number }) => f.downloads);
    expect(counts).toEqual([4, 0]);
    let log: { what: string; clientAddress: string; bytesSent: number | null; range: unknown }[] = [];
    for (let i = 0; i < 50; i++) {
      log = (
        await call(t, 'GET', `/api/requests/${visitor.id}/disclosures/${disclosure.id}/downloads`, {
          token: operator.token,
        })
      ).json().downloads;
      if (log.every((d) => d.bytesSent !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log.map((d) => d.what)).toEqual(['file', 'file', 'file', 'file', 'letter', 'pack']);
    expect(log.map((d) => d.bytesSent)).toEqual([
      300_000,
      100_000,
      50_000,
      10,
      letter.rawPayload.length,
      pack.rawPayload.length,
    ]);
    expect(log[1]?.range).toEqual({ start: 100_000, end: 199_999 });
    expect(log[0]?.clientAddress).toBe('127.0.0.1');
    expect(laneItem).toBeDefined();
  });

  it('refuses a wrong, used up or expired code, a guessed disclosure, another company and a plain user', async () => {
    const { base, operator, visitor, disclosure } = await released();
    const fileUrl = visitorUrl(visitor, disclosure.id, `/files/${disclosure.files[0].id}`);

    // Five wrong tries end the code: the right one no longer works after them.
    const code = await mailedCode(visitor, disclosure.id);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) expect((await exchange(visitor, disclosure.id, wrong)).statusCode).toBe(400);
    expect((await exchange(visitor, disclosure.id, code)).statusCode).toBe(400);

    // A code past its 15 minutes (the clock moved): refused.
    const late = await mailedCode(visitor, disclosure.id);
    const at16 = new Date(Date.now() + 16 * MINUTE);
    await expect(
      exchangeCode(ctx(), visitor.reference, visitor.secret, disclosure.id, late, at16),
    ).rejects.toMatchObject({ statusCode: 400 });
    // A new code ends the one before it.
    const first = await mailedCode(visitor, disclosure.id);
    const second = await mailedCode(visitor, disclosure.id);
    if (first !== second) expect((await exchange(visitor, disclosure.id, first)).statusCode).toBe(400);
    expect((await exchange(visitor, disclosure.id, second)).statusCode).toBe(200);
    // Five codes an hour per request: the sixth is refused.
    await mailedCode(visitor, disclosure.id);
    expect(
      (
        await call(t, 'POST', visitorUrl(visitor, disclosure.id, '/code'), {
          headers: { 'x-request-key': visitor.secret },
        })
      ).statusCode,
    ).toBe(429);

    // The wrong secret opens nothing, code or list.
    const badKey = {
      'x-request-key': `${visitor.secret.slice(0, -1)}${visitor.secret.endsWith('A') ? 'B' : 'A'}`,
    };
    expect(
      (await call(t, 'GET', `/api/requests/visitor/${visitor.reference}/disclosures`, { headers: badKey }))
        .statusCode,
    ).toBe(404);
    // A made-up grant, or one without its signature.
    expect(
      (await download(fileUrl, { 'x-disclosure-grant': `${disclosure.id}.${Date.now() + DAY}.forged` }))
        .statusCode,
    ).toBe(403);

    // Another request (another visitor) of the same operator, with its own disclosure.
    const other = await footageRequest(t, operator, 'alex.other@example.net');
    const { id: otherFile } = await uploadedWhole(t, base, operator.token, other.id, 'yard.png', png(20_000));
    const otherDisclosure = (await release(operator.token, other.id, [otherFile])).json();
    // A guessed disclosure id under this visitor's link: not found, for code and list alike.
    await expect(
      sendCode(ctx(), visitor.reference, visitor.secret, otherDisclosure.id, new Date()),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      exchangeCode(ctx(), visitor.reference, visitor.secret, otherDisclosure.id, '12345678', new Date()),
    ).rejects.toMatchObject({ statusCode: 404 });
    // This visitor's grant opens nothing of the other disclosure.
    const mine = (
      await exchangeCode(
        ctx(),
        visitor.reference,
        visitor.secret,
        disclosure.id,
        await sendCode(ctx(), visitor.reference, visitor.secret, disclosure.id, new Date()).then(async () => {
          const mail = (await outboxFor(t.db, VISITOR)).at(-1);
          return /Your download code: (\d+)/.exec(mail?.subject ?? '')?.[1] ?? '';
        }),
        new Date(),
      )
    ).grant;
    const otherUrl = visitorUrl(other, otherDisclosure.id, `/files/${otherDisclosure.files[0].id}`);
    expect((await download(otherUrl, { 'x-disclosure-grant': mine })).statusCode).toBe(403);
    expect(
      (
        await download(visitorUrl(visitor, otherDisclosure.id, `/files/${otherDisclosure.files[0].id}`), {
          'x-disclosure-grant': mine,
        })
      ).statusCode,
    ).toBe(403);

    // Not while the proof of identity the operator asked for is awaited.
    const unproven = await footageRequest(t, operator, 'jo.unproven@example.net');
    const { id: unprovenFile } = await uploadedWhole(
      t,
      base,
      operator.token,
      unproven.id,
      'gate.png',
      png(20_000),
    );
    const asked = await call(t, 'POST', `/api/requests/${unproven.id}/actions`, {
      token: operator.token,
      body: { action: 'ask_identity', body: 'Please send a photo ID.' },
    });
    expect(asked.statusCode).toBe(200);
    const early = await release(operator.token, unproven.id, [unprovenFile]);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: disclosureReleaseMessages.notAnswerable });

    // Another company's master user: the request is not there for them.
    const stranger = await signedIn(t);
    expect((await release(stranger.token, visitor.id, [disclosure.files[0].id])).statusCode).toBe(404);
    expect(
      (await call(t, 'GET', `/api/requests/${visitor.id}/disclosures`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', `/api/requests/${visitor.id}/disclosures/${disclosure.id}/revoke`, {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    // A plain user of the company may neither release nor revoke.
    const plain = await invitedUser(t, operator.token, `plain-${operator.reply.companyId}@example.com`);
    const fileIds = (await call(t, 'GET', `/api/requests/${visitor.id}/clips`, { token: operator.token }))
      .json()
      .files.map((f: { id: number }) => f.id);
    expect((await release(plain.token, visitor.id, fileIds)).statusCode).toBe(403);
    expect(
      (
        await call(t, 'POST', `/api/requests/${visitor.id}/disclosures/${disclosure.id}/revoke`, {
          token: plain.token,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('after revocation refuses downloads and the copies are gone from storage; the hashes and log stay', async () => {
    const { operator, visitor, gate, disclosure } = await released();
    const grant = await grantFor(visitor, disclosure.id);
    const fileUrl = visitorUrl(visitor, disclosure.id, `/files/${disclosure.files[0].id}`);
    expect((await download(fileUrl, { 'x-disclosure-grant': grant })).statusCode).toBe(200);
    // Two files and the letter.
    expect(await copiesStored()).toHaveLength(3);

    const revoked = await call(t, 'POST', `/api/requests/${visitor.id}/disclosures/${disclosure.id}/revoke`, {
      token: operator.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().disclosures[0]).toMatchObject({
      state: 'revoked',
      files: [
        { sha256: sha256(gate), downloads: 1 },
        { filename: 'lane.png', downloads: 0 },
      ],
    });
    expect(revoked.json().disclosures[0].copiesDeletedAt).not.toBeNull();
    expect(await copiesStored()).toEqual([]);
    expect((await download(fileUrl, { 'x-disclosure-grant': grant })).statusCode).toBe(410);
    expect(
      (await download(visitorUrl(visitor, disclosure.id, '/pack.zip'), { 'x-disclosure-grant': grant }))
        .statusCode,
    ).toBe(410);
    expect(
      (
        await call(t, 'POST', visitorUrl(visitor, disclosure.id, '/code'), {
          headers: { 'x-request-key': visitor.secret },
        })
      ).statusCode,
    ).toBe(410);
    const actions = (await historyOf(operator.token, visitor.id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['disclosure_released', 'disclosure_revoked', 'disclosure_deleted']),
    );
    // The request's own files are untouched: only the disclosure's copies went.
    const files = (
      await call(t, 'GET', `/api/requests/${visitor.id}/clips`, { token: operator.token })
    ).json().files;
    expect(files).toHaveLength(2);
  });

  it('expires after 14 days: the sweep deletes the copies and downloads are refused', async () => {
    const { operator, visitor, disclosure } = await released();
    const grant = await grantFor(visitor, disclosure.id);
    const releasedAt = Date.parse(disclosure.releasedAt);
    // A minute before the 14 days end, nothing is swept.
    expect(await sweepEnded(ctx(), new Date(releasedAt + 14 * DAY - MINUTE))).toBe(0);
    expect(await copiesStored()).toHaveLength(3);
    expect(await sweepEnded(ctx(), new Date(releasedAt + 14 * DAY))).toBe(1);
    expect(await copiesStored()).toEqual([]);
    const fileUrl = visitorUrl(visitor, disclosure.id, `/files/${disclosure.files[0].id}`);
    expect((await download(fileUrl, { 'x-disclosure-grant': grant })).statusCode).toBe(410);
    const history = await historyOf(operator.token, visitor.id);
    expect(history.find((e) => e.action === 'disclosure_expired')?.body).toContain(
      'were deleted from storage',
    );
    const listed = (
      await call(t, 'GET', `/api/requests/${visitor.id}/disclosures`, { token: operator.token })
    ).json();
    expect(listed.disclosures[0]).toMatchObject({
      state: 'expired',
      files: [{ filename: 'gate.png' }, { filename: 'lane.png' }],
    });
  });
});
