import { messages } from '@app/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { accountLimits } from '../modules/auth/limits';
import { addSticker, call, signUpPayload } from '../modules/users/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

const limited = { message: messages.server.rateLimited };

/** Sends `times` requests one after another; their answers. */
async function repeat(times: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i++) answers.push(await send(i));
  return answers;
}

const statuses = (answers: LightMyRequestResponse[]) => [...new Set(answers.map((a) => a.statusCode))];

describe('rate limits of the account calls', () => {
  it('login: one account from many addresses, and many accounts from one address', async () => {
    t = await createTestApp();
    const { perAccount, perAddress } = accountLimits.login;
    const attempt = (userName: string, remoteAddress: string) =>
      call(t, 'POST', '/api/users/login', { body: { userName, password: 'guess' }, remoteAddress });

    const allowed = await repeat(perAccount.max, (i) => attempt('victim', `10.0.0.${i + 1}`));
    expect(statuses(allowed)).toEqual([401]);
    const blocked = await attempt('VICTIM', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(limited);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from a fresh address is not affected.
    expect((await attempt('someone-else', '10.0.1.2')).statusCode).toBe(401);

    const spread = await repeat(perAddress.max, (i) => attempt(`user${i}`, '10.9.9.9'));
    expect(statuses(spread)).toEqual([401]);
    expect((await attempt('one-more', '10.9.9.9')).statusCode).toBe(429);
  });

  it('with RATE_LIMITS=off (load tests only) nothing is counted or refused', async () => {
    t = await createTestApp({ env: { rateLimits: 'off' } });
    const answers = await repeat(accountLimits.login.perAccount.max + 5, () =>
      call(t, 'POST', '/api/users/login', { body: { userName: 'victim', password: 'guess' } }),
    );
    expect(statuses(answers)).toEqual([401]);
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });

  it('sign-up, sticker check, forgot-password, user lookup and resend answer 429 once used up', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const cases = [
      {
        limit: accountLimits.stickerCheck.perAccount.max,
        send: (address: string) =>
          call(t, 'POST', '/api/stickers/signref', {
            body: { signRef: sticker.signRef.toLowerCase(), prefixNo: 'WRONG000' },
            remoteAddress: address,
          }),
      },
      {
        limit: accountLimits.forgotPassword.perAccount.max,
        send: (address: string) =>
          call(t, 'POST', '/api/users/forgot-password', {
            body: { email: 'someone@example.com' },
            remoteAddress: address,
          }),
      },
      {
        limit: accountLimits.userLookup.perAccount.max,
        send: (address: string) =>
          call(t, 'POST', '/api/users/user', { body: { userName: 'someone' }, remoteAddress: address }),
      },
      {
        limit: accountLimits.resendConfirmation.perAccount.max,
        send: (address: string) =>
          call(t, 'POST', '/api/users/resend-confirmation', {
            body: { userName: 'someone' },
            remoteAddress: address,
          }),
      },
      {
        limit: accountLimits.signUp.perAccount.max,
        send: (address: string) =>
          call(t, 'POST', '/api/users/add', {
            body: signUpPayload(
              { signRef: 'NONE-NONE', prefixNo: 'NONE0000' },
              { email: 'same@example.com' },
            ),
            remoteAddress: address,
          }),
      },
    ];
    for (const [n, { limit, send }] of cases.entries()) {
      const allowed = await repeat(limit, (i) => send(`10.${n}.0.${i + 1}`));
      expect(statuses(allowed)).toEqual([200]);
      const blocked = await send(`10.${n}.1.1`);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(limited);
    }
  });

  it('the sticker check counts per sticker however its reference is typed', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db, 'K7QM-3XWD-P9TE', 'KQT40817');
    const spellings = ['K7QM-3XWD-P9TE', 'k7qm3xwdp9te', 'K7QM 3XWD P9TE'];
    const max = accountLimits.stickerCheck.perAccount.max;
    await repeat(max, (i) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: spellings[i % spellings.length], prefixNo: 'AAA00000' },
        remoteAddress: `10.1.0.${i + 1}`,
      }),
    );
    const blocked = await call(t, 'POST', '/api/stickers/signref', {
      body: { signRef: sticker.signRef, prefixNo: sticker.prefixNo },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('the counts are in the database: a second instance on it sees them, and a new window starts afresh', async () => {
    t = await createTestApp();
    const other = await buildApp({ env: t.env, db: t.db, logger: false });
    try {
      const max = accountLimits.forgotPassword.perAddress.max;
      const ask = (app: typeof other, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: `person${i}@example.com` },
          remoteAddress: '10.7.7.7',
        });
      const answers = await repeat(max, (i) => ask(i % 2 ? other : t.app, i));
      expect(statuses(answers)).toEqual([200]);
      expect((await ask(other, max)).statusCode).toBe(429);
      expect((await ask(t.app, max + 1)).statusCode).toBe(429);

      await t.db.query("update rate_limits set expires_at = now() - interval '1 second'");
      expect((await ask(other, max + 2)).statusCode).toBe(200);
      const row = await t.db.one<{ count: number }>(
        "select count from rate_limits where key like '%address:10.7.7.7'",
      );
      expect(row.count).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('routes using @fastify/rate-limit keep their counts in the database too', async () => {
    t = await createTestApp();
    t.app.get('/api/test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    const answers = await repeat(3, () => t.app.inject({ method: 'GET', url: '/api/test/limited' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.json()).toEqual(limited);
    const rows = await t.db.query<{ key: string; count: number }>('select key, count from rate_limits');
    expect(rows).toEqual([{ key: expect.stringContaining('/api/test/limited'), count: 3 }]);
  });
});
