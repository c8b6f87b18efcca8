import { messages } from '@app/contract/messages';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { call, linkIn, outboxFor, register, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signResetToken, signSessionToken } from '../auth/tokens';
import { issueUserToken } from '../auth/user-tokens';

let t: TestApp;
afterEach(() => t?.close());

const login = (userName: string, password: string) =>
  call(t, 'POST', '/api/users/login', { body: { userName, password } });

describe('confirming an account', () => {
  it('an unconfirmed account gets no token, even with the right password', async () => {
    t = await createTestApp();
    const { body } = await register(t);
    const res = await login(body.userName, body.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'Your Account is not confirmed' });
  });

  it('the mailed link shows the user name, confirms the account once, and then sign-in works', async () => {
    t = await createTestApp();
    const { body, reply, confirmToken } = await register(t);
    const id = reply.userId;

    const lookup = await call(t, 'GET', `/api/users/confirmuser/${id}?token=${confirmToken}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual([{ id, userName: body.userName, confirmedAt: null, masterUser: 1 }]);
    expect(lookup.body).not.toContain('password');

    const confirmed = await call(t, 'PUT', `/api/users/${id}`, {
      body: { confirmedAt: new Date().toISOString(), confirmToken, password: body.password },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: messages.signIn.confirmed, confirmedAt: expect.any(String) });

    const res = await login(body.userName.toUpperCase(), body.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      token: expect.any(String),
      message: 'Login successful!',
    });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ id, userName: body.userName });
    expect(claims.exp - claims.iat).toBe(8 * 60 * 60);

    // The used link shows the account as confirmed (for an ordinary sign-in with its user name
    // filled in); confirming again changes nothing.
    const reused = await call(t, 'GET', `/api/users/confirmuser/${id}?token=${confirmToken}`);
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toEqual([
      { id, userName: body.userName, confirmedAt: confirmed.json().confirmedAt, masterUser: 1 },
    ]);
    const again = await call(t, 'PUT', `/api/users/${id}`, { body: { confirmToken } });
    expect(again.json()).toEqual({
      message: messages.server.alreadyConfirmed,
      confirmedAt: confirmed.json().confirmedAt,
    });
  });

  it('the link works for two days: 47 hours after it was mailed it confirms, a minute past 48 it does not', async () => {
    t = await createTestApp();
    const confirm = (id: number, confirmToken: string, password: string) =>
      call(t, 'PUT', `/api/users/${id}`, { body: { confirmToken, password } });
    // Time passing, as the link's expiry drawing nearer by that much.
    const passes = (userId: number, interval: string) =>
      t.db.query(
        `update user_tokens set expires_at = expires_at - $2::interval where user_id = $1 and purpose = 'confirm'`,
        [userId, interval],
      );
    const early = await register(t);
    await passes(early.reply.userId, '47 hours');
    const inTime = await confirm(early.reply.userId, early.confirmToken, early.body.password);
    expect(inTime.json()).toEqual({ message: messages.signIn.confirmed, confirmedAt: expect.any(String) });

    const late = await register(t);
    await passes(late.reply.userId, '48 hours 1 minute');
    const tooLate = await confirm(late.reply.userId, late.confirmToken, late.body.password);
    expect(tooLate.statusCode).toBe(401);
    expect(tooLate.json()).toEqual({ message: messages.server.confirmationNeeded });
    expect((await login(late.body.userName, late.body.password)).statusCode).toBe(403);
  });

  it('the same link used twice at the same moment confirms once', async () => {
    t = await createTestApp();
    const { body, reply, confirmToken } = await register(t);
    const confirm = () =>
      call(t, 'PUT', `/api/users/${reply.userId}`, { body: { confirmToken, password: body.password } });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    const confirmedNow = answers.filter((a) => a.json().message === messages.signIn.confirmed);
    expect(confirmedNow).toHaveLength(1);
    expect(answers.every((a) => a.statusCode !== 500)).toBe(true);
  });

  it('confirmedAt alone, or a wrong, expired or superseded token, confirms nothing', async () => {
    t = await createTestApp();
    const { body, reply, confirmToken } = await register(t);
    const id = reply.userId;
    const refused = { message: messages.server.confirmationNeeded };

    const alone = await call(t, 'PUT', `/api/users/${id}`, {
      body: { confirmedAt: new Date().toISOString() },
    });
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toEqual(refused);

    const wrong = await call(t, 'PUT', `/api/users/${id}`, {
      body: { confirmToken: `${confirmToken.slice(0, -2)}xx` },
    });
    expect(wrong.statusCode).toBe(401);
    const badLookup = await call(
      t,
      'GET',
      `/api/users/confirmuser/${id}?token=${confirmToken.slice(0, -2)}xx`,
    );
    expect(badLookup.statusCode).toBe(400);
    expect(badLookup.json()).toEqual({ message: messages.server.confirmLinkInvalid });

    // Another user's token does not confirm this account.
    const other = await register(t);
    const crossed = await call(t, 'PUT', `/api/users/${id}`, { body: { confirmToken: other.confirmToken } });
    expect(crossed.statusCode).toBe(401);

    await t.db.query("update user_tokens set expires_at = now() - interval '1 second' where user_id = $1", [
      id,
    ]);
    const expired = await call(t, 'PUT', `/api/users/${id}`, { body: { confirmToken } });
    expect(expired.statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/users/confirmuser/${id}?token=${confirmToken}`)).statusCode).toBe(400);

    expect((await login(body.userName, body.password)).json().status).toBe('error');
  });

  it('asking for a new link kills the old one; the new one works', async () => {
    t = await createTestApp();
    const { body, reply, confirmToken } = await register(t);
    const res = await call(t, 'POST', '/api/users/resend-confirmation', {
      body: { userName: body.userName },
    });
    expect(res.json()).toEqual({ message: messages.server.confirmationSent });

    const mails = await outboxFor(t.db, String(body.email));
    expect(mails).toHaveLength(2);
    const fresh = linkIn(mails[1]?.text_body ?? '').searchParams.get('token') ?? '';
    expect(fresh).not.toBe(confirmToken);

    expect((await call(t, 'PUT', `/api/users/${reply.userId}`, { body: { confirmToken } })).statusCode).toBe(
      401,
    );
    expect(
      (
        await call(t, 'PUT', `/api/users/${reply.userId}`, {
          body: { confirmToken: fresh, password: body.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('Confirm with a wrong password confirms nothing; the right one then confirms', async () => {
    t = await createTestApp();
    const { body, reply, confirmToken } = await register(t);
    const id = reply.userId;
    for (const password of [undefined, 'not the password']) {
      const wrong = await call(t, 'PUT', `/api/users/${id}`, {
        body: { confirmedAt: new Date().toISOString(), confirmToken, ...(password ? { password } : {}) },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Incorrect username or password.' });
    }
    const stored = await t.db.one<{ confirmed_at: Date | null }>(
      'select confirmed_at from users where id = $1',
      [id],
    );
    expect(stored.confirmed_at).toBeNull();
    expect((await login(body.userName, body.password)).json()).toEqual({
      status: 'error',
      message: 'Your Account is not confirmed',
    });
    // The link still works for the owner.
    const right = await call(t, 'PUT', `/api/users/${id}`, {
      body: { confirmedAt: new Date().toISOString(), confirmToken, password: body.password },
    });
    expect(right.json()).toEqual({ message: messages.signIn.confirmed, confirmedAt: expect.any(String) });
    expect((await login(body.userName, body.password)).statusCode).toBe(200);
  });

  it('resending answers the same for unknown and confirmed accounts, and mails nothing', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    for (const userName of ['nobody-here', user.body.userName]) {
      const res = await call(t, 'POST', '/api/users/resend-confirmation', { body: { userName } });
      expect(res.json()).toEqual({ message: messages.server.confirmationSent });
    }
    expect(await outboxFor(t.db, String(user.body.email))).toHaveLength(1);
  });
});

describe('POST /api/users/login and /api/users/user', () => {
  it('a wrong password and an unknown user get the same answer', async () => {
    t = await createTestApp();
    const { body } = await signedIn(t);
    const wrong = await login(body.userName, 'not the password');
    const unknown = await login('nobody-at-all', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: messages.server.invalidCredentials });
    }
  });

  it('the user lookup says whether a user exists and whether it is confirmed', async () => {
    t = await createTestApp();
    const confirmed = await signedIn(t);
    const pending = await register(t);
    const lookup = (userName: string) => call(t, 'POST', '/api/users/user', { body: { userName } });

    expect((await lookup('nobody-at-all')).json()).toEqual({ message: 'User not found', confirmedAt: null });
    expect((await lookup(pending.body.userName)).json()).toEqual({
      message: 'User found',
      confirmedAt: null,
    });
    expect((await lookup(confirmed.body.userName.toUpperCase())).json()).toEqual({
      message: 'User found',
      confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('GET and PUT /api/users/{id}', () => {
  it('a user reads their own record, without the password hash', async () => {
    t = await createTestApp();
    const { body, reply, token } = await signedIn(t);
    const res = await call(t, 'GET', `/api/users/${reply.userId}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: reply.userId,
        userName: body.userName,
        confirmedAt: expect.any(String),
        masterUser: 1,
        email: body.email,
        title: body.title,
        firstname: body.firstname,
        surname: body.surname,
        tel: body.tel,
        companyId: reply.companyId,
      },
    ]);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it("another company's user is not found, to read or to change", async () => {
    t = await createTestApp();
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const read = await call(t, 'GET', `/api/users/${bob.reply.userId}`, { token: alice.token });
    expect(read.statusCode).toBe(404);
    const change = await call(t, 'PUT', `/api/users/${bob.reply.userId}`, {
      token: alice.token,
      body: { confirmedAt: new Date().toISOString() },
    });
    expect(change.statusCode).toBe(404);
    const unconfirmed = await register(t);
    const confirmOther = await call(t, 'PUT', `/api/users/${unconfirmed.reply.userId}`, {
      token: alice.token,
      body: { confirmedAt: new Date().toISOString() },
    });
    expect(confirmOther.statusCode).toBe(404);
    expect(
      (await call(t, 'POST', '/api/users/user', { body: { userName: unconfirmed.body.userName } })).json(),
    ).toMatchObject({ confirmedAt: null });
  });

  it('a master user reads the users of their own company; other users of it may not', async () => {
    t = await createTestApp();
    const master = await signedIn(t);
    const colleague = await t.db.one<{ id: number }>(
      `insert into users (company_id, user_name, email, password_hash, master_user, confirmed_at)
       values ($1, 'colleague', 'colleague@example.com', 'x', 0, now()) returning id`,
      [master.reply.companyId],
    );
    const colleagueToken = await signSessionToken(t.env.jwtSecret, {
      id: colleague.id,
      userName: 'colleague',
      sessionVersion: 1,
    });

    const byMaster = await call(t, 'GET', `/api/users/${colleague.id}`, { token: master.token });
    expect(byMaster.statusCode).toBe(200);
    expect(byMaster.json()[0]).toMatchObject({ userName: 'colleague', masterUser: 0 });
    const byColleague = await call(t, 'GET', `/api/users/${master.reply.userId}`, { token: colleagueToken });
    expect(byColleague.statusCode).toBe(403);
  });

  it('without a session: 401 and the message', async () => {
    t = await createTestApp();
    const { reply } = await register(t);
    const res = await call(t, 'GET', `/api/users/${reply.userId}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.server.unauthorised });
  });

  it('a forged, expired or outdated session, one signed with another algorithm, or a reset token used as one, gets 401', async () => {
    t = await createTestApp();
    const { reply, body, token } = await signedIn(t);
    const id = reply.userId;
    const sign = (secret: string, claims: Record<string, unknown>, exp: number) =>
      new SignJWT({ purpose: 'session', id, userName: body.userName, sv: 1, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign('another-secret-that-is-at-least-32-characters', {}, now + 3600);
    const expired = await sign(t.env.jwtSecret, {}, now - 10);
    const outdated = await sign(t.env.jwtSecret, { sv: 0 }, now + 3600);
    const noPurpose = await sign(t.env.jwtSecret, { purpose: undefined }, now + 3600);
    // The server's own key, but another algorithm than the one it signs with.
    const otherAlgorithm = await new SignJWT({ purpose: 'session', id, userName: body.userName, sv: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(t.env.jwtSecret));
    const jti = await issueUserToken(t.db, id, 'reset', 3600);
    const reset = await signResetToken(
      t.env.jwtSecret,
      { id, userName: body.userName, passwordVersion: 1 },
      jti,
      Math.floor(Date.now() / 1000) + 3600,
    );
    const unsigned = `${token.split('.').slice(0, 2).join('.')}.`;

    for (const bad of [forged, expired, outdated, noPurpose, otherAlgorithm, unsigned, 'not-a-token']) {
      const res = await call(t, 'PUT', `/api/stickers/1`, {
        token: bad,
        body: {
          siteId: reply.siteId,
          companyId: reply.companyId,
          userId: id,
          signRef: body.signRef,
          siteName: body.siteName,
          startDate: new Date().toISOString(),
          prefixNo: body.prefixNo,
        },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.server.unauthorised });
    }
    // A reset token opens the reset dialog's own calls, not a session's.
    const asSession = await call(t, 'PUT', '/api/stickers/1', { token: reset, body: {} });
    expect(asSession.statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/users/${id}`, { token })).statusCode).toBe(200);
  });

  it('a signed-in user saving their own record gets 200 and nothing changes', async () => {
    t = await createTestApp();
    const { reply, token } = await signedIn(t);
    const res = await call(t, 'PUT', `/api/users/${reply.userId}`, { token, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.server.userUpdated, confirmedAt: expect.any(String) });
  });

  it('without a session or a confirmation token, PUT /api/users/{id} answers 401, the same for every id', async () => {
    t = await createTestApp();
    const confirmed = await signedIn(t);
    const waiting = await register(t);
    const ids = [confirmed.reply.userId, waiting.reply.userId, 999_999];
    const bodies = [{}, { confirmedAt: new Date().toISOString() }, { confirmToken: 'x'.repeat(32) }];
    const answers = new Set<string>();
    for (const id of ids) {
      for (const body of bodies) {
        const res = await call(t, 'PUT', `/api/users/${id}`, { body, remoteAddress: '127.0.20.1' });
        answers.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect([...answers]).toEqual([`401 ${JSON.stringify({ message: messages.server.confirmationNeeded })}`]);
    // Another user's used link tells nothing about this account either.
    const crossed = await call(t, 'PUT', `/api/users/${confirmed.reply.userId}`, {
      body: { confirmToken: waiting.confirmToken },
      remoteAddress: '127.0.20.1',
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('PUT /api/users/{id} is limited to 30 calls in 5 minutes from one address', async () => {
    t = await createTestApp();
    for (let i = 0; i < 30; i++) {
      const res = await call(t, 'PUT', `/api/users/${i + 1}`, { body: {}, remoteAddress: '127.0.21.1' });
      expect(res.statusCode).toBe(401);
    }
    const refused = await call(t, 'PUT', '/api/users/31', { body: {}, remoteAddress: '127.0.21.1' });
    expect(refused.statusCode).toBe(429);
    expect(
      (await call(t, 'PUT', '/api/users/31', { body: {}, remoteAddress: '127.0.21.2' })).statusCode,
    ).toBe(401);
  });
});

describe('Log Out', () => {
  it('ends the session on the server: the old token gets 401 on this instance and on another', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const other = await buildApp({ env: t.env, db: t.db, logger: false });
    try {
      const auth = { authorization: `Bearer ${user.token}` };
      const sites = `/api/sites/company/${user.reply.companyId}`;
      expect((await t.app.inject({ method: 'GET', url: sites, headers: auth })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: sites, headers: auth })).statusCode).toBe(200);

      const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'You have been signed out.' });

      for (const app of [t.app, other]) {
        for (const url of [sites, '/api/account', `/api/users/${user.reply.userId}`]) {
          const res = await app.inject({ method: 'GET', url, headers: auth });
          expect(res.statusCode, url).toBe(401);
        }
      }
      // Logging out again with the dead token is refused too; signing in again works.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth })).statusCode,
      ).toBe(401);
      const again = await login(user.body.userName, user.body.password);
      const fresh = { authorization: `Bearer ${again.json().token}` };
      expect((await other.inject({ method: 'GET', url: sites, headers: fresh })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('without a session answers 401 and changes nothing', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const res = await call(t, 'POST', '/api/users/logout');
    expect(res.statusCode).toBe(401);
    const stillIn = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(stillIn.statusCode).toBe(200);
  });
});
