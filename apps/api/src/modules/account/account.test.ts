import { messages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, outboxFor, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser, send, siteInput, snapshot } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

/** Every table of the database that has a company_id or user_id column. */
async function tablesNaming(column: 'company_id' | 'user_id') {
  const rows = await t.db.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables x on x.table_name = c.table_name and x.table_schema = c.table_schema
      where c.table_schema = current_schema() and c.column_name = $1 and x.table_type = 'BASE TABLE'`,
    [column],
  );
  return rows.map((r) => r.table_name);
}

describe('own details', () => {
  it('a new e-mail address changes only when the link sent to it is used', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const details = {
      title: 'Dr',
      firstname: 'Ada',
      surname: 'King',
      tel: '0113 000',
      email: 'new-address@example.com',
      currentPassword: a.body.password,
    };
    const saved = await send(t, 'PUT', '/api/account', a.token, details);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      surname: 'King',
      email: a.body.email,
      pendingEmail: 'new-address@example.com',
    });
    const [mail] = await outboxFor(t.db, 'new-address@example.com');
    const token = linkIn(mail?.text_body ?? '').searchParams.get('emailToken') ?? '';
    const confirmed = await send(t, 'POST', '/api/account/email/confirm', undefined, { token });
    expect(confirmed.json()).toEqual({ message: workspaceMessages.emailChanged });
    expect((await send(t, 'GET', '/api/account', a.token)).json()).toMatchObject({
      email: 'new-address@example.com',
      pendingEmail: null,
    });
    const reused = await send(t, 'POST', '/api/account/email/confirm', undefined, { token });
    expect(reused.statusCode).toBe(400);
  });

  it('changing the password needs the current one and ends every other session', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const other = (
      await send(t, 'POST', '/api/users/login', undefined, {
        userName: a.body.userName,
        password: a.body.password,
      })
    ).json().token;
    const before = await snapshot(t);
    const wrong = await send(t, 'POST', '/api/account/password', a.token, {
      currentPassword: 'not it',
      newPassword: 'a new long password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: workspaceMessages.currentPasswordWrong });
    const short = await send(t, 'POST', '/api/account/password', a.token, {
      currentPassword: a.body.password,
      newPassword: 'short',
    });
    expect(short.json()).toEqual({ message: messages.reset.passwordTooShort });
    expect(await snapshot(t)).toEqual(before);
    const changed = await send(t, 'POST', '/api/account/password', a.token, {
      currentPassword: a.body.password,
      newPassword: 'a new long password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await send(t, 'GET', '/api/account', other)).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/account', a.token)).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/account', changed.json().token)).statusCode).toBe(200);
  });
});

describe('changing the e-mail address (a stolen session must not take the account)', () => {
  const details = (email: string, currentPassword?: string) => ({
    title: '',
    firstname: 'Ada',
    surname: 'King',
    tel: '',
    email,
    ...(currentPassword === undefined ? {} : { currentPassword }),
  });

  it('needs the current password: without it, or with a wrong one, nothing changes and nothing is mailed', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const before = await snapshot(t);
    const mailsBefore = await t.db.query('select id from mail_outbox');
    const none = await send(t, 'PUT', '/api/account', a.token, details('thief@example.com'));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'Please enter your current password to change your e-mail address.',
    });
    const wrong = await send(t, 'PUT', '/api/account', a.token, details('thief@example.com', 'a guess'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: workspaceMessages.currentPasswordWrong });
    expect(await snapshot(t)).toEqual(before);
    expect(await t.db.query('select id from mail_outbox')).toEqual(mailsBefore);
    // Other details change without the password.
    const named = await send(t, 'PUT', '/api/account', a.token, details(String(a.body.email)));
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ firstname: 'Ada', email: a.body.email, pendingEmail: null });
  });

  it('changed twice: only the newest link to a new address works, and every link sent to the old one can still undo', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const oldEmail = String(a.body.email);
    const tokenIn = async (to: string, name: 'emailToken' | 'cancelEmailToken') =>
      linkIn((await outboxFor(t.db, to)).at(-1)?.text_body ?? '').searchParams.get(name) ?? '';
    expect(
      (await send(t, 'PUT', '/api/account', a.token, details('first@example.com', a.body.password)))
        .statusCode,
    ).toBe(200);
    const firstCancel = await tokenIn(oldEmail, 'cancelEmailToken');
    expect(
      (await send(t, 'PUT', '/api/account', a.token, details('second@example.com', a.body.password)))
        .statusCode,
    ).toBe(200);
    const secondCancel = await tokenIn(oldEmail, 'cancelEmailToken');
    expect(secondCancel).not.toBe(firstCancel);

    const first = await send(t, 'POST', '/api/account/email/confirm', undefined, {
      token: await tokenIn('first@example.com', 'emailToken'),
    });
    expect(first.statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/account', a.token)).json()).toMatchObject({
      email: oldEmail,
      pendingEmail: 'second@example.com',
    });
    // The first notice's link still undoes: the pending change to the second address ends.
    const undone = await send(t, 'POST', '/api/account/email/cancel', undefined, { token: firstCancel });
    expect(undone.json()).toEqual({ message: workspaceMessages.emailChangeCancelled });
    const second = await send(t, 'POST', '/api/account/email/confirm', undefined, {
      token: await tokenIn('second@example.com', 'emailToken'),
    });
    expect(second.statusCode).toBe(400);
    const row = await t.db.one<{ email: string }>('select email from users where id = $1', [a.reply.userId]);
    expect(row.email).toBe(oldEmail);
  });

  it('tells the old address, whose link (7 days) puts it back and shuts out whoever changed it', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const oldEmail = String(a.body.email);
    const changed = await send(
      t,
      'PUT',
      '/api/account',
      a.token,
      details('thief@example.com', a.body.password),
    );
    expect(changed.statusCode).toBe(200);

    const notice = (await outboxFor(t.db, oldEmail)).at(-1);
    expect(notice?.subject).toBe('Your e-mail address is being changed');
    expect(notice?.text_body).toContain('thief@example.com');
    const cancelLink = linkIn(notice?.text_body ?? '');
    expect(cancelLink.pathname).toBe('/update-details');
    const cancelToken = cancelLink.searchParams.get('cancelEmailToken') ?? '';
    const lifetime = await t.db.one<{ days: number }>(
      `select round(extract(epoch from (expires_at - created_at)) / 86400)::int as days
         from user_tokens where user_id = $1 and purpose = 'email-cancel'`,
      [a.reply.userId],
    );
    expect(lifetime.days).toBe(7);

    // The thief confirms the new address, asks for a reset link there, and keeps a session.
    const [confirmMail] = await outboxFor(t.db, 'thief@example.com');
    const emailToken = linkIn(confirmMail?.text_body ?? '').searchParams.get('emailToken') ?? '';
    expect(
      (await send(t, 'POST', '/api/account/email/confirm', undefined, { token: emailToken })).statusCode,
    ).toBe(200);
    await send(t, 'POST', '/api/users/forgot-password', undefined, { email: 'thief@example.com' });
    const resetMail = (await outboxFor(t.db, 'thief@example.com')).at(-1);
    const resetToken = linkIn(resetMail?.text_body ?? '').searchParams.get('value') ?? '';
    expect((await send(t, 'GET', `/api/users/${a.reply.userId}`, resetToken)).statusCode).toBe(200);

    const cancelled = await send(t, 'POST', '/api/account/email/cancel', undefined, { token: cancelToken });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: workspaceMessages.emailChangeCancelled });

    const row = await t.db.one<{ email: string }>('select email from users where id = $1', [a.reply.userId]);
    expect(row.email).toBe(oldEmail);
    expect((await send(t, 'GET', '/api/account', a.token)).statusCode).toBe(401);
    expect((await send(t, 'GET', `/api/users/${a.reply.userId}`, resetToken)).statusCode).toBe(401);
    const reset = await send(t, 'PUT', '/api/users/reset-password/', resetToken, {
      userName: a.body.userName,
      password: 'the thief password',
    });
    expect(reset.statusCode).toBe(401);
    // The owner signs in again as before; the link is single use.
    const login = await send(t, 'POST', '/api/users/login', undefined, {
      userName: a.body.userName,
      password: a.body.password,
    });
    expect(login.json()).toMatchObject({ status: 'success' });
    const reused = await send(t, 'POST', '/api/account/email/cancel', undefined, { token: cancelToken });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: workspaceMessages.emailCancelInvalid });
  });

  it('cancelled before the new address is confirmed, the confirmation link dies; an expired cancel link does nothing', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'PUT', '/api/account', a.token, details('second@example.com', a.body.password));
    const cancelToken =
      linkIn((await outboxFor(t.db, String(a.body.email))).at(-1)?.text_body ?? '').searchParams.get(
        'cancelEmailToken',
      ) ?? '';
    const emailToken =
      linkIn((await outboxFor(t.db, 'second@example.com'))[0]?.text_body ?? '').searchParams.get(
        'emailToken',
      ) ?? '';
    expect(
      (await send(t, 'POST', '/api/account/email/cancel', undefined, { token: cancelToken })).statusCode,
    ).toBe(200);
    const late = await send(t, 'POST', '/api/account/email/confirm', undefined, { token: emailToken });
    expect(late.statusCode).toBe(400);
    expect(
      (await t.db.one<{ email: string }>('select email from users where id = $1', [a.reply.userId])).email,
    ).toBe(a.body.email);

    const b = await signedIn(t);
    await send(t, 'PUT', '/api/account', b.token, details('third@example.com', b.body.password));
    const expiredToken =
      linkIn((await outboxFor(t.db, String(b.body.email))).at(-1)?.text_body ?? '').searchParams.get(
        'cancelEmailToken',
      ) ?? '';
    await t.db.query(
      `update user_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'email-cancel'`,
      [b.reply.userId],
    );
    const expired = await send(t, 'POST', '/api/account/email/cancel', undefined, { token: expiredToken });
    expect(expired.statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/account', b.token)).statusCode).toBe(200);
  });

  it('at most 5 change mails an hour per account, and per mailbox whatever its case or +tag', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    for (let i = 1; i <= 5; i += 1) {
      const res = await send(
        t,
        'PUT',
        '/api/account',
        a.token,
        details(`new${i}@example.com`, a.body.password),
      );
      expect(res.statusCode, `change ${i}`).toBe(200);
    }
    const sixth = await send(t, 'PUT', '/api/account', a.token, details('new6@example.com', a.body.password));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: messages.server.rateLimited });
    expect(await outboxFor(t.db, 'new6@example.com')).toEqual([]);

    // One mailbox written to from several accounts, under several spellings.
    const b = await signedIn(t);
    const c = await signedIn(t);
    for (const [user, email] of [
      [b, 'victim@example.com'],
      [b, 'victim+1@example.com'],
      [b, 'victim+2@example.com'],
      [c, 'victim+3@example.com'],
      [c, 'victim+4@example.com'],
    ] as const) {
      expect(
        (await send(t, 'PUT', '/api/account', user.token, details(email, user.body.password))).statusCode,
      ).toBe(200);
    }
    const spelled = await send(
      t,
      'PUT',
      '/api/account',
      c.token,
      details('Victim+5@Example.com', c.body.password),
    );
    expect(spelled.statusCode).toBe(429);
    expect(await outboxFor(t.db, 'victim+5@example.com')).toEqual([]);
    // Another mailbox is still written to from the same account.
    const elsewhere = await send(
      t,
      'PUT',
      '/api/account',
      c.token,
      details('someone@example.com', c.body.password),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('seam: a reset link asked for before a password change on the account page is refused after it', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'POST', '/api/users/forgot-password', undefined, { email: a.body.email });
    const resetToken =
      linkIn((await outboxFor(t.db, String(a.body.email))).at(-1)?.text_body ?? '').searchParams.get(
        'value',
      ) ?? '';
    const changed = await send(t, 'POST', '/api/account/password', a.token, {
      currentPassword: a.body.password,
      newPassword: 'the owner new password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/users/${a.reply.userId}`, resetToken)).statusCode).toBe(401);
    const reset = await send(t, 'PUT', '/api/users/reset-password/', resetToken, {
      userName: a.body.userName,
      password: 'someone else password',
    });
    expect(reset.statusCode).toBe(401);
    expect(reset.json()).toEqual({ message: messages.server.resetLinkInvalid });
    const login = await send(t, 'POST', '/api/users/login', undefined, {
      userName: a.body.userName,
      password: 'the owner new password',
    });
    expect(login.json()).toMatchObject({ status: 'success' });
  });
});

describe('download my data', () => {
  it('holds the rows of every table that names the user or their company, without secrets', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'POST', '/api/sites/add', a.token, siteInput('Depot'));
    await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      showPhone: true,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      phone: '01',
    });
    await invitedUser(t, a.token, 'colleague@example.com');
    await t.db.query(`insert into search_records (term, sticker_id, brand) values ('x', $1, 'signs')`, [
      a.sticker.id,
    ]);
    const res = await send(t, 'GET', '/api/account/export', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json() as Record<string, Record<string, unknown>[]>;
    const byCompany = await tablesNaming('company_id');
    const byUser = await tablesNaming('user_id');
    for (const table of new Set([...byCompany, ...byUser])) {
      const expected = await t.db.query<{ id: number }>(
        `select id from ${table} where ${byCompany.includes(table) ? 'company_id = $1' : '$1::bigint is null'}
            or ${byUser.includes(table) ? 'user_id = $2' : '$2::bigint is null'} order by id`,
        [a.reply.companyId, a.reply.userId],
      );
      expect(
        data[table]?.map((r) => r.id),
        table,
      ).toEqual(expected.map((r) => r.id));
    }
    expect(data.companies).toEqual([
      expect.objectContaining({ id: a.reply.companyId, name: a.body.companyName }),
    ]);
    expect(data.users).toHaveLength(2);
    expect(data.sites).toHaveLength(2);
    expect(data.contact_publications).toHaveLength(1);
    expect(data.search_records).toHaveLength(1);
    expect(data.mail_outbox?.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('token_hash');
  });
});

describe('download my data: no way in, and only what the user may see', () => {
  it('holds the mail sent, but no live link or token from it', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'POST', '/api/users/forgot-password', undefined, { email: a.body.email });
    await send(t, 'PUT', '/api/account', a.token, {
      title: '',
      firstname: 'Ada',
      surname: 'King',
      tel: '',
      email: 'next@example.com',
      currentPassword: a.body.password,
    });
    const mails = await outboxFor(t.db, String(a.body.email));
    // Confirmation, reset and cancel links, each with its secret.
    const secrets = mails
      .flatMap((m) => [...linkIn(m.text_body).searchParams.values()])
      .filter((value) => value.length >= 16);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your CCTV Sign Register account',
      'Reset your CCTV Sign Register password',
      'Your e-mail address is being changed',
    ]);
    expect(secrets).toHaveLength(3);

    const res = await send(t, 'GET', '/api/account/export', a.token);
    expect(res.statusCode).toBe(200);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/https?:\/\/\S*[?#]/);
    const data = res.json() as { mail_outbox: { subject: string; text_body: string }[] };
    expect(data.mail_outbox.map((m) => m.subject)).toEqual(mails.map((m) => m.subject));
    expect(data.mail_outbox[1]?.text_body).toContain('[link removed]');
  });

  it("a plain user's download holds the company's name, themselves and the shared rows: no other user, invitation or contact settings", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      showPhone: true,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      phone: '0113 496 0000',
    });
    const plain = await invitedUser(t, a.token, 'plain-one@example.com');
    await send(t, 'POST', '/api/company/add', a.token, { email: 'pending-invite@example.com' });
    // What the plain user is refused elsewhere.
    expect((await send(t, 'GET', `/api/company/${a.reply.companyId}`, plain.token)).statusCode).toBe(403);
    expect((await send(t, 'GET', `/api/users/company/${a.reply.companyId}`, plain.token)).statusCode).toBe(
      403,
    );
    expect((await send(t, 'GET', '/api/contact/publication', plain.token)).statusCode).toBe(403);

    const res = await send(t, 'GET', '/api/account/export', plain.token);
    expect(res.statusCode).toBe(200);
    const data = res.json() as Record<string, Record<string, unknown>[]>;
    expect(data.companies).toEqual([{ id: a.reply.companyId, name: a.body.companyName }]);
    expect(data.users?.map((u) => u.id)).toEqual([plain.userId]);
    expect(data.invitations).toEqual([]);
    expect(data.contact_publications).toEqual([]);
    for (const hidden of [
      String(a.body.email),
      'pending-invite@example.com',
      '0113 496 0000',
      String(a.body.tel),
    ]) {
      expect(res.body, hidden).not.toContain(hidden);
    }
    // What the plain user sees in the workspace is there.
    const sites = (await send(t, 'GET', `/api/sites/company/${a.reply.companyId}`, plain.token)).json() as {
      id: number;
    }[];
    expect(data.sites?.map((s) => s.id)).toEqual(sites.map((s) => s.id));
    expect(data.stickers?.map((s) => s.id)).toEqual([a.sticker.id]);
  });
});

describe('delete my account', () => {
  it('the only master user takes the company with them: no row of it is left, its signs are free, a mail says so', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const keep = await signedIn(t);
    await send(t, 'POST', '/api/sites/add', a.token, siteInput('Depot'));
    await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: a.reply.siteId,
      showPhone: true,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      phone: '01',
    });
    await invitedUser(t, a.token, 'colleague2@example.com');
    await send(t, 'POST', '/api/company/add', a.token, { email: 'pending@example.com' });

    const refused = await send(t, 'POST', '/api/account/delete', a.token, {
      password: a.body.password,
      confirm: 'yes',
    });
    expect(refused.json()).toEqual({ message: workspaceMessages.deleteConfirmWrong });
    const deleted = await send(t, 'POST', '/api/account/delete', a.token, {
      password: a.body.password,
      confirm: 'DELETE',
    });
    expect(deleted.json()).toEqual({ message: workspaceMessages.accountDeleted });

    for (const table of await tablesNaming('company_id')) {
      const rows = await t.db.query(`select * from ${table} where company_id = $1`, [a.reply.companyId]);
      expect(rows, table).toEqual([]);
    }
    expect(await t.db.query('select * from companies where id = $1', [a.reply.companyId])).toEqual([]);
    expect(
      await t.db.query('select * from users where email in ($1, $2)', [
        a.body.email,
        'colleague2@example.com',
      ]),
    ).toEqual([]);
    const sticker = await t.db.one('select site_id, company_id from stickers where id = $1', [a.sticker.id]);
    expect(sticker).toEqual({ site_id: null, company_id: null });
    const mails = await outboxFor(t.db, String(a.body.email));
    expect(mails.map((m) => m.subject)).toEqual(['Your account has been deleted']);
    // The other company is untouched.
    expect(
      (await send(t, 'GET', `/api/sites/company/${keep.reply.companyId}`, keep.token)).json(),
    ).toHaveLength(1);
    expect((await send(t, 'GET', '/api/account', a.token)).statusCode).toBe(401);
  });

  it('a plain user removes only themselves; the company carries on', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const plain = await invitedUser(t, a.token, 'colleague3@example.com');
    const res = await send(t, 'POST', '/api/account/delete', plain.token, {
      password: plain.password,
      confirm: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    const users = (await send(t, 'GET', `/api/users/company/${a.reply.companyId}`, a.token)).json();
    expect(users.map((u: { id: number }) => u.id)).toEqual([a.reply.userId]);
  });
});
