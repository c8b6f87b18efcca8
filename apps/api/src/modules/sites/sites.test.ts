import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSticker, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, snapshot, twoCompanies } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

describe('sites of a company', () => {
  it('lists each site with its sign count, last confirmation and look-ups in the last 30 days', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const added = await send(t, 'POST', '/api/sites/add', a.token, siteInput('Car park'));
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Car park', retentionDays: 30, detailsOutOfDate: false });
    await t.db.query(
      `insert into search_records (term, sticker_id, brand, created_at)
       values ($1, $2, 'signs', now()), ($1, $2, 'signs', now() - interval '2 days'), ($1, $2, 'signs', now() - interval '40 days')`,
      [a.sticker.signRef, a.sticker.id],
    );
    const list = await send(t, 'GET', `/api/sites/company/${a.reply.companyId}`, a.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'Car park', signCount: 0, lookups30Days: 0 }),
      expect.objectContaining({ id: a.reply.siteId, name: a.body.siteName, signCount: 1, lookups30Days: 2 }),
    ]);
    const byUser = await send(t, 'GET', `/api/sites/user/${a.reply.userId}`, a.token);
    expect(byUser.json()).toEqual(list.json());
  });

  it('edits a site, keeps its signs’ site name in step, and saving confirms its details', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await t.db.query(
      `update sites set details_confirmed_at = now() - interval '14 months', created_at = now() - interval '2 years' where id = $1`,
      [a.reply.siteId],
    );
    const stale = await send(t, 'GET', `/api/sites/${a.reply.siteId}`, a.token);
    expect(stale.json()).toMatchObject({ detailsOutOfDate: true });
    const edited = await send(t, 'PUT', `/api/sites/${a.reply.siteId}`, a.token, {
      ...siteInput('Front gate'),
      retentionDays: 14,
    });
    expect(edited.json()).toMatchObject({ name: 'Front gate', retentionDays: 14, detailsOutOfDate: false });
    expect(Date.parse(edited.json().detailsConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    const sign = await send(t, 'GET', `/api/stickers/${a.sticker.id}`, a.token);
    expect(sign.json()).toMatchObject({ siteName: 'Front gate' });
  });

  it('counts registering a site, at sign-up or with Add a site, as confirming its details', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const first = await send(t, 'GET', `/api/sites/${a.reply.siteId}`, a.token);
    expect(first.json()).toMatchObject({ detailsOutOfDate: false });
    expect(Date.parse(first.json().detailsConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    const added = await send(t, 'POST', '/api/sites/add', a.token, siteInput('Car park'));
    expect(Date.parse(added.json().detailsConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);

    // What the public reads from the sign's QR code.
    const lookup = await send(t, 'GET', `/api/stickers/search/${encodeURIComponent(a.sticker.signRef)}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().scheme).toMatchObject({
      detailsConfirmedAt: expect.any(String),
      mayBeOutOfDate: false,
    });
    expect(Date.parse(lookup.json().scheme.detailsConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows “may be out of date” only 13 months after the last confirmation', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    // The date is changed in the database directly: the look-up hears of it by a notification
    // (PostgreSQL delivers it a moment after the commit), so it is asked until it answers.
    const expectAt = async (age: string, outOfDate: boolean) => {
      await t.db.query(
        `update sites set details_confirmed_at = now() - interval '${age}', created_at = now() - interval '3 years' where id = $1`,
        [a.reply.siteId],
      );
      await vi.waitFor(
        async () => {
          const lookup = await send(
            t,
            'GET',
            `/api/stickers/search/${encodeURIComponent(a.sticker.signRef)}`,
          );
          expect(lookup.json().scheme.mayBeOutOfDate).toBe(outOfDate);
        },
        { timeout: 5000, interval: 20 },
      );
    };
    await expectAt('12 months 27 days', false);
    await expectAt('13 months 1 day', true);
  });

  it('re-confirms a site with one call, only for a site of your own company', async () => {
    t = await createTestApp();
    const { a, b, plain } = await twoCompanies(t);
    await t.db.query(
      `update sites set details_confirmed_at = now() - interval '14 months', reminder_sent_at = now(),
              created_at = now() - interval '2 years'`,
    );
    const before = await snapshot(t);
    for (const [token, status] of [
      [undefined, 401],
      [b.token, 404],
    ] as const) {
      const refused = await send(t, 'POST', `/api/sites/${a.reply.siteId}/confirm`, token);
      expect(refused.statusCode).toBe(status);
    }
    expect((await send(t, 'POST', '/api/sites/99999999/confirm', a.token)).statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);

    // Any user of the company may confirm what they see on Your sites.
    const confirmed = await send(t, 'POST', `/api/sites/${a.reply.siteId}/confirm`, plain.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: a.reply.siteId, detailsOutOfDate: false });
    expect(Date.parse(confirmed.json().detailsConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    const other = await send(t, 'GET', `/api/sites/${b.reply.siteId}`, b.token);
    expect(other.json()).toMatchObject({ detailsOutOfDate: true });
    const row = await t.db.one<{ reminder_sent_at: Date | null }>(
      'select reminder_sent_at from sites where id = $1',
      [a.reply.siteId],
    );
    expect(row.reminder_sent_at).toBeNull();
  });

  it('stores a county chosen from the pick-list without its nation label, as sign-up does', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const added = await send(t, 'POST', '/api/sites/add', a.token, {
      ...siteInput('Car park'),
      county: 'Kent (England)',
    });
    expect(added.json()).toMatchObject({ county: 'Kent' });
    const edited = await send(t, 'PUT', `/api/sites/${added.json().id}`, a.token, {
      ...siteInput('Car park'),
      county: 'County Down (Northern Ireland)',
    });
    expect(edited.json()).toMatchObject({ county: 'County Down' });
    const company = await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, {
      name: a.body.companyName,
      county: 'Dyfed (Wales)',
    });
    expect(company.json()).toMatchObject({ county: 'Dyfed' });
  });

  it('refuses bad bodies with a message naming the field, and changes nothing', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const before = await snapshot(t);
    const cases: [unknown, string][] = [
      [{ ...siteInput(''), name: '  ' }, 'Please fill out the required field: Site Name'],
      [siteInput('x'.repeat(101)), 'Site Name must be at most 100 characters.'],
      [
        { ...siteInput('Gate'), keyInfo: 'k'.repeat(2001) },
        'Key Information must be at most 2000 characters.',
      ],
      [{ ...siteInput('Gate'), retentionDays: 0 }, 'Recordings are kept for at least 1 day.'],
      [{ ...siteInput('Gate'), html: '<b>' }, 'Unrecognized key: "html"'],
    ];
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/sites/add'],
        ['PUT', `/api/sites/${a.reply.siteId}`],
      ] as const) {
        const res = await send(t, method, url, a.token, body);
        expect(res.statusCode, `${method} ${message}`).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps markup in names and key information as plain text', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const name = '<img src=x onerror=alert(1)>';
    const res = await send(t, 'POST', '/api/sites/add', a.token, {
      ...siteInput(name),
      keyInfo: '<script>x</script>',
    });
    expect(res.json()).toMatchObject({ name, keyInfo: '<script>x</script>' });
  });
});

describe('signs of a site', () => {
  it('adds a free sticker, moves it to another site, retires it so it resolves to nobody', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Second site'))).json();
    const sticker = await addSticker(t.db);
    const added = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: second.id,
      signRef: sticker.signRef.toLowerCase(),
      prefixNo: sticker.prefixNo.toLowerCase(),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      id: sticker.id,
      siteId: second.id,
      siteName: 'Second site',
      signRef: sticker.signRef,
    });

    const again = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: second.id,
      signRef: sticker.signRef,
      prefixNo: sticker.prefixNo,
    });
    expect(again.statusCode).toBe(409);
    // Already on this company's site: it says which (issue 36).
    expect(again.json().message).toBe('This sticker is already on your site “Second site”.');

    const wrongPrefix = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: second.id,
      signRef: (await addSticker(t.db)).signRef,
      prefixNo: 'ZZZ99999',
    });
    expect(wrongPrefix.statusCode).toBe(400);

    const moved = await send(t, 'PUT', `/api/stickers/site/${sticker.id}`, a.token, {
      action: 'move',
      siteId: a.reply.siteId,
    });
    expect(moved.json()).toMatchObject({
      message: workspaceMessages.stickerMoved,
      sticker: { siteId: a.reply.siteId },
    });
    const firstSigns = await send(t, 'GET', `/api/stickers/siteid/${a.reply.siteId}`, a.token);
    expect(
      firstSigns
        .json()
        .map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([a.sticker.id, sticker.id].sort());
    expect((await send(t, 'GET', `/api/stickers/siteid/${second.id}`, a.token)).json()).toEqual([]);

    const retired = await send(t, 'PUT', `/api/stickers/site/${sticker.id}`, a.token, { action: 'retire' });
    expect(retired.json()).toEqual({ message: workspaceMessages.stickerRetired, sticker: null });
    expect((await send(t, 'GET', `/api/public/sign/${sticker.signRef}`)).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/stickers/${sticker.id}`, a.token)).statusCode).toBe(404);
  });
});
