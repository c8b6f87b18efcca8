import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../db/migrate';
import { addSticker, call, register, signedIn, signUpPayload } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, snapshot } from '../../test/workspace';

// How many days a site's recorder keeps footage is the operator's to say (issue 32, "Footage saved
// before it is overwritten"): never a default shown to the public as if they had said it.

let t: TestApp;
afterEach(() => t?.close());

const publicLookup = async (signRef: string) =>
  (await call(t, 'GET', `/api/stickers/search/${signRef}`)).json().scheme;

describe('retention stated at sign-up', () => {
  it('takes the spec’s payload without it: the site’s retention is not stated, and the public reads null', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    expect(a.body).not.toHaveProperty('retentionDays');
    const row = await t.db.one('select retention_days from sites where id = $1', [a.reply.siteId]);
    expect(row).toEqual({ retention_days: null });
    const site = await send(t, 'GET', `/api/sites/${a.reply.siteId}`, a.token);
    expect(site.json()).toMatchObject({ retentionDays: null });
    expect(await publicLookup(a.sticker.signRef)).toMatchObject({ retentionDays: null });
  });

  it('stores the days the operator gives, and the public reads them', async () => {
    t = await createTestApp();
    const a = await signedIn(t, { retentionDays: 14 });
    const site = await send(t, 'GET', `/api/sites/${a.reply.siteId}`, a.token);
    expect(site.json()).toMatchObject({ retentionDays: 14 });
    expect(await publicLookup(a.sticker.signRef)).toMatchObject({ retentionDays: 14 });
  });

  it('refuses days outside 1 to 3650, or not whole, and registers nothing', async () => {
    t = await createTestApp();
    const cases: [unknown, string][] = [
      [0, 'Recordings are kept for at least 1 day.'],
      [3651, 'Recordings are kept for at most 3650 days.'],
      [1.5, 'Recordings kept: whole days only.'],
      ['14', 'Recordings kept: whole days only.'],
    ];
    for (const [retentionDays, message] of cases) {
      const sticker = await addSticker(t.db);
      const res = await call(t, 'POST', '/api/users/add', {
        body: { ...signUpPayload(sticker), retentionDays },
      });
      expect(res.statusCode, String(retentionDays)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.db.one('select count(*) as sites from sites')).toEqual({ sites: 0 });
  });

  it('takes 1 and 3650 days, the limits', async () => {
    t = await createTestApp();
    for (const days of [1, 3650]) {
      const { reply } = await register(t, { retentionDays: days });
      const row = await t.db.one('select retention_days from sites where id = $1', [reply.siteId]);
      expect(row).toEqual({ retention_days: days });
    }
  });
});

describe('retention asked when a site is added or edited', () => {
  it('refuses a site without it, with a message saying what to enter, and changes nothing', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const before = await snapshot(t);
    const { retentionDays: _left, ...withoutRetention } = siteInput('Gate');
    for (const body of [withoutRetention, { ...withoutRetention, retentionDays: null }]) {
      for (const [method, url] of [
        ['POST', '/api/sites/add'],
        ['PUT', `/api/sites/${a.reply.siteId}`],
      ] as const) {
        const res = await send(t, method, url, a.token, body);
        expect(res.statusCode, `${method} ${'retentionDays' in body ? 'null' : 'left out'}`).toBe(400);
        expect(res.json()).toEqual({ message: 'Enter how many days your recorder keeps footage.' });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('an edit that states it is shown to the public at once, replacing "not stated"', async () => {
    // Look-ups kept in memory for five minutes: the edit shows within a moment only because the
    // change to retention_days notifies every instance (migration 0110's trigger).
    t = await createTestApp({ env: { lookupCacheSeconds: 300 } });
    const a = await signedIn(t);
    // Read once first, so the cached look-up has to be dropped for the edit to show.
    expect(await publicLookup(a.sticker.signRef)).toMatchObject({ retentionDays: null });
    const edited = await send(t, 'PUT', `/api/sites/${a.reply.siteId}`, a.token, {
      ...siteInput('Yard gate'),
      retentionDays: 14,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ retentionDays: 14 });
    await expect.poll(() => publicLookup(a.sticker.signRef)).toMatchObject({ retentionDays: 14 });
    const list = await send(t, 'GET', `/api/sites/company/${a.reply.companyId}`, a.token);
    expect(list.json()).toEqual([expect.objectContaining({ id: a.reply.siteId, retentionDays: 14 })]);

    // Whoever changes it (here a person at a psql prompt), the look-up follows.
    await t.db.query('update sites set retention_days = null where id = $1', [a.reply.siteId]);
    await expect.poll(() => publicLookup(a.sticker.signRef)).toMatchObject({ retentionDays: null });
  });

  it('adds a site with the days given', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const added = await send(t, 'POST', '/api/sites/add', a.token, {
      ...siteInput('Car park'),
      retentionDays: 7,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Car park', retentionDays: 7 });
  });
});

describe('migration 0120: sites saved before retention was asked', () => {
  it('makes a sign-up site still at the old default of 30 "not stated", and keeps every other value', async () => {
    t = await createTestApp();
    const untouched = await register(t);
    const edited = await register(t);
    const a = await signedIn(t);
    const added = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Car park'))).json();
    // As the rows were before 0120: sign-up stored the column's default, 30; an operator had changed one to 14.
    await t.db.query('update sites set retention_days = 30 where id = any($1)', [
      [untouched.reply.siteId, a.reply.siteId],
    ]);
    await t.db.query('update sites set retention_days = 14 where id = $1', [edited.reply.siteId]);

    const sql = await readFile(path.join(migrationsDir, '0120_site_retention_stated.sql'), 'utf8');
    await t.db.exec(sql);

    const rows = await t.db.query<{ id: number; retention_days: number | null }>(
      'select id, retention_days from sites order by id',
    );
    expect(rows).toEqual([
      { id: untouched.reply.siteId, retention_days: null },
      { id: edited.reply.siteId, retention_days: 14 },
      { id: a.reply.siteId, retention_days: null },
      // Added with the site form, which showed the field: kept.
      { id: added.id, retention_days: 30 },
    ]);
    // The check of 1 to 3650 days still holds.
    await expect(t.db.query('update sites set retention_days = 0 where id = $1', [added.id])).rejects.toThrow(
      /sites_retention_days_check/,
    );
  });
});
