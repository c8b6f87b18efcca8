import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call, signedIn } from '../test/accounts';
import { refusedFor, statuses } from '../test/rate-limits';
import { createTestApp, type TestApp } from '../test/test-app';

// The per-account counts of the table (apps/api/src/limits.ts), each driven as a caller spreading
// requests over many client addresses: what the count is per (the e-mail in the body, the sign,
// the request's reference, the signed-in user) is what stops them. The numbers are written here,
// not read from the table.

let t: TestApp;
afterEach(() => t?.close());

/** Sends `times` requests one after another, each from an address of its own; their answers. */
async function fromManyAddresses(
  times: number,
  send: (remoteAddress: string, i: number) => Promise<LightMyRequestResponse>,
) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i++) answers.push(await send(`127.2.${i >> 8}.${(i & 255) + 1}`, i));
  return answers;
}

describe('per account, from any address', () => {
  it('relay: 5 messages an hour from one e-mail address, however it is spelt, then an hour’s wait', async () => {
    t = await createTestApp();
    const spellings = ['jo@example.net', 'Jo@Example.NET', ' jo+signs@example.net', 'JO@example.net'];
    const send = (remoteAddress: string, i: number) =>
      call(t, 'POST', '/api/signs/NO-SUCH-SIGN/contact', {
        body: { name: 'Jo', email: spellings[i % spellings.length], kind: 'question', message: 'Hello' },
        remoteAddress,
      });
    expect(statuses(await fromManyAddresses(5, send))).toEqual([404]);
    const seconds = refusedFor(await send('127.3.0.1', 5));
    expect(seconds).toBeGreaterThan(3590);
    // Another sender is heard from the same fresh address.
    const other = await call(t, 'POST', '/api/signs/NO-SUCH-SIGN/contact', {
      body: { name: 'Sam', email: 'sam@example.net', kind: 'question', message: 'Hello' },
      remoteAddress: '127.3.0.1',
    });
    expect(other.statusCode).toBe(404);
  });

  it('sign-up check: 20 in 15 minutes for one sign, whoever asks', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const ask = (remoteAddress: string, i: number) =>
      call(t, 'POST', '/api/users/sign-up-check', {
        body: { signRef: sticker.signRef, prefixNo: sticker.prefixNo, userName: `person${i}` },
        remoteAddress,
      });
    expect(statuses(await fromManyAddresses(20, ask))).toEqual([200]);
    expect(refusedFor(await ask('127.3.0.2', 20))).toBeGreaterThan(890);
    const otherSticker = await addSticker(t.db);
    const other = await call(t, 'POST', '/api/users/sign-up-check', {
      body: { signRef: otherSticker.signRef, prefixNo: otherSticker.prefixNo, userName: 'person' },
      remoteAddress: '127.3.0.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('download link: 10 mails an hour to one e-mail address', async () => {
    t = await createTestApp();
    const ask = (remoteAddress: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/download-link',
        headers: { host: 'voice.localhost:3000' },
        payload: { messageId: 999_999, email: i % 2 ? 'Listener@Example.com' : 'listener@example.com' },
        remoteAddress,
      });
    const answers = await fromManyAddresses(10, ask);
    expect(answers.every((a) => a.statusCode !== 429)).toBe(true);
    expect(refusedFor(await ask('127.3.0.3', 10))).toBeGreaterThan(3590);
  });

  it('the visitor’s download codes: 5 an hour for one request, whatever the address', async () => {
    t = await createTestApp();
    const ask = (remoteAddress: string) =>
      call(t, 'POST', '/api/requests/visitor/RQ-NOPE-1/disclosures/1/code', {
        headers: { 'x-request-key': 'not-the-key' },
        remoteAddress,
      });
    const answers = await fromManyAddresses(5, ask);
    expect(statuses(answers)).toEqual([404]);
    expect(refusedFor(await ask('127.3.0.4'))).toBeGreaterThan(3590);
    // Another request's link is heard.
    const other = await call(t, 'POST', '/api/requests/visitor/RQ-NOPE-2/disclosures/1/code', {
      headers: { 'x-request-key': 'not-the-key' },
      remoteAddress: '127.3.0.4',
    });
    expect(other.statusCode).toBe(404);
  });

  it('the desk: 120 actions an hour per signed-in user, from any address', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const act = (remoteAddress: string) =>
      call(t, 'POST', '/api/requests/999999/actions', {
        token: operator.token,
        body: { action: 'start' },
        remoteAddress,
      });
    expect(statuses(await fromManyAddresses(120, act))).toEqual([404]);
    expect(refusedFor(await act('127.3.0.5'))).toBeGreaterThan(3590);
    const colleague = await signedIn(t);
    const theirs = await call(t, 'POST', '/api/requests/999999/actions', {
      token: colleague.token,
      body: { action: 'start' },
      remoteAddress: '127.3.0.5',
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('invitations: 10 an hour per inviting user, from any address', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const resend = (remoteAddress: string) =>
      call(t, 'POST', '/api/company/invitations/999999/resend', { token: owner.token, remoteAddress });
    expect(statuses(await fromManyAddresses(10, resend))).toEqual([404]);
    expect(refusedFor(await resend('127.3.0.6'))).toBeGreaterThan(3590);
  });
});
