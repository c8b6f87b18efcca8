import { messages } from '@app/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { addSticker, call, linkIn, outboxFor, register, signedIn, signUpPayload } from '../../test/accounts';
import { logCapture } from '../../test/log-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

// Guessing bounded per account without locking the owner out (issue 33, finding 3;
// docs/decisions/0046). Every limit is written here as a number, not read from the code.

let t: TestApp;
afterEach(() => t?.close());

const login = (
  userName: string,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string; cookie?: string } = {},
) =>
  call(t, 'POST', '/api/users/login', {
    body: { userName, password },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: {
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
  });

/** The device cookie a sign-in gave, as the browser sends it back ("name=value"). */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device_'));
  expect(header).toBeDefined();
  return (header ?? '').split(';')[0] ?? '';
}

/** A 429 for an unknown browser: Retry-After, and the message with the same wait. */
function waitsFor(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: messages.server.signInWait(seconds) });
  return seconds;
}

/** The next try of the account's unknown browsers is due now, as if its wait had passed. */
const waitPasses = () => t.db.query('update sign_in_guards set next_try_at = now()');

/**
 * The account's unknown browsers wait 15 minutes, as after a long attack (a short one's wait
 * of seconds may pass while a slow machine checks the passwords).
 */
const longAttack = () =>
  t.db.query(
    "update sign_in_guards set tries = 30, next_try_at = now() + interval '15 minutes' where key like 'account:%'",
  );

describe('guessing at one account from many addresses', () => {
  // About 70 sign-ins, each hashing a password: on a loaded machine that takes a while.
  it('52 wrong passwords from 52 fresh addresses: 10 are heard, then each further try waits, 1 s doubling', {
    timeout: 120_000,
  }, async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName } = owner.body;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 52; i++) {
      answers.push(await login(userName, `wrong-${i}`, { remoteAddress: `127.0.3.${i + 1}` }));
    }
    const heard = answers.filter((a) => a.statusCode === 401).length;
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    // Then the 11th waits a second (on a machine so slow that a password check takes that long,
    // that second has passed and it is heard, and the next waits 2 s).
    const firstRefused = answers.findIndex((a) => a.statusCode === 429);
    expect(firstRefused).toBeGreaterThanOrEqual(10);
    expect(waitsFor(answers[firstRefused] as LightMyRequestResponse)).toBeLessThanOrEqual(
      2 ** (firstRefused - 10),
    );
    // Not all heard: at most a few more than the 10 however slow the machine.
    expect(heard).toBeLessThanOrEqual(14);
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    // A refused try is a read: only the heard ones were counted.
    const row = await t.db.one<{ tries: number }>('select tries from sign_in_guards where key like $1', [
      'account:%',
    ]);
    expect(row.tries).toBe(heard);

    // Each heard try doubles the wait of the next: 2 s, 4 s, 8 s, ... up to 15 minutes.
    await t.db.query('update sign_in_guards set tries = 10');
    let address = 0;
    const fresh = () => ({ remoteAddress: `127.0.4.${++address}` });
    for (const seconds of [2, 4, 8, 16]) {
      await waitPasses();
      expect((await login(userName, 'another-guess', fresh())).statusCode).toBe(401);
      expect(waitsFor(await login(userName, 'another-guess', fresh()))).toBe(seconds);
    }
    await t.db.query('update sign_in_guards set tries = 30');
    await waitPasses();
    expect((await login(userName, 'another-guess', fresh())).statusCode).toBe(401);
    expect(waitsFor(await login(userName, 'another-guess', fresh()))).toBe(900);
  });

  it('one IPv6 /64 through a proxy (X-Forwarded-For): 40 addresses are one client, 5 heard', {
    timeout: 120_000,
  }, async () => {
    t = await createTestApp({ env: { trustProxy: ['127.0.0.1'] } });
    const { userName } = (await signedIn(t)).body;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await login(userName, `wrong-${i}`, { forwardedFor: `2001:db8::${i + 1}:2:3:4` })).statusCode,
      );
    }
    // Its 5 tries on one account (docs/decisions/0010), whichever address of the /64 sends them.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  });

  it('the owner from a browser that signed in before is heard during the attack; a new browser waits', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    const before = await login(userName, password, { remoteAddress: '127.0.5.1' });
    expect(before.statusCode).toBe(200);
    const cookie = deviceCookieOf(before);

    for (let i = 0; i < 30; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.6.${i + 1}` });
    await longAttack();

    // The owner's own browser, from any address, even one the attacker used.
    const known = await login(userName, password, { remoteAddress: '127.0.6.1', cookie });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ status: 'success' });
    // Spelt another way, the same account and the same browser.
    expect((await login(userName.toUpperCase(), password, { cookie })).statusCode).toBe(200);

    // A browser that has not signed in to this account waits, right password or not.
    const fresh = await login(userName, password, { remoteAddress: '127.0.7.1' });
    waitsFor(fresh);
    expect(fresh.headers['set-cookie']).toBeUndefined();
    // Once its wait has passed, the right password is heard, and that browser is known from then on.
    await waitPasses();
    const afterWait = await login(userName, password, { remoteAddress: '127.0.7.1' });
    expect(afterWait.statusCode).toBe(200);
    expect(deviceCookieOf(afterWait)).toMatch(/^device_[0-9a-f]{16}=/);
  });

  it('the device cookie: httpOnly, SameSite=Lax, sent only to sign-in, kept 180 days; Secure in production', async () => {
    t = await createTestApp();
    const { userName, password } = (await signedIn(t)).body;
    const res = await login(userName, password);
    const header = [res.headers['set-cookie']].flat()[0] ?? '';
    expect(header.split('; ').slice(1)).toEqual([
      'Path=/api/users/login',
      `Max-Age=${180 * 24 * 60 * 60}`,
      'HttpOnly',
      'SameSite=Lax',
    ]);
    // It is no session: other calls refuse it as a bearer token.
    const token = header.split(';')[0]?.split('=')[1] ?? '';
    expect((await call(t, 'GET', '/api/account', { token })).statusCode).toBe(401);
    await t.close();

    t = await createTestApp({ env: { nodeEnv: 'production' } });
    const other = (await signedIn(t)).body;
    const secure = await login(other.userName, other.password);
    expect([secure.headers['set-cookie']].flat()[0]).toMatch(/; Secure$/);
  });

  it("a device token for another account, a forged one or one that fails 5 times is an unknown browser's", async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const neighbour = await signedIn(t);
    const { userName, password } = owner.body;
    const cookie = deviceCookieOf(await login(userName, password));
    const neighbours = deviceCookieOf(await login(neighbour.body.userName, neighbour.body.password));

    for (let i = 0; i < 10; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.8.${i + 1}` });
    await longAttack();
    waitsFor(await login(userName, password, { remoteAddress: '127.0.8.50' }));

    // The neighbour's cookie carries another name, and renamed it is for another account.
    const [, neighbourToken] = neighbours.split('=');
    const [ownName] = cookie.split('=');
    waitsFor(await login(userName, password, { cookie: neighbours }));
    waitsFor(await login(userName, password, { cookie: `${ownName}=${neighbourToken}` }));
    const [head, body] = (cookie.split('=')[1] ?? '').split('.');
    waitsFor(await login(userName, password, { cookie: `${ownName}=${head}.${body}.forged-signature` }));

    // Stolen and guessed with: 5 wrong passwords are heard, then the token is untrusted.
    for (let i = 0; i < 5; i++) {
      expect((await login(userName, `stolen-${i}`, { cookie })).statusCode).toBe(401);
    }
    waitsFor(await login(userName, password, { cookie }));
  });

  it('a right password from a known browser clears its own count only', async () => {
    t = await createTestApp();
    const { userName, password } = (await signedIn(t)).body;
    const cookie = deviceCookieOf(await login(userName, password));
    for (let i = 0; i < 4; i++) await login(userName, `typo-${i}`, { cookie });
    expect((await login(userName, password, { cookie })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(userName, `typo-${i}`, { cookie })).statusCode).toBe(401);
    }
  });

  it('tries at the same moment never answer 500: of 20 at once, 10 are heard; at the threshold, 1 of 5', async () => {
    t = await createTestApp();
    const { userName } = (await signedIn(t)).body;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(userName, `wrong-${i}`, { remoteAddress: `127.0.9.${i + 1}` }),
      ),
    );
    expect(burst.filter((a) => a.statusCode === 401)).toHaveLength(10);
    expect(burst.filter((a) => a.statusCode === 429)).toHaveLength(10);

    await waitPasses();
    const next = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        login(userName, `wrong-${i}`, { remoteAddress: `127.0.10.${i + 1}` }),
      ),
    );
    expect(next.map((a) => a.statusCode).sort()).toEqual([401, 429, 429, 429, 429]);
  });

  it('two instances on one database share the count: 20 tries at once over both, 10 heard', async () => {
    t = await createTestApp();
    const { userName } = (await signedIn(t)).body;
    const other = await buildApp({ env: t.env, db: t.db, logger: false });
    try {
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/users/login',
            payload: { userName, password: `wrong-${i}` },
            remoteAddress: `127.0.12.${i + 1}`,
          }),
        ),
      );
      expect(burst.filter((a) => a.statusCode === 401)).toHaveLength(10);
      expect(burst.filter((a) => a.statusCode === 429)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });

  it('an unknown user name is bounded the same way, so the answers tell nobody which names exist', async () => {
    t = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push(
        (await login('nobody-by-this-name', `wrong-${i}`, { remoteAddress: `127.0.11.${i + 1}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toContain(429);
  });
});

describe('the guard at its edges', () => {
  it('a browser that sends other cookies first is still known by its own', async () => {
    t = await createTestApp();
    const { userName, password } = (await signedIn(t)).body;
    const cookie = deviceCookieOf(await login(userName, password));
    for (let i = 0; i < 10; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.20.${i + 1}` });
    await longAttack();
    const others = 'theme=dark; consent=yes';
    expect((await login(userName, password, { cookie: `${others}; ${cookie}` })).statusCode).toBe(200);
    expect((await login(userName, password, { cookie: `${cookie}; ${others}` })).statusCode).toBe(200);
    // Without its own cookie, the same browser is an unknown one.
    waitsFor(await login(userName, password, { cookie: others }));
  });

  it('a device token signed with another algorithm, even with the server’s key, is not trusted', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    const [name] = deviceCookieOf(await login(userName, password)).split('=');
    for (let i = 0; i < 10; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.21.${i + 1}` });
    await longAttack();
    const token = await new SignJWT({
      purpose: 'device',
      id: owner.reply.userId,
      account: userName.toLowerCase(),
    })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setJti('a-nonce-of-sixteen-characters')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.env.jwtSecret));
    waitsFor(await login(userName, password, { cookie: `${name}=${token}` }));
  });

  it('the count of unknown browsers is kept a day: an hour after ten wrong tries, the next still waits after it', async () => {
    t = await createTestApp();
    const { userName } = (await signedIn(t)).body;
    for (let i = 0; i < 11; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.22.${i + 1}` });
    // An hour passes (the rows' times moved back by one): the wait is over, the count is not.
    await t.db.query(
      "update sign_in_guards set next_try_at = next_try_at - interval '1 hour', forget_at = forget_at - interval '1 hour'",
    );
    expect((await login(userName, 'wrong-again', { remoteAddress: '127.0.22.50' })).statusCode).toBe(401);
    waitsFor(await login(userName, 'wrong-once-more', { remoteAddress: '127.0.22.51' }));
  });

  it('the owner’s typing errors in a known browser do not count as failures on the account', async () => {
    t = await createTestApp();
    const { userName, password } = (await signedIn(t)).body;
    const cookie = deviceCookieOf(await login(userName, password, { remoteAddress: '127.0.23.1' }));
    for (let i = 0; i < 4; i++) await login(userName, `typo-${i}`, { remoteAddress: '127.0.23.1', cookie });
    // Six failures from unknown browsers: with the owner's four that would be ten on the account.
    for (let i = 0; i < 6; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.23.${i + 10}` });
    // One of those addresses tries again: it is heard (the account has 6 failures, not 10).
    expect((await login(userName, 'wrong-again', { remoteAddress: '127.0.23.10' })).statusCode).toBe(401);
  });

  it('a wait is logged with the account guard’s name', async () => {
    const { lines, logger } = logCapture();
    t = await createTestApp({ logger });
    const { userName, password } = (await signedIn(t)).body;
    for (let i = 0; i < 10; i++) await login(userName, `wrong-${i}`, { remoteAddress: `127.0.24.${i + 1}` });
    await longAttack();
    waitsFor(await login(userName, password, { remoteAddress: '127.0.24.50' }));
    const waits = lines
      .filter((line) => line.msg === 'Sign-in from unknown browsers waits')
      .map(({ limit, scope, level }) => ({ limit, scope, level }));
    expect(waits).toEqual([{ limit: 'sign-in-guard', scope: 'account', level: 40 }]);
  });

  it('with RATE_LIMITS=off (load tests only) nothing is counted: 15 wrong tries, then the right one', async () => {
    t = await createTestApp({ env: { rateLimits: 'off' } });
    const { userName, password } = (await signedIn(t)).body;
    for (let i = 0; i < 15; i++) {
      expect((await login(userName, `wrong-${i}`, { remoteAddress: `127.0.25.${i + 1}` })).statusCode).toBe(
        401,
      );
    }
    expect((await login(userName, password, { remoteAddress: '127.0.25.50' })).statusCode).toBe(200);
    expect(await t.db.query('select key from sign_in_guards')).toEqual([]);
  });

  it('counts forgotten a day ago are deleted every 500 tries, so the table does not grow without end', async () => {
    t = await createTestApp();
    // A fresh copy of the module: its count of tries since the last purge starts at 0.
    vi.resetModules();
    const { claimTry } = await import('../auth/repository');
    await t.db.query(
      `insert into sign_in_guards (key, tries, next_try_at, forget_at) values
         ('account:forgotten', 3, now() - interval '2 days', now() - interval '1 day'),
         ('account:recent', 3, now(), now() + interval '1 day')`,
    );
    const keys = () =>
      t.db.query<{ key: string }>("select key from sign_in_guards where key like 'account:%' order by key");
    const rule = { freeTries: 1000, firstWaitMs: 0, maxWaitMs: 0, forgetMs: 60_000 };
    for (let i = 0; i < 499; i++) await claimTry(t.db, `test:${i % 7}`, rule);
    expect(await keys()).toEqual([{ key: 'account:forgotten' }, { key: 'account:recent' }]);
    await claimTry(t.db, 'test:0', rule);
    expect(await keys()).toEqual([{ key: 'account:recent' }]);
  });
});

describe('the most common passwords are refused', () => {
  const common = ['password123', 'qwertyuiop'];
  const refused = { message: messages.server.passwordTooCommon };

  it('at sign-up', async () => {
    t = await createTestApp();
    for (const password of common) {
      const sticker = await addSticker(t.db);
      const res = await call(t, 'POST', '/api/users/add', { body: signUpPayload(sticker, { password }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
    }
    expect(refused.message).toBe(
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.',
    );
    // A passphrase is welcome.
    expect((await register(t, { password: 'lantern orchard velvet' })).reply.success).toBe(true);
  });

  it('at reset, and the link still works for a better password', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const email = String(user.body.email);
    await call(t, 'POST', '/api/users/forgot-password', { body: { email } });
    const token =
      linkIn((await outboxFor(t.db, email)).at(-1)?.text_body ?? '').searchParams.get('value') ?? '';
    for (const password of common) {
      const res = await call(t, 'PUT', '/api/users/reset-password/', {
        token,
        body: { userName: user.body.userName, password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
    }
    const done = await call(t, 'PUT', '/api/users/reset-password/', {
      token,
      body: { userName: user.body.userName, password: 'lantern orchard velvet' },
    });
    expect(done.statusCode).toBe(200);
  });

  it('at a change of password, and the old one still works', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    for (const newPassword of common) {
      const res = await call(t, 'POST', '/api/account/password', {
        token: user.token,
        body: { currentPassword: user.body.password, newPassword },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
    }
    expect((await login(user.body.userName, user.body.password)).statusCode).toBe(200);
  });
});
