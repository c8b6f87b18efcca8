import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call, linkIn, outboxFor, register, signUpPayload } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

async function counts() {
  const row = await t.db.one<Record<string, number>>(
    `select (select count(*) from companies) as companies, (select count(*) from users) as users,
            (select count(*) from sites) as sites, (select count(*) from stickers where site_id is not null) as linked,
            (select count(*) from mail_outbox) as mails, (select count(*) from user_tokens) as tokens`,
  );
  return row;
}

describe('POST /api/users/add', () => {
  it('creates the company, an unconfirmed master user and the first site, links the sticker and mails a link', async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.test' } });
    const { body, reply, sticker } = await register(t, {
      email: '  Ada.Lovelace@Example.COM ',
      userName: 'AdaL',
    });

    expect(reply).toEqual({
      success: true,
      message: messages.server.registered,
      siteId: expect.any(Number),
      companyId: expect.any(Number),
      userId: expect.any(Number),
    });
    const user = await t.db.one<Record<string, unknown>>(
      'select user_name, email, master_user, confirmed_at, company_id from users where id = $1',
      [reply.userId],
    );
    expect(user).toEqual({
      user_name: 'AdaL',
      email: 'ada.lovelace@example.com',
      master_user: 1,
      confirmed_at: null,
      company_id: reply.companyId,
    });
    const site = await t.db.one(
      'select company_id, name, key_info, retention_days, county from sites where id = $1',
      [reply.siteId],
    );
    expect(site).toEqual({
      company_id: reply.companyId,
      name: body.siteName,
      key_info: body.keyInfo,
      // The spec's payload does not say how long recordings are kept: not stated, never assumed.
      retention_days: null,
      county: 'West Yorkshire',
    });
    const linked = await t.db.one<Record<string, unknown>>(
      'select site_id, company_id, user_id, site_name, start_date from stickers where id = $1',
      [sticker.id],
    );
    expect(linked).toMatchObject({
      site_id: reply.siteId,
      company_id: reply.companyId,
      user_id: reply.userId,
      site_name: body.siteName,
    });
    expect(linked.start_date).toBeInstanceOf(Date);

    const [mail] = await outboxFor(t.db, 'ada.lovelace@example.com');
    expect(mail?.subject).toBe('Confirm your CCTV Sign Register account');
    const link = linkIn(mail?.text_body ?? '');
    expect(link.origin).toBe('https://signs.example.test');
    expect(link.searchParams.get('userId')).toBe(String(reply.userId));
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  });

  it('finds the sticker whatever the case and hyphens typed', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db, 'K7QM-3XWD-P9TE', 'KQT40817');
    const res = await call(t, 'POST', '/api/users/add', {
      body: signUpPayload({ signRef: 'k7qm3xwd-p9te', prefixNo: 'kqt40817' }),
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(
      (await t.db.one('select site_id from stickers where id = $1', [sticker.id])).site_id,
    ).not.toBeNull();
  });

  it('refuses an unknown sticker and a wrong prefix number alike, leaving nothing behind', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    for (const wrong of [
      { signRef: 'NOPE-NOPE-NOPE', prefixNo: sticker.prefixNo },
      { signRef: sticker.signRef, prefixNo: 'ZZZ99999' },
    ]) {
      const res = await call(t, 'POST', '/api/users/add', { body: signUpPayload(wrong) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, message: messages.server.stickerNotFound });
    }
    expect(await counts()).toEqual({ companies: 0, users: 0, sites: 0, linked: 0, mails: 0, tokens: 0 });
  });

  it('a company or site name with a line break in it is refused with 400, and nothing is stored', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const forged = signUpPayload(sticker, { companyName: 'Northern Watch\r\nBcc: everyone@example.net' });
    const res = await call(t, 'POST', '/api/users/add', { body: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Company Name must be on one line, without line breaks or control characters.',
    });
    const site = await call(t, 'POST', '/api/users/add', {
      body: signUpPayload(sticker, { siteName: 'Yard\u2028gate' }),
    });
    expect(site.json()).toEqual({
      message: 'Site Name must be on one line, without line breaks or control characters.',
    });
    expect(await counts()).toEqual({ companies: 0, users: 0, sites: 0, linked: 0, mails: 0, tokens: 0 });
    // Key information is free text: its lines are kept.
    const multiLine = await call(t, 'POST', '/api/users/add', {
      body: signUpPayload(sticker, { keyInfo: 'Recorded 24 hours.\nKept 30 days.' }),
    });
    expect(multiLine.json()).toMatchObject({ success: true });
  });

  it('without prefixNo (a client following the spec to the letter) answers 400 naming the field', async () => {
    t = await createTestApp();
    const { prefixNo: _omitted, ...body } = signUpPayload(await addSticker(t.db));
    const res = await call(t, 'POST', '/api/users/add', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'prefixNo is required' });
  });

  it('a taken user name (any case) or e-mail answers success false and leaves no company, site or link behind', async () => {
    t = await createTestApp();
    const first = await register(t, { userName: 'SiteOwner', email: 'owner@example.com' });
    const before = await counts();

    const sameName = signUpPayload(await addSticker(t.db), { userName: 'siteowner' });
    expect((await call(t, 'POST', '/api/users/add', { body: sameName })).json()).toEqual({
      success: false,
      message: messages.server.userNameTaken,
    });
    const sameEmail = signUpPayload(await addSticker(t.db), { email: 'OWNER@example.com' });
    expect((await call(t, 'POST', '/api/users/add', { body: sameEmail })).json()).toEqual({
      success: false,
      message: messages.server.emailTaken,
    });

    expect(await counts()).toEqual(before);
    expect(await t.db.query('select id from stickers where site_id is not null')).toEqual([
      { id: first.sticker.id },
    ]);
  });

  it('a registration that fails after the company was inserted leaves nothing behind', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    // The database refuses this one user after the company row exists: the failure comes mid-way.
    await t.db.exec(`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.user_name = 'doomed' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_doomed before insert on users for each row execute function refuse_doomed();
    `);
    const res = await call(t, 'POST', '/api/users/add', {
      body: signUpPayload(sticker, { userName: 'doomed' }),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.server.generic });
    expect(await counts()).toEqual({ companies: 0, users: 0, sites: 0, linked: 0, mails: 0, tokens: 0 });

    // The sticker is still free: the same person can try again.
    const again = await call(t, 'POST', '/api/users/add', { body: signUpPayload(sticker) });
    expect(again.json()).toMatchObject({ success: true });
  });

  it('two people registering one sticker at the same moment: exactly one succeeds, the other is told', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const replies = await Promise.all(
      [1, 2].map((n) =>
        call(t, 'POST', '/api/users/add', {
          body: signUpPayload(sticker, { userName: `racer${n}`, email: `racer${n}@example.com` }),
        }),
      ),
    );
    const bodies = replies.map((r) => r.json());
    expect(bodies.filter((b) => b.success === true)).toHaveLength(1);
    expect(bodies.filter((b) => b.success === false)).toEqual([
      { success: false, message: messages.server.stickerTakenDuringSignUp },
    ]);

    const winner = bodies.find((b) => b.success);
    expect(await counts()).toEqual({ companies: 1, users: 1, sites: 1, linked: 1, mails: 1, tokens: 1 });
    const linked = await t.db.one('select site_id, company_id, user_id from stickers where id = $1', [
      sticker.id,
    ]);
    expect(linked).toEqual({ site_id: winner.siteId, company_id: winner.companyId, user_id: winner.userId });
  });

  it('a sticker registered earlier is refused at sign-up', async () => {
    t = await createTestApp();
    const first = await register(t);
    const res = await call(t, 'POST', '/api/users/add', { body: signUpPayload(first.sticker) });
    expect(res.json()).toEqual({ success: false, message: messages.server.stickerTakenDuringSignUp });
  });
});
