import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { call, linkIn, outboxFor, register, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

async function askForReset(email: string): Promise<string> {
  const res = await call(t, 'POST', '/api/users/forgot-password', { body: { email } });
  expect(res.json()).toEqual({ message: 'Password reset email sent successfully' });
  const mails = await outboxFor(t.db, email.trim().toLowerCase());
  const link = linkIn(mails.at(-1)?.text_body ?? '');
  return link.searchParams.get('value') ?? '';
}

const reset = (token: string, userName: string, password: string) =>
  call(t, 'PUT', '/api/users/reset-password/', { token, body: { userName, password } });

describe('forgot password and reset', () => {
  it('answers the same for every address, known or not; only an account gets mail (decision 0044)', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const ask = (email: string) => call(t, 'POST', '/api/users/forgot-password', { body: { email } });
    const unknown = await ask('nobody@example.com');
    const known = await ask(String(user.body.email));
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: messages.forgotPassword.sent });
    expect(known.body).toBe(unknown.body);
    expect(await outboxFor(t.db, 'nobody@example.com')).toEqual([]);
    expect((await outboxFor(t.db, String(user.body.email))).at(-1)?.subject).toBe(
      'Reset your CCTV Sign Register password',
    );
  });

  it('the mailed link (brand origin, one hour) resets the password once; then the old sessions and password are gone', async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.test' } });
    const user = await signedIn(t);
    const { userName, email } = user.body;
    const resetToken = await askForReset(` ${String(email).toUpperCase()} `);

    const [, resetMail] = await outboxFor(t.db, String(email));
    expect(resetMail?.subject).toBe('Reset your CCTV Sign Register password');
    expect(linkIn(resetMail?.text_body ?? '').origin).toBe('https://signs.example.test');
    const claims = JSON.parse(Buffer.from(resetToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ id: user.reply.userId, purpose: 'reset' });
    expect(claims.exp - claims.iat).toBe(3600);

    // The reset dialog reads the user with the reset token.
    const read = await call(t, 'GET', `/api/users/${user.reply.userId}`, { token: resetToken });
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toMatchObject({ userName });

    const done = await reset(resetToken, String(userName), 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password reset successfully' });

    const again = await reset(resetToken, String(userName), 'yet another password');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: messages.server.resetLinkInvalid });
    expect((await call(t, 'GET', `/api/users/${user.reply.userId}`, { token: resetToken })).statusCode).toBe(
      401,
    );

    expect((await call(t, 'GET', `/api/users/${user.reply.userId}`, { token: user.token })).statusCode).toBe(
      401,
    );
    const oldPassword = await call(t, 'POST', '/api/users/login', {
      body: { userName, password: user.body.password },
    });
    expect(oldPassword.json().status).toBe('error');
    const newPassword = await call(t, 'POST', '/api/users/login', {
      body: { userName, password: 'a brand new password' },
    });
    expect(newPassword.json().status).toBe('success');

    const changed = (await outboxFor(t.db, String(email))).at(-1);
    expect(changed?.subject).toBe('Your CCTV Sign Register password was changed');
  });

  it('a repeated request while the link is live mails the same link again; once used, the next is new', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const userName = String(user.body.userName);
    const first = await askForReset(String(user.body.email));
    const second = await askForReset(String(user.body.email));
    expect(second).toBe(first);

    expect((await reset(first, userName, 'first link password')).statusCode).toBe(200);
    const third = await askForReset(String(user.body.email));
    expect(third).not.toBe(first);
    expect((await reset(first, userName, 'first link again')).statusCode).toBe(401);
    expect((await reset(third, userName, 'third link password')).statusCode).toBe(200);
  });

  it("no number of strangers' requests leaves the owner without a working link in their inbox", async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const email = String(user.body.email);
    // Twenty strangers, each from an address of their own (the per-address limit is 10 in 15 minutes).
    for (let i = 0; i < 20; i++) {
      const res = await call(t, 'POST', '/api/users/forgot-password', {
        body: { email },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.forgotPassword.sent });
    }
    const links = (await outboxFor(t.db, email))
      .filter((mail) => mail.subject === 'Reset your CCTV Sign Register password')
      .map((mail) => linkIn(mail.text_body).searchParams.get('value'));
    // The link, then 5 more mails of it in 15 minutes; the rest are answered the same and mail nothing.
    expect(links).toHaveLength(6);
    expect(new Set(links).size).toBe(1);

    // The owner asks too: the same answer, no 429, and the link in the inbox works.
    const own = await call(t, 'POST', '/api/users/forgot-password', {
      body: { email },
      remoteAddress: '198.51.100.1',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: messages.forgotPassword.sent });
    expect(
      (await reset(links[0] ?? '', String(user.body.userName), 'the owner new password')).statusCode,
    ).toBe(200);
  });

  it('a link with under 15 minutes left, or of a password changed since, is replaced by a new one', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const userName = String(user.body.userName);
    const email = String(user.body.email);
    const ending = await askForReset(email);
    await t.db.query(
      `update user_tokens set expires_at = now() + interval '10 minutes' where purpose = 'reset'`,
    );
    const fresh = await askForReset(email);
    expect(fresh).not.toBe(ending);
    expect((await reset(ending, userName, 'ending link password')).statusCode).toBe(401);

    const changed = await call(t, 'POST', '/api/account/password', {
      token: user.token,
      body: { currentPassword: user.body.password, newPassword: 'changed on the account page' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await askForReset(email);
    expect(after).not.toBe(fresh);
    expect((await reset(after, userName, 'after the change')).statusCode).toBe(200);
  });

  it('an old link stays dead after another link changed the password', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const userName = String(user.body.userName);
    const stale = await askForReset(String(user.body.email));
    // The stale link expires, so the next request mails a new one.
    await t.db.query(`update user_tokens set expires_at = now() where purpose = 'reset'`);
    const fresh = await askForReset(String(user.body.email));
    expect(fresh).not.toBe(stale);
    expect((await reset(fresh, userName, 'changed by the fresh link')).statusCode).toBe(200);
    // Re-open the stale link's row, as if it had never been superseded: the password version still kills it.
    await t.db.query(`update user_tokens set used_at = null, expires_at = now() + interval '1 hour'`);
    expect((await reset(stale, userName, 'stale link password')).statusCode).toBe(401);
  });

  it("refuses another user's name, and a session token in place of the reset token", async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const other = await signedIn(t);
    const token = await askForReset(String(user.body.email));

    const mismatch = await reset(token, String(other.body.userName), 'a brand new password');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: messages.server.resetUserMismatch });
    const asSession = await reset(user.token, String(user.body.userName), 'a brand new password');
    expect(asSession.statusCode).toBe(401);
    const tooShort = await reset(token, String(user.body.userName), 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ message: 'Password must be at least 8 characters long.' });
    // None of those used the link up.
    expect((await reset(token, String(user.body.userName), 'a brand new password')).statusCode).toBe(200);
  });

  it('a reset proves the mailbox, so it also confirms an account still waiting for confirmation', async () => {
    t = await createTestApp();
    const pending = await register(t);
    const token = await askForReset(String(pending.body.email));
    expect((await reset(token, String(pending.body.userName), 'a brand new password')).statusCode).toBe(200);
    const res = await call(t, 'POST', '/api/users/login', {
      body: { userName: pending.body.userName, password: 'a brand new password' },
    });
    expect(res.json().status).toBe('success');
  });
});
