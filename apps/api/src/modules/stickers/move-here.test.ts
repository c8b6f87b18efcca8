import { messages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, snapshot, twoCompanies } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

// Issue 36, item 25: a sticker already on another of your own sites says where, and can be moved.

describe('adding a sticker that is already on one of your sites', () => {
  it('says which site it is on, by its name', async () => {
    t = await createTestApp();
    const { a, b } = await twoCompanies(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back yard'))).json();
    const res = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: second.id,
      signRef: a.sticker.signRef,
      prefixNo: a.sticker.prefixNo,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `This sticker is already on your site “${a.body.siteName}”.` });
    // Another company's sticker says nothing of where it is.
    const foreign = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: second.id,
      signRef: b.sticker.signRef,
      prefixNo: b.sticker.prefixNo,
    });
    expect(foreign.json()).toEqual({ message: messages.server.stickerTaken });
  });
});

describe('POST /api/stickers/site/signRef/move', () => {
  it('moves the sticker from another site of the company to this one, in one go, and says from where', async () => {
    t = await createTestApp();
    const { a } = await twoCompanies(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back yard'))).json();
    const res = await send(t, 'POST', '/api/stickers/site/signRef/move', a.token, {
      siteId: second.id,
      signRef: a.sticker.signRef.toLowerCase(),
      prefixNo: a.sticker.prefixNo,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Sign moved from “${a.body.siteName}” to “Back yard”.`,
      sticker: { id: a.sticker.id, siteId: second.id, siteName: 'Back yard', signRef: a.sticker.signRef },
    });
    expect((await send(t, 'GET', `/api/stickers/siteid/${a.reply.siteId}`, a.token)).json()).toEqual([]);
    const here = (await send(t, 'GET', `/api/stickers/siteid/${second.id}`, a.token)).json();
    expect(here.map((s: { id: number }) => s.id)).toEqual([a.sticker.id]);
  });

  it("is for master users only, moves nobody else's sticker, nor a free one, and needs the right prefix number", async () => {
    t = await createTestApp();
    const { a, b, plain, freeSticker } = await twoCompanies(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back yard'))).json();
    const before = await snapshot(t);
    const move = (token: string, signRef: string, prefixNo: string, siteId = second.id) =>
      send(t, 'POST', '/api/stickers/site/signRef/move', token, { siteId, signRef, prefixNo });

    expect((await move(plain.token, a.sticker.signRef, a.sticker.prefixNo)).statusCode).toBe(403);
    const foreign = await move(a.token, b.sticker.signRef, b.sticker.prefixNo);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ message: messages.server.stickerNotLinked });
    const free = await move(a.token, freeSticker.signRef, freeSticker.prefixNo);
    expect(free.json()).toEqual({ message: messages.server.stickerNotLinked });
    const wrongPrefix = await move(a.token, a.sticker.signRef, 'ZZZ99999');
    expect(wrongPrefix.statusCode).toBe(400);
    expect(wrongPrefix.json()).toEqual({ message: messages.server.stickerNotFound });
    // Another company's site is not found; the site it is on already says so.
    expect((await move(a.token, a.sticker.signRef, a.sticker.prefixNo, b.reply.siteId)).statusCode).toBe(404);
    const same = await move(a.token, a.sticker.signRef, a.sticker.prefixNo, a.reply.siteId);
    expect(same.json()).toEqual({ message: workspaceMessages.stickerOnYourSite(a.body.siteName) });
    expect((await send(t, 'POST', '/api/stickers/site/signRef/move', undefined, {})).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it('two moves of one sticker at once: both land in order, the sticker ends on one site', async () => {
    t = await createTestApp();
    const { a } = await twoCompanies(t);
    const yard = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back yard'))).json();
    const gate = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Gate'))).json();
    const move = (siteId: number) =>
      send(t, 'POST', '/api/stickers/site/signRef/move', a.token, {
        siteId,
        signRef: a.sticker.signRef,
        prefixNo: a.sticker.prefixNo,
      });
    const replies = await Promise.all([move(yard.id), move(gate.id)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await t.db.one<{ site_id: number; site_name: string }>(
      'select site_id, site_name from stickers where id = $1',
      [a.sticker.id],
    );
    expect([yard.id, gate.id]).toContain(row.site_id);
    expect(row.site_name).toBe(row.site_id === yard.id ? 'Back yard' : 'Gate');
  });
});
