import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { openPostgres } from '../../db/postgres';
import { addSticker, call, type Registered, signedIn, signUpPayload } from '../../test/accounts';
import { createTestApp, type TestApp, testEnv } from '../../test/test-app';
import { createPostgresTestDatabase, type TestDatabase, testDbKind } from '../../test/test-db';
import { send, siteInput } from '../../test/workspace';
import { SignLookupCache } from './cache';
import type { SignLookup } from './repository';

// The look-up is kept in memory for LOOKUP_CACHE_SECONDS; these tests keep it five minutes, so an
// answer that changes within a moment of a write changed because the write emptied the cache.

let t: TestApp;
let statements = 0;
afterEach(() => t?.close());

/** An app whose sign look-up statements are counted. */
async function countingApp(lookupCacheSeconds = 300): Promise<TestApp> {
  statements = 0;
  return createTestApp({
    env: { lookupCacheSeconds },
    wrapDb: (db): Db => ({
      ...db,
      prepared: <T>(name: string, sql: string, params: readonly unknown[]) => {
        if (name.startsWith('sign_lookup')) statements += 1;
        return db.prepared<T>(name, sql, params);
      },
    }),
  });
}

const lookUp = (app: TestApp, signRef: string, headers: Record<string, string> = {}) =>
  call(app, 'GET', `/api/stickers/search/${signRef}`, { headers });

/** The look-up shows the change within a moment (a notification's delivery), long before the cache's five minutes. */
async function seesAtOnce(app: TestApp, signRef: string, check: (reply: LightMyRequestResponse) => void) {
  await vi.waitFor(async () => check(await lookUp(app, signRef)), { timeout: 5000, interval: 20 });
}

const scheme = (reply: LightMyRequestResponse) => reply.json().scheme;

describe('the sign look-up cache', () => {
  it('answers repeat look-ups from memory, with the same ETag, and a 304 to a browser that holds it', async () => {
    t = await countingApp();
    const a = await signedIn(t);
    const first = await lookUp(t, a.sticker.signRef);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    // Typed another way, it is the same sign and the same answer.
    const again = await lookUp(t, a.sticker.signRef.toLowerCase().replaceAll('-', ' '));
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(statements).toBe(1);

    const revalidated = await lookUp(t, a.sticker.signRef, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control']);

    const other = await lookUp(t, a.sticker.signRef, { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('with LOOKUP_CACHE_SECONDS=0 every look-up asks the database', async () => {
    t = await countingApp(0);
    const a = await signedIn(t);
    for (let i = 0; i < 3; i += 1) expect((await lookUp(t, a.sticker.signRef)).statusCode).toBe(200);
    expect(statements).toBe(3);
  });

  it('keeps nothing about unknown references, and what is not found or refused is kept by nobody', async () => {
    t = await countingApp();
    const missing = await lookUp(t, 'ZZZZ-0000-ZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    // A sticker issued after the miss is found at once.
    const issued = await addSticker(t.db, 'ZZZZ-0000-ZZZZ');
    expect((await lookUp(t, 'ZZZZ-0000-ZZZZ')).json()).toMatchObject({ id: issued.id, registered: false });
  });

  it('signed-in answers are private, no-store', async () => {
    t = await countingApp();
    const a = await signedIn(t);
    const sites = await send(t, 'GET', `/api/sites/company/${a.reply.companyId}`, a.token);
    expect(sites.statusCode).toBe(200);
    expect(sites.headers['cache-control']).toBe('private, no-store');
    expect(sites.headers.etag).toBeUndefined();
  });

  it("a change to one company's sign leaves another company's sign as it was, served from memory", async () => {
    t = await countingApp();
    const a = await signedIn(t, { companyName: 'Alpha Watch Ltd' });
    const b = await signedIn(t, { companyName: 'Bravo Guard Ltd' });
    expect(scheme(await lookUp(t, a.sticker.signRef)).operator).toBe('Alpha Watch Ltd');
    expect(scheme(await lookUp(t, b.sticker.signRef)).operator).toBe('Bravo Guard Ltd');
    const warm = statements;

    const renamed = await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, {
      name: 'Alpha Renamed Ltd',
    });
    expect(renamed.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) => expect(scheme(r).operator).toBe('Alpha Renamed Ltd'));
    const bravo = await lookUp(t, b.sticker.signRef);
    expect(scheme(bravo).operator).toBe('Bravo Guard Ltd');
    expect(bravo.body).not.toContain('Alpha');
    // Alpha's sign was read again; Bravo's still came from memory.
    expect(statements).toBe(warm + 1);
  });
});

describe('every change to what a look-up shows is seen at once', () => {
  async function warm(): Promise<Registered & { token: string }> {
    t = await countingApp();
    const a = await signedIn(t);
    expect((await lookUp(t, a.sticker.signRef)).statusCode).toBe(200);
    return a;
  }

  it('sign-up registers a sign that was looked up while free', async () => {
    t = await countingApp();
    const sticker = await addSticker(t.db);
    expect((await lookUp(t, sticker.signRef)).json()).toMatchObject({ registered: false, scheme: null });
    const body = signUpPayload(sticker, { companyName: 'Newly Registered Ltd' });
    expect((await call(t, 'POST', '/api/users/add', { body })).json()).toMatchObject({ success: true });
    await seesAtOnce(t, sticker.signRef, (r) =>
      expect(r.json()).toMatchObject({ registered: true, scheme: { operator: 'Newly Registered Ltd' } }),
    );
  });

  it('a site edit', async () => {
    const a = await warm();
    const edited = await send(t, 'PUT', `/api/sites/${a.reply.siteId}`, a.token, {
      ...siteInput('Renamed gate'),
      postcode: 'LS9 8AB',
    });
    expect(edited.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(scheme(r)).toMatchObject({ siteName: 'Renamed gate', postcode: 'LS9 8AB', town: 'Leeds' }),
    );
  });

  it("a site's details confirmed", async () => {
    t = await countingApp();
    const a = await signedIn(t);
    await t.db.query(
      `update sites set created_at = now() - interval '2 years', details_confirmed_at = now() - interval '2 years'
        where id = $1`,
      [a.reply.siteId],
    );
    expect(scheme(await lookUp(t, a.sticker.signRef)).mayBeOutOfDate).toBe(true);
    const confirmed = await send(t, 'POST', `/api/sites/${a.reply.siteId}/confirm`, a.token);
    expect(confirmed.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) => expect(scheme(r).mayBeOutOfDate).toBe(false));
  });

  it('a free sign added to a new site', async () => {
    const a = await warm();
    const site = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Loading bay'))).json();
    const sticker = await addSticker(t.db);
    expect((await lookUp(t, sticker.signRef)).json()).toMatchObject({ registered: false });
    const added = await send(t, 'POST', '/api/stickers/site/signRef', a.token, {
      siteId: site.id,
      signRef: sticker.signRef,
      prefixNo: sticker.prefixNo,
    });
    expect(added.statusCode).toBe(200);
    await seesAtOnce(t, sticker.signRef, (r) =>
      expect(r.json()).toMatchObject({ registered: true, scheme: { siteName: 'Loading bay' } }),
    );
  });

  it('a sign moved to another site, then retired', async () => {
    const a = await warm();
    const site = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back door'))).json();
    const path = `/api/stickers/site/${a.sticker.id}`;
    expect((await send(t, 'PUT', path, a.token, { action: 'move', siteId: site.id })).statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) => expect(scheme(r).siteName).toBe('Back door'));
    expect((await send(t, 'PUT', path, a.token, { action: 'retire' })).statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(r.json()).toMatchObject({ registered: false, scheme: null }),
    );
  });

  it("the company's published contact, a site's own, and the site following the company again", async () => {
    const a = await warm();
    const settings = {
      showPhone: true,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      phone: '0113 496 0000',
      email: 'office@example.com',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    };
    const company = await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: null, ...settings });
    expect(company.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(scheme(r).contact).toMatchObject({ phone: '0113 496 0000', email: null }),
    );
    const own = { siteId: a.reply.siteId, ...settings, showPhone: false, showEmail: true };
    expect((await send(t, 'PUT', '/api/contact/publication', a.token, own)).statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(scheme(r).contact).toMatchObject({ phone: null, email: 'office@example.com' }),
    );
    const back = await send(t, 'DELETE', `/api/contact/publication/site/${a.reply.siteId}`, a.token);
    expect(back.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(scheme(r).contact).toMatchObject({ phone: '0113 496 0000', email: null }),
    );
  });

  it("the company's name", async () => {
    const a = await warm();
    const renamed = await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, {
      name: 'Renamed Ltd',
    });
    expect(renamed.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) => expect(scheme(r).operator).toBe('Renamed Ltd'));
  });

  it('the account deleted with its company', async () => {
    const a = await warm();
    const deleted = await send(t, 'POST', '/api/account/delete', a.token, {
      password: a.body.password,
      confirm: 'DELETE',
    });
    expect(deleted.statusCode).toBe(200);
    await seesAtOnce(t, a.sticker.signRef, (r) =>
      expect(r.json()).toMatchObject({ registered: false, scheme: null }),
    );
  });

  it("the visitor's page GET /api/public/sign/:signRef comes from the same look-up", async () => {
    const a = await warm();
    const page = await call(t, 'GET', `/api/public/sign/${a.sticker.signRef}`);
    expect(page.json()).toMatchObject({ operator: a.body.companyName, site: a.body.siteName });
    expect(page.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
    expect(statements).toBe(1);
    await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, { name: 'Page Renamed Ltd' });
    await vi.waitFor(
      async () =>
        expect((await call(t, 'GET', `/api/public/sign/${a.sticker.signRef}`)).json().operator).toBe(
          'Page Renamed Ltd',
        ),
      { timeout: 5000, interval: 20 },
    );
  });
});

/** A sign as the look-up finds it: S<id>, of company `companyId`, without a scheme. */
const sign = (id: number, companyId: number | null = 1): SignLookup => ({
  id,
  signRef: `S${id}`,
  companyId,
  scheme: null,
});

describe('SignLookupCache', () => {
  it('keeps at most 10,000 signs, forgetting the least recently used', async () => {
    const cache = new SignLookupCache({ ttlMs: 60_000 });
    cache.setListening(true);
    let loads = 0;
    const load = async (term: string) => {
      loads += 1;
      return sign(Number(term.slice(1)));
    };
    for (let i = 1; i <= 10_000; i += 1) await cache.find(`S${i}`, load);
    await cache.find('S1', load);
    await cache.find('S10001', load);
    expect(cache.size).toBe(10_000);
    loads = 0;
    await cache.find('S1', load);
    expect(loads).toBe(0);
    await cache.find('S2', load);
    expect(loads).toBe(1);
  });

  it('forgets a sign after its time, and keeps nothing while changes cannot be heard', async () => {
    let now = 0;
    const cache = new SignLookupCache({ ttlMs: 30_000, now: () => now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return sign(1);
    };
    await cache.find('S1', load);
    await cache.find('S1', load);
    expect(loads).toBe(2);
    cache.setListening(true);
    await cache.find('S1', load);
    now = 29_999;
    await cache.find('S1', load);
    expect(loads).toBe(3);
    now = 30_000;
    await cache.find('S1', load);
    expect(loads).toBe(4);
    cache.setListening(false);
    await cache.find('S1', load);
    expect(loads).toBe(5);
  });

  it('does not keep an answer read before a change it had not seen', async () => {
    const cache = new SignLookupCache({ ttlMs: 60_000 });
    cache.setListening(true);
    let release: (value: SignLookup) => void = () => undefined;
    const slow = cache.find('S1', () => new Promise<SignLookup>((resolve) => (release = resolve)));
    cache.invalidate('c:1');
    release(sign(1));
    await slow;
    let loads = 0;
    await cache.find('S1', async () => {
      loads += 1;
      return sign(1);
    });
    expect(loads).toBe(1);
  });
});

describe('SignLookupCache: loads and changes', () => {
  /** A load the test answers by hand, counting how many were started. */
  function handLoads() {
    const started: ((value: SignLookup) => void)[] = [];
    const load = () =>
      new Promise<SignLookup>((resolve) => {
        started.push(resolve);
      });
    return { started, load };
  }

  it('a burst of look-ups of one sign shares one load; while changes cannot be heard, each asks for itself', async () => {
    const cache = new SignLookupCache({ ttlMs: 60_000 });
    const unheard = handLoads();
    const alone = [cache.find('S1', unheard.load), cache.find('s-1', unheard.load)];
    expect(unheard.started).toHaveLength(2);
    for (const resolve of unheard.started) resolve(sign(1));
    await Promise.all(alone);

    cache.setListening(true);
    const heard = handLoads();
    const burst = [cache.find('S1', heard.load), cache.find('s1', heard.load), cache.find('S-1', heard.load)];
    expect(heard.started).toHaveLength(1);
    heard.started[0]?.(sign(1));
    expect((await Promise.all(burst)).map((found) => found?.sign.id)).toEqual([1, 1, 1]);
  });

  it('a look-up asked after a change shares the load started after it, even once an older load ends', async () => {
    const cache = new SignLookupCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const loads = handLoads();
    const before = cache.find('S1', loads.load);
    cache.invalidate('k:S1');
    const after = cache.find('S1', loads.load);
    expect(loads.started).toHaveLength(2);
    loads.started[0]?.(sign(1));
    await before;
    const later = cache.find('S1', loads.load);
    expect(loads.started).toHaveLength(2);
    loads.started[1]?.(sign(1));
    expect((await Promise.all([after, later])).map((found) => found?.sign.id)).toEqual([1, 1]);
  });

  /** A cache holding S1 and S2 (company 1), S12 (company 12) and S3 (company 2); which it still holds after `payload`. */
  async function keptAfter(payload: string): Promise<string[]> {
    const cache = new SignLookupCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const companies: Record<string, number> = { S1: 1, S2: 1, S12: 12, S3: 2 };
    const load = async (term: string) => sign(Number(term.slice(1)), companies[term]);
    for (const term of Object.keys(companies)) await cache.find(term, load);
    cache.invalidate(payload);
    const kept: string[] = [];
    for (const term of Object.keys(companies)) {
      let asked = false;
      await cache.find(term, async (t) => {
        asked = true;
        return load(t);
      });
      if (!asked) kept.push(term);
    }
    return kept;
  }

  it.each([
    ['k:S2', 'one sign: only that one goes', ['S1', 'S12', 'S3']],
    ['c:1', 'a company: only its signs go', ['S12', 'S3']],
    ['c:12', 'a company with a longer id: only its signs go', ['S1', 'S2', 'S3']],
    ['', 'anything else: every sign goes', []],
    ['xc:1', 'a company id not at the start: every sign goes', []],
    ['c:1x', 'a company id followed by more: every sign goes', []],
    ['k', 'a sign without a key: every sign goes', []],
  ])('a change announced as "%s" (%s)', async (payload, _what, kept) => {
    expect(await keptAfter(payload)).toEqual(kept);
  });
});

describe.runIf(testDbKind() === 'postgres')('two instances on one PostgreSQL database', () => {
  let database: TestDatabase | undefined;
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await database?.drop();
  });

  async function instance(url: string): Promise<TestApp> {
    const env = testEnv({ lookupCacheSeconds: 300 });
    const pool = openPostgres({ connectionString: url, max: 3 });
    const db: Db = {
      ...pool,
      prepared: <T>(name: string, sql: string, params: readonly unknown[]) => {
        if (name.startsWith('sign_lookup')) statements += 1;
        return pool.prepared<T>(name, sql, params);
      },
    };
    const app = await buildApp({ env, db, logger: false });
    await app.ready();
    const close = async () => {
      await app.close();
      await db.close();
    };
    const running = { app, db, env, close };
    apps.push(running);
    return running;
  }

  it('while the connection that hears changes is lost nothing is served from memory, and after it is back changes are heard', async () => {
    database = await createPostgresTestDatabase();
    const a = await instance(database.url);
    const operator = await signedIn(a, { companyName: 'Reconnecting Ltd' });
    const ref = operator.sticker.signRef;
    statements = 0;
    await lookUp(a, ref);
    await lookUp(a, ref);
    expect(statements).toBe(1);

    const ended = await a.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen sign_lookup'`,
    );
    expect(ended).toHaveLength(1);
    // Lost: each look-up asks the database (once the instance has noticed, which a busy machine
    // may take a while to tell it).
    await vi.waitFor(
      async () => {
        const before = statements;
        await lookUp(a, ref);
        expect(statements).toBe(before + 1);
      },
      { timeout: 15_000, interval: 50 },
    );
    // Back: kept again (a look-up right after another costs no statement), and a change is heard.
    await vi.waitFor(
      async () => {
        await lookUp(a, ref);
        const before = statements;
        await lookUp(a, ref);
        expect(statements).toBe(before);
      },
      { timeout: 15_000, interval: 50 },
    );
    await send(a, 'PUT', `/api/company/${operator.reply.companyId}`, operator.token, {
      name: 'Heard Again Ltd',
    });
    await seesAtOnce(a, ref, (r) => expect(scheme(r).operator).toBe('Heard Again Ltd'));
  }, 60_000);

  it("a change through one instance is seen by the other's look-up at once", async () => {
    database = await createPostgresTestDatabase();
    const a = await instance(database.url);
    const b = await instance(database.url);
    const operator = await signedIn(a, { companyName: 'Two Instance Ltd' });
    expect(scheme(await lookUp(b, operator.sticker.signRef)).operator).toBe('Two Instance Ltd');
    const renamed = await send(a, 'PUT', `/api/company/${operator.reply.companyId}`, operator.token, {
      name: 'Seen Everywhere Ltd',
    });
    expect(renamed.statusCode).toBe(200);
    await seesAtOnce(b, operator.sticker.signRef, (r) =>
      expect(scheme(r).operator).toBe('Seen Everywhere Ltd'),
    );
    const retired = await send(a, 'PUT', `/api/stickers/site/${operator.sticker.id}`, operator.token, {
      action: 'retire',
    });
    expect(retired.statusCode).toBe(200);
    await seesAtOnce(b, operator.sticker.signRef, (r) =>
      expect(r.json()).toMatchObject({ registered: false }),
    );
  });
});
