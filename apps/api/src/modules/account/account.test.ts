import { messages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { linkIn, outboxFor, signedIn } from '../users/test-helpers';
import { invitedUser, send, siteInput, snapshot } from '../workspace/test-helpers';

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
