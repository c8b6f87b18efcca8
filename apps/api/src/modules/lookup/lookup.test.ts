import { lookupMessages, SEARCH_PAGE_SIZE, signLookupReply } from '@app/contract/lookup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenBuckets } from '../../plugins/token-bucket';
import { addSticker, call, register } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

describe('looking up a sign reference', () => {
  it('finds a registered sign typed in lower case without hyphens, with only the relay published', async () => {
    t = await createTestApp();
    const { sticker, body } = await register(t, {
      companyName: 'Harbour Watch Ltd',
      siteName: 'Quay car park',
    });
    const term = sticker.signRef.toLowerCase().replaceAll('-', '');
    const res = await call(t, 'GET', `/api/stickers/search/${term}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: sticker.id,
      signRef: sticker.signRef,
      registered: true,
      scheme: {
        siteId: expect.any(Number),
        operator: 'Harbour Watch Ltd',
        siteName: 'Quay car park',
        town: 'Leeds',
        postcode: 'LS1 9ZQ',
        purpose: body.keyInfo,
        // Signed up with the spec's payload, which does not say: not stated.
        retentionDays: null,
        contact: { phone: null, email: null, address: null, relay: true, contactText: null },
        // The details were typed in at sign-up: registering confirms them, today.
        detailsConfirmedAt: expect.stringMatching(new RegExp(`^${new Date().toISOString().slice(0, 10)}`)),
        mayBeOutOfDate: false,
        signRef: sticker.signRef,
      },
    });
    // The operator's e-mail is not published, so it is nowhere in the answer.
    expect(res.body).not.toContain(body.email);
    // The answer is exactly what its schema lets through (the server sends it unparsed).
    expect(signLookupReply.parse(res.json())).toEqual(res.json());
  });

  it('says when a sign exists but is not registered, and when no sign has the reference', async () => {
    t = await createTestApp();
    const free = await addSticker(t.db);
    const unregistered = await call(t, 'GET', `/api/stickers/search/${free.signRef}`);
    expect(unregistered.json()).toEqual({
      id: free.id,
      signRef: free.signRef,
      registered: false,
      scheme: null,
    });
    expect(signLookupReply.parse(unregistered.json())).toEqual(unregistered.json());

    const missing = await call(t, 'GET', '/api/stickers/search/ZZZZ-ZZZZ-ZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: lookupMessages.notFound });
  });

  it('shows the published channels and a recent confirmation without the out-of-date mark', async () => {
    t = await createTestApp();
    const { sticker, reply } = await register(t);
    await t.db.query(
      `insert into contact_publications (company_id, show_phone, show_email, phone, email, show_relay)
       values ($1, true, false, '0113 496 0999', 'cctv@example.com', true)`,
      [reply.companyId],
    );
    await t.db.query('update sites set details_confirmed_at = now() where id = $1', [reply.siteId]);
    const res = await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`);
    expect(res.json().scheme).toMatchObject({
      contact: { phone: '0113 496 0999', email: null, relay: true },
      mayBeOutOfDate: false,
      detailsConfirmedAt: expect.any(String),
    });
    expect(res.body).not.toContain('cctv@example.com');
    expect(signLookupReply.parse(res.json())).toEqual(res.json());
  });

  it('marks details not confirmed for 13 months as possibly out of date', async () => {
    t = await createTestApp();
    const { sticker, reply } = await register(t);
    await t.db.query(
      `update sites set created_at = now() - interval '2 years',
                        details_confirmed_at = now() - interval '13 months 1 day' where id = $1`,
      [reply.siteId],
    );
    const stale = await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`);
    expect(stale.json().scheme.mayBeOutOfDate).toBe(true);

    await t.db.query(`update sites set details_confirmed_at = now() - interval '12 months' where id = $1`, [
      reply.siteId,
    ]);
    // Changed in the database directly: the cached answer goes when the notification arrives, a
    // moment after the commit on PostgreSQL.
    await vi.waitFor(
      async () => {
        const fresh = await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`);
        expect(fresh.json().scheme.mayBeOutOfDate).toBe(false);
      },
      { timeout: 5000, interval: 20 },
    );
  });
});

describe('searching by name, town or postcode', () => {
  it("gives each company's result only its own company-wide contact settings, never another's", async () => {
    t = await createTestApp();
    // Registered first, so the company with settings is not simply the first row of the search.
    const plain = await register(t, { companyName: 'Whitby Gate Ltd', town: 'Whitby', postcode: 'YO21 1AA' });
    const published = await register(t, {
      companyName: 'Whitby Quay Ltd',
      town: 'Whitby',
      postcode: 'YO21 1AB',
    });
    await t.db.query(
      `insert into contact_publications (company_id, show_phone, show_email, phone, email, show_relay)
       values ($1, true, true, '01947 600 100', 'quay@example.com', false)`,
      [published.reply.companyId],
    );
    const res = await call(t, 'GET', '/api/lookup/search?q=whitby');
    expect(res.statusCode).toBe(200);
    const byOperator = Object.fromEntries(
      res.json().results.map((r: { operator: string; contact: unknown }) => [r.operator, r.contact]),
    );
    expect(Object.keys(byOperator).sort()).toEqual(['Whitby Gate Ltd', 'Whitby Quay Ltd']);
    expect(byOperator['Whitby Quay Ltd']).toMatchObject({
      phone: '01947 600 100',
      email: 'quay@example.com',
      relay: false,
    });
    // The other company published nothing: its result shows nothing of the first company's.
    expect(byOperator['Whitby Gate Ltd']).toMatchObject({ phone: null, email: null, relay: true });
    expect(JSON.stringify(byOperator['Whitby Gate Ltd'])).not.toContain('01947');
    expect(plain.reply.companyId).not.toBe(published.reply.companyId);
  });

  it("shows a site's own published contact; a site without one, its company's, never another site's", async () => {
    t = await createTestApp();
    const a = await register(t, {
      companyName: 'Saltburn Quay Ltd',
      siteName: 'Quay gate',
      town: 'Saltburn',
    });
    const b = await register(t, {
      companyName: 'Saltburn Pier Ltd',
      siteName: 'Pier gate',
      town: 'Saltburn',
    });
    const site = (companyId: number, name: string) =>
      t.db.query(`insert into sites (company_id, name, town) values ($1, $2, 'Saltburn')`, [companyId, name]);
    await site(a.reply.companyId, 'Quay yard');
    await site(b.reply.companyId, 'Pier yard');
    const publish = (companyId: number, siteId: number | null, phone: string) =>
      t.db.query(
        `insert into contact_publications (company_id, site_id, show_phone, phone, show_relay)
         values ($1, $2, true, $3, false)`,
        [companyId, siteId, phone],
      );
    await publish(a.reply.companyId, null, '01287 000 001');
    await publish(a.reply.companyId, a.reply.siteId, '01287 000 002');
    await publish(b.reply.companyId, b.reply.siteId, '01287 000 003');

    const res = await call(t, 'GET', '/api/lookup/search?q=saltburn');
    const phones = Object.fromEntries(
      res
        .json()
        .results.map((r: { siteName: string; contact: { phone: string | null } }) => [
          r.siteName,
          r.contact.phone,
        ]),
    );
    expect(phones).toEqual({
      'Quay gate': '01287 000 002',
      'Quay yard': '01287 000 001',
      'Pier gate': '01287 000 003',
      'Pier yard': null,
    });
  });

  it('reads a term as its words: punctuation ignored, two-letter words kept, single letters dropped, the first six used', async () => {
    t = await createTestApp();
    await register(t, { companyName: 'Ox Camera Guard Patrol Yard Watch', town: 'Thirsk' });
    await register(t, { companyName: 'Ax Camera Guard Patrol Yard Watch', town: 'Thirsk' });
    const operators = async (q: string) =>
      (await call(t, 'GET', `/api/lookup/search?q=${encodeURIComponent(q)}`))
        .json()
        .results.map((r: { operator: string }) => r.operator);
    expect(await operators('ox watch')).toEqual(['Ox Camera Guard Patrol Yard Watch']);
    expect(await operators('(ox) watch, thirsk!')).toEqual(['Ox Camera Guard Patrol Yard Watch']);
    expect(await operators('ox watch a')).toEqual(['Ox Camera Guard Patrol Yard Watch']);
    // A seventh word is not read, whatever it is.
    expect(await operators('ox camera guard patrol yard watch qqqqqq')).toEqual([
      'Ox Camera Guard Patrol Yard Watch',
    ]);
  });

  it('says there is more only when there is: exactly one page full has no next page', async () => {
    t = await createTestApp();
    const { reply } = await register(t, { companyName: 'Quillfield Cameras', siteName: 'Quillfield site 0' });
    const addSites = (from: number, to: number) =>
      t.db.query(
        `insert into sites (company_id, name, town) select $1, 'Quillfield site ' || g, 'Ripon' from generate_series($2::int, $3::int) g`,
        [reply.companyId, from, to],
      );
    await addSites(1, 19);
    const full = (await call(t, 'GET', '/api/lookup/search?q=quillfield')).json();
    expect(full.results).toHaveLength(20);
    expect(full.hasMore).toBe(false);
    await addSites(20, 20);
    expect((await call(t, 'GET', '/api/lookup/search?q=quillfield')).json().hasMore).toBe(true);
  });

  it('may be shared by a CDN for 30 s, filed under the brand, the search and the signs, so any change purges it', async () => {
    t = await createTestApp();
    await register(t, { companyName: 'Kestrel Security', town: 'Bristol' });
    const res = await call(t, 'GET', '/api/lookup/search?q=bristol');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=20');
    expect(String(res.headers['surrogate-key']).split(' ').sort()).toEqual([
      'brand-signs',
      'search',
      'signs',
    ]);
  });

  it('forgives typos in the company name and finds by town and postcode', async () => {
    t = await createTestApp();
    await register(t, { companyName: 'Northern Watch Ltd', town: 'Harrogate', postcode: 'HG1 2AB' });
    await register(t, { companyName: 'Kestrel Security', town: 'Bristol', postcode: 'BS1 4DJ' });

    const typo = await call(t, 'GET', '/api/lookup/search?q=Nothern%20Wach');
    expect(typo.statusCode).toBe(200);
    expect(typo.json().results.map((r: { operator: string }) => r.operator)).toEqual(['Northern Watch Ltd']);

    const misspeltTown = await call(t, 'GET', '/api/lookup/search?q=harogate');
    expect(misspeltTown.json().results.map((r: { operator: string }) => r.operator)).toEqual([
      'Northern Watch Ltd',
    ]);

    const town = await call(t, 'GET', '/api/lookup/search?q=bristol');
    expect(town.json().results.map((r: { operator: string }) => r.operator)).toEqual(['Kestrel Security']);

    const postcode = await call(t, 'GET', '/api/lookup/search?q=hg12ab');
    expect(postcode.json().results.map((r: { operator: string }) => r.operator)).toEqual([
      'Northern Watch Ltd',
    ]);

    const nothing = await call(t, 'GET', '/api/lookup/search?q=zebra%20crossing');
    expect(nothing.json()).toEqual({ results: [], page: 1, hasMore: false });
  });

  it('renamed companies are found by their new name', async () => {
    t = await createTestApp();
    const { reply } = await register(t, { companyName: 'Old Name Ltd' });
    await t.db.query(`update companies set name = 'Lighthouse Guard' where id = $1`, [reply.companyId]);
    const res = await call(t, 'GET', '/api/lookup/search?q=lighthouse');
    expect(res.json().results).toHaveLength(1);
  });

  it('pages 20 at a time, stops at the page cap and refuses short terms', async () => {
    t = await createTestApp();
    const { reply } = await register(t, { companyName: 'Meadow Cameras' });
    await t.db.query(
      `insert into sites (company_id, name, town) select $1, 'Meadow site ' || g, 'Ripon' from generate_series(1, 130) g`,
      [reply.companyId],
    );
    const first = await call(t, 'GET', '/api/lookup/search?q=meadow');
    expect(first.json().results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.json().hasMore).toBe(true);
    const fifth = await call(t, 'GET', '/api/lookup/search?q=meadow&page=5');
    expect(fifth.json()).toMatchObject({ page: 5, hasMore: false });
    expect(fifth.json().results).toHaveLength(SEARCH_PAGE_SIZE);
    const beyond = await call(t, 'GET', '/api/lookup/search?q=meadow&page=6');
    expect(beyond.statusCode).toBe(400);
    const short = await call(t, 'GET', '/api/lookup/search?q=me');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: lookupMessages.termTooShort });
  });

  it('is rate limited per address', async () => {
    // Counted in memory, refilled one a second: a clock that stands still keeps the test exact.
    t = await createTestApp({ publicReads: new TokenBuckets({ now: () => 0 }) });
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await call(t, 'GET', '/api/lookup/search?q=anything', { remoteAddress: '203.0.113.9' }))
        .statusCode;
    }
    expect(last).toBe(429);
    const other = await call(t, 'GET', '/api/lookup/search?q=anything', { remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(200);
  });
});

describe('search records', () => {
  it('stores the term, the sign and the brand, and nothing about the visitor', async () => {
    t = await createTestApp();
    const { sticker } = await register(t);
    const term = sticker.signRef.toLowerCase().replaceAll('-', '');
    const res = await call(t, 'POST', '/api/search-records/add', {
      body: { term, stickerId: sticker.id },
      headers: { host: 'signs.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await t.db.query('select * from search_records');
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        term,
        sticker_id: sticker.id,
        brand: 'signs',
        created_at: expect.any(Date),
      },
    ]);
    // A search that found nothing is recorded without a sign.
    await call(t, 'POST', '/api/search-records/add', { body: { term: 'nothing', stickerId: null } });
    expect(await t.db.query('select sticker_id from search_records where term = $1', ['nothing'])).toEqual([
      { sticker_id: null },
    ]);
  });

  it('counts a look-up for a sign only when the term finds it, once per address per sign per hour', async () => {
    t = await createTestApp();
    const { sticker } = await register(t);
    const other = await addSticker(t.db);
    const counted = async () =>
      (
        await t.db.one<{ n: number }>('select count(*)::int as n from search_records where sticker_id = $1', [
          sticker.id,
        ])
      ).n;
    const post = (body: object, remoteAddress = '203.0.113.5') =>
      call(t, 'POST', '/api/search-records/add', { body, remoteAddress });

    for (const term of ['anything', other.signRef, 'no such sign']) {
      const refused = await post({ term, stickerId: sticker.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: lookupMessages.recordMismatch });
    }
    expect((await post({ term: 'x', stickerId: 999999 })).statusCode).toBe(400);
    expect(await counted()).toBe(0);

    for (let i = 0; i < 20; i++) {
      expect((await post({ term: sticker.signRef, stickerId: sticker.id })).statusCode).toBe(200);
    }
    expect(await counted()).toBe(1);
    expect(
      (await post({ term: sticker.signRef.toLowerCase(), stickerId: sticker.id }, '203.0.113.6')).statusCode,
    ).toBe(200);
    expect(await counted()).toBe(2);

    // One client however its address is written: a /64's addresses and an IPv4-mapped spelling.
    for (const address of ['2001:DB8::7', '2001:db8::7', '2001:db8::1:2:3:4']) {
      expect((await post({ term: sticker.signRef, stickerId: sticker.id }, address)).statusCode).toBe(200);
    }
    expect(await counted()).toBe(3);
    expect(
      (await post({ term: sticker.signRef, stickerId: sticker.id }, '::ffff:203.0.113.5')).statusCode,
    ).toBe(200);
    expect(await counted()).toBe(3);
  });
});
