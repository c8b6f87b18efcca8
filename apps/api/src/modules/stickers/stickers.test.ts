import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '../../cli/server-info';
import { addSticker, call, type Registered, register, signedIn } from '../../test/accounts';
import { logCapture } from '../../test/log-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIGN_REF_ALPHABET } from './codes';

let t: TestApp;
afterEach(() => t?.close());

const check = (signRef: string, prefixNo: string) =>
  call(t, 'POST', '/api/stickers/signref', { body: { signRef, prefixNo } });

function linkBody(user: Registered, overrides: Record<string, unknown> = {}) {
  return {
    siteId: user.reply.siteId,
    companyId: user.reply.companyId,
    userId: user.reply.userId,
    signRef: user.sticker.signRef,
    siteName: user.body.siteName,
    startDate: new Date().toISOString(),
    prefixNo: user.sticker.prefixNo,
    ...overrides,
  };
}

describe('POST /api/stickers/signref', () => {
  it('a free sticker is found whatever the case and hyphens; a wrong prefix number is not', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db, 'K7QM-3XWD-P9TE', 'KQT40817');
    for (const signRef of ['K7QM-3XWD-P9TE', 'k7qm3xwdp9te', ' k7qm-3xwd p9te ']) {
      const res = await check(signRef, 'kqt40817');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: messages.server.stickerFound,
        result: [{ id: sticker.id, siteId: null, prefixNo: 'KQT40817' }],
      });
    }
    const notFound = { success: false, message: messages.server.stickerNotFound, result: [] };
    expect((await check('K7QM-3XWD-P9TE', 'KQT40818')).json()).toEqual(notFound);
    expect((await check('NOPE-NOPE-NOPE', 'KQT40817')).json()).toEqual(notFound);
  });

  it('a registered sticker says so, with its site', async () => {
    t = await createTestApp();
    const { sticker, reply } = await register(t);
    expect((await check(sticker.signRef, sticker.prefixNo)).json()).toEqual({
      success: false,
      message: messages.server.stickerTaken,
      result: [{ id: sticker.id, siteId: reply.siteId, prefixNo: sticker.prefixNo }],
    });
  });

  it('empty fields are refused with the messages of the sign-up form', async () => {
    t = await createTestApp();
    expect((await check('', 'AAA00001')).json()).toEqual({ message: 'Please Enter Sign Reference' });
    expect((await check('DEMO-0001-SIGN', ' ')).json()).toEqual({ message: 'Please Enter Prefix No' });
  });
});

describe('PUT /api/stickers/{id}', () => {
  it('confirms the link sign-up made, as often as asked, and changes nothing', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const before = await t.db.one('select * from stickers where id = $1', [user.sticker.id]);
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PUT', `/api/stickers/${user.sticker.id}`, {
        token: user.token,
        body: linkBody(user),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.sticker.id,
        siteId: user.reply.siteId,
        companyId: user.reply.companyId,
        userId: user.reply.userId,
        signRef: user.sticker.signRef,
        siteName: user.body.siteName,
        startDate: (before.start_date as Date).toISOString(),
        prefixNo: user.sticker.prefixNo,
      });
    }
    expect(await t.db.one('select * from stickers where id = $1', [user.sticker.id])).toEqual(before);
  });

  it('refuses another site, a wrong prefix, a free sticker, another company and no session', async () => {
    t = await createTestApp();
    const user = await signedIn(t);
    const other = await signedIn(t);
    const put = (id: number, body: object, token: string | null = user.token) =>
      call(t, 'PUT', `/api/stickers/${id}`, { body, ...(token ? { token } : {}) });

    const wrongSite = await put(user.sticker.id, linkBody(user, { siteId: other.reply.siteId }));
    expect(wrongSite.statusCode).toBe(409);
    expect(wrongSite.json()).toEqual({ message: messages.server.stickerOtherSite });
    const wrongPrefix = await put(user.sticker.id, linkBody(user, { prefixNo: 'ZZZ99999' }));
    expect(wrongPrefix.statusCode).toBe(409);
    expect(wrongPrefix.json()).toEqual({ message: messages.server.stickerMismatch });
    // Another sign's reference with this one's prefix number, or the company of another.
    const wrongRef = await put(user.sticker.id, linkBody(user, { signRef: other.sticker.signRef }));
    expect(wrongRef.json()).toEqual({ message: messages.server.stickerMismatch });
    const wrongCompany = await put(user.sticker.id, linkBody(user, { companyId: other.reply.companyId }));
    expect(wrongCompany.statusCode).toBe(409);
    expect(wrongCompany.json()).toEqual({ message: messages.server.stickerOtherSite });
    // Its own sign reference however it is written is no mismatch.
    const spelt = await put(user.sticker.id, linkBody(user, { signRef: user.sticker.signRef.toLowerCase() }));
    expect(spelt.statusCode).toBe(200);

    const free = await addSticker(t.db);
    const unlinked = await put(free.id, linkBody(user, { signRef: free.signRef, prefixNo: free.prefixNo }));
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json()).toEqual({ message: messages.server.stickerNotLinked });
    expect((await t.db.one('select site_id from stickers where id = $1', [free.id])).site_id).toBeNull();

    const foreign = await put(other.sticker.id, linkBody(other));
    expect(foreign.statusCode).toBe(404);
    expect((await put(999_999, linkBody(user))).statusCode).toBe(404);
    expect((await put(user.sticker.id, linkBody(user), null)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/stickers', () => {
  const issue = (count: number, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/stickers', payload: { count }, headers, remoteAddress });

  it('issues unique, unambiguous stickers for a caller on this machine with the admin token', async () => {
    t = await createTestApp();
    const res = await issue(50, { [ADMIN_TOKEN_HEADER]: t.app.adminToken });
    expect(res.statusCode).toBe(200);
    const { stickers } = res.json() as { stickers: { signRef: string; prefixNo: string }[] };
    expect(stickers).toHaveLength(50);
    expect(new Set(stickers.map((s) => s.signRef)).size).toBe(50);
    const group = `[${SIGN_REF_ALPHABET}]{4}`;
    for (const s of stickers) {
      expect(s.signRef).toMatch(new RegExp(`^${group}-${group}-${group}$`));
      expect(s.signRef).not.toMatch(/[01OI]/);
      expect(s.prefixNo).toMatch(/^[A-HJ-NP-Z]{3}\d{5}$/);
    }
    const stored = await t.db.one<{ n: number }>('select count(*) as n from stickers where site_id is null');
    expect(stored.n).toBe(50);
    // An issued sticker is ready for sign-up.
    const first = stickers[0];
    expect((await check(first?.signRef ?? '', first?.prefixNo ?? '')).json()).toMatchObject({
      success: true,
    });
  });

  it('records each issue in the server log with how many were issued', async () => {
    const log = logCapture();
    t = await createTestApp({ logger: log.logger });
    expect((await issue(3, { [ADMIN_TOKEN_HEADER]: t.app.adminToken })).statusCode).toBe(200);
    expect(log.lines.filter((line) => line.msg === 'Issued stickers')).toEqual([
      expect.objectContaining({ level: 30, count: 3 }),
    ]);
  });

  it('refuses callers from other machines, and a missing or wrong token', async () => {
    t = await createTestApp();
    const fromAfar = await issue(1, { [ADMIN_TOKEN_HEADER]: t.app.adminToken }, '192.168.1.20');
    expect(fromAfar.statusCode).toBe(403);
    expect(fromAfar.json()).toEqual({ message: messages.server.adminLoopbackOnly });
    // A forwarded-for header does not make a remote caller local.
    const forwarded = await issue(
      1,
      { [ADMIN_TOKEN_HEADER]: t.app.adminToken, 'x-forwarded-for': '127.0.0.1' },
      '192.168.1.20',
    );
    expect(forwarded.statusCode).toBe(403);
    expect((await issue(1, {})).statusCode).toBe(401);
    expect((await issue(1, { [ADMIN_TOKEN_HEADER]: `${t.app.adminToken}x` })).statusCode).toBe(401);
    expect((await t.db.one<{ n: number }>('select count(*) as n from stickers')).n).toBe(0);
  });
});
