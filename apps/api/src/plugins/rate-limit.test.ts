import { messages } from '@app/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { addSticker, call, signedIn, signUpPayload } from '../test/accounts';
import { handClock, refusedFor, repeat, statuses } from '../test/rate-limits';
import { createTestApp, type TestApp } from '../test/test-app';
import { rateLimit } from './rate-limit';
import { TokenBuckets } from './token-bucket';

// Every limit is written here as a number, not read from the code under test: changing one is a
// decision this file records.

let t: TestApp;
afterEach(() => t?.close());

/** A sign-in from an address; with `cookie`, from a browser that has signed in before (decision 0046). */
const login = (userName: string, password: string, remoteAddress: string, cookie?: string) =>
  call(t, 'POST', '/api/users/login', {
    body: { userName, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('rate limits per client address, pinned', () => {
  it('login: 30 requests in 5 minutes from one address, the 31st is refused', async () => {
    t = await createTestApp();
    const spread = await repeat(30, (i) => login(`user${i}`, 'guess', '127.0.3.3'));
    expect(statuses(spread)).toEqual([401]);
    const seconds = refusedFor(await login('one-more', 'guess', '127.0.3.3'));
    expect(seconds).toBeLessThanOrEqual(300);
    expect(seconds).toBeGreaterThan(290);
    expect((await login('one-more', 'guess', '127.0.3.4')).statusCode).toBe(401);
  });

  it('sign-up: 20 in 15 minutes from one address, and 10 for one e-mail from anywhere', async () => {
    t = await createTestApp();
    const none = { signRef: 'NONE-NONE', prefixNo: 'NONE0000' };
    // A sticker of its own each time (none exists), so only the per-address count can refuse.
    const fromOne = (i: number) =>
      call(t, 'POST', '/api/users/add', {
        body: signUpPayload({ signRef: `NONE-${i}`, prefixNo: 'NONE0000' }),
        remoteAddress: '127.0.4.1',
      });
    expect(statuses(await repeat(20, fromOne))).toEqual([200]);
    refusedFor(await fromOne(20));

    const sameEmail = (i: number) =>
      call(t, 'POST', '/api/users/add', {
        body: signUpPayload(none, { email: 'same@example.com' }),
        remoteAddress: `127.0.5.${i + 1}`,
      });
    expect(statuses(await repeat(10, sameEmail))).toEqual([200]);
    const seconds = refusedFor(await sameEmail(100));
    expect(seconds).toBeGreaterThan(890);
  });

  it('sticker check: 30 in 5 minutes from one address', async () => {
    t = await createTestApp();
    const stickers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => addSticker(t.db)));
    // Right prefix numbers, several stickers: only the per-address count can refuse.
    const check = (i: number) => {
      const sticker = stickers[i % stickers.length] as (typeof stickers)[number];
      return call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: sticker.signRef, prefixNo: sticker.prefixNo },
        remoteAddress: '127.0.6.1',
      });
    };
    expect(statuses(await repeat(30, check))).toEqual([200]);
    refusedFor(await check(30));
  });

  it('forgot-password: 10 in 15 minutes from one address; one e-mail from anywhere is never refused', async () => {
    t = await createTestApp();
    const ask = (email: string, remoteAddress: string) =>
      call(t, 'POST', '/api/users/forgot-password', { body: { email }, remoteAddress });
    expect(statuses(await repeat(10, (i) => ask(`person${i}@example.com`, '127.0.7.1')))).toEqual([200]);
    refusedFor(await ask('person10@example.com', '127.0.7.1'));

    // Strangers cannot keep the owner from a link: the mails are capped instead (decision 0044).
    expect(statuses(await repeat(8, (i) => ask('someone@example.com', `127.0.8.${i + 1}`)))).toEqual([200]);
  });

  it('user look-up: 30 for one user name in 5 minutes; resending: 5 for one user name in 15 minutes', async () => {
    t = await createTestApp();
    const lookup = (i: number) =>
      call(t, 'POST', '/api/users/user', {
        body: { userName: 'someone' },
        remoteAddress: `127.0.9.${i + 1}`,
      });
    expect(statuses(await repeat(30, lookup))).toEqual([200]);
    refusedFor(await lookup(200));

    const resend = (i: number) =>
      call(t, 'POST', '/api/users/resend-confirmation', {
        body: { userName: 'someone' },
        remoteAddress: `127.0.10.${i + 1}`,
      });
    expect(statuses(await repeat(5, resend))).toEqual([200]);
    refusedFor(await resend(200));
  });

  it('relay: 5 messages an hour from one address', async () => {
    t = await createTestApp();
    const send = (i: number) =>
      call(t, 'POST', '/api/signs/NO-SUCH-SIGN/contact', {
        body: { name: 'Jo', email: `visitor${i}@example.net`, kind: 'question', message: 'Hello' },
        remoteAddress: '127.0.11.1',
      });
    expect(statuses(await repeat(5, send))).toEqual([404]);
    const seconds = refusedFor(await send(5));
    expect(seconds).toBeGreaterThan(3590);
    expect(seconds).toBeLessThanOrEqual(3600);
  });

  it('search: 60 look-ups a minute from one address, the sign look-up and the scheme search together', async () => {
    // Counted in memory and refilled one a second: a clock that stands still keeps the count exact.
    t = await createTestApp({ publicReads: new TokenBuckets({ now: () => 0 }) });
    const lookUp = (i: number) =>
      i % 2
        ? call(t, 'GET', '/api/stickers/search/NOPE-NOPE', { remoteAddress: '127.0.12.1' })
        : call(t, 'GET', '/api/lookup/search?q=nowhere', { remoteAddress: '127.0.12.1' });
    expect(statuses(await repeat(60, lookUp)).every((s) => s === 200 || s === 404)).toBe(true);
    const seconds = refusedFor(await lookUp(60));
    expect(seconds).toBeLessThanOrEqual(60);
    expect(
      (await call(t, 'GET', '/api/lookup/search?q=nowhere', { remoteAddress: '127.0.12.2' })).statusCode,
    ).toBe(200);
  });
});

describe('wrong guesses never lock the owner out', () => {
  it('ten wrong passwords from ten addresses, then the owner signs in from their own browser at an address of their own', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    const guesses = await repeat(10, (i) => login(userName, `wrong-${i}`, `127.0.1.${i + 1}`));
    expect(statuses(guesses)).toEqual([401]);
    // A browser that has not signed in before now waits (decision 0046); the owner's is heard.
    const ownBrowser = owner.deviceCookie;
    expect((await login(userName, password, '127.0.2.1', ownBrowser)).json()).toMatchObject({
      status: 'success',
    });
    // Spelt another way, the same account.
    expect((await login(userName.toUpperCase(), password, '127.0.2.2', ownBrowser)).statusCode).toBe(200);
  });

  it('one address guessing wrong: 5 tries in 15 minutes, then it waits the time it is told, right password or not', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    const guesses = await repeat(5, (i) => login(userName, `wrong-${i}`, '127.0.1.50'));
    expect(statuses(guesses)).toEqual([401]);
    const refused = await login(userName, password, '127.0.1.50');
    const seconds = refusedFor(refused);
    expect(refused.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    // The wait told is the time left of the counter that refused it.
    const row = await t.db.one<{ left: number }>(
      `select ceil(extract(epoch from (expires_at - now())))::int as left from rate_limits
        where key like 'login-guess:tries:%127.0.1.50'`,
    );
    expect(Math.abs(row.left - seconds)).toBeLessThanOrEqual(1);
    // The owner elsewhere is not affected.
    expect((await login(userName, password, '127.0.1.51')).statusCode).toBe(200);
    // Once that time has passed, the address is heard again.
    await t.db.query("update rate_limits set expires_at = now() - interval '1 second'");
    expect((await login(userName, password, '127.0.1.50')).statusCode).toBe(200);
  });

  it('a right password clears the address’s tries: only failures count', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    const from = '127.0.1.60';
    expect(statuses(await repeat(4, (i) => login(userName, `typo-${i}`, from)))).toEqual([401]);
    expect((await login(userName, password, from)).statusCode).toBe(200);
    expect(statuses(await repeat(5, (i) => login(userName, `typo-${i}`, from)))).toEqual([401]);
    refusedFor(await login(userName, password, from));
  });

  it('after 10 failures on an account, an address that failed on it is refused; a fresh one is heard when the account’s wait has passed', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const { userName, password } = owner.body;
    await repeat(10, (i) => login(userName, `wrong-${i}`, `127.0.1.${100 + i}`));
    // Browsers that have not signed in to the account now take turns (decision 0046): it is one's turn.
    await t.db.query('update sign_in_guards set next_try_at = now()');
    const again = await login(userName, 'another-guess', '127.0.1.100');
    expect(refusedFor(again)).toBeGreaterThan(890);
    expect((await login(userName, 'another-guess', '127.0.1.200')).statusCode).toBe(401);
    const newBrowser = await login(userName, password, '127.0.1.201');
    expect(newBrowser.statusCode).toBe(429);
    expect((await login(userName, password, '127.0.1.201', owner.deviceCookie)).statusCode).toBe(200);
  });

  it('the sticker check: ten wrong prefix numbers from anywhere, then the right one from a fresh address', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db, 'K7QM-3XWD-P9TE', 'KQT40817');
    const spellings = ['K7QM-3XWD-P9TE', 'k7qm3xwdp9te', 'K7QM 3XWD P9TE'];
    const wrong = await repeat(10, (i) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: spellings[i % spellings.length], prefixNo: `AAA0000${i}` },
        remoteAddress: `127.0.13.${i + 1}`,
      }),
    );
    expect(wrong.map((res) => res.json().success)).toEqual(Array(10).fill(false));
    const right = await call(t, 'POST', '/api/stickers/signref', {
      body: { signRef: sticker.signRef, prefixNo: sticker.prefixNo },
      remoteAddress: '127.0.14.1',
    });
    expect(right.json()).toMatchObject({ success: true });

    // However it is spelt, it is one sticker: an address that guessed wrong 5 times waits.
    await addSticker(t.db, 'M4RN-8HQC-2VXA', 'MRN55555');
    const other = ['M4RN-8HQC-2VXA', 'm4rn8hqc2vxa', 'M4RN 8HQC 2VXA'];
    const guess = (i: number) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: other[i % other.length], prefixNo: `BBB0000${i}` },
        remoteAddress: '127.0.14.9',
      });
    expect(statuses(await repeat(5, guess))).toEqual([200]);
    refusedFor(await guess(5));
  });

  it('sign-up counts wrong prefix numbers as the sticker check does', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const signUp = (prefixNo: string, remoteAddress: string) =>
      call(t, 'POST', '/api/users/add', { body: signUpPayload({ ...sticker, prefixNo }), remoteAddress });
    const wrong = await repeat(5, (i) => signUp(`WRONG00${i}`, '127.0.17.1'));
    expect(wrong.map((res) => res.json().message)).toEqual(Array(5).fill(messages.server.stickerNotFound));
    refusedFor(await signUp('WRONG009', '127.0.17.1'));
    expect((await signUp(sticker.prefixNo, '127.0.17.2')).json()).toMatchObject({ success: true });
  });

  it('adding a sticker to a site counts wrong prefix numbers the same way', async () => {
    t = await createTestApp();
    const owner = await signedIn(t);
    const sticker = await addSticker(t.db);
    const add = (prefixNo: string, remoteAddress: string) =>
      call(t, 'POST', '/api/stickers/site/signRef', {
        token: owner.token,
        body: { siteId: owner.reply.siteId, signRef: sticker.signRef, prefixNo },
        remoteAddress,
      });
    const wrong = await repeat(5, (i) => add(`WRONG00${i}`, '127.0.15.1'));
    expect(statuses(wrong)).toEqual([400]);
    refusedFor(await add(sticker.prefixNo, '127.0.15.1'));
    expect((await add(sticker.prefixNo, '127.0.15.2')).statusCode).toBe(200);
  });
});

describe('the counters', () => {
  it('with RATE_LIMITS=off (load tests only) nothing is counted or refused', async () => {
    t = await createTestApp({ env: { rateLimits: 'off' } });
    const answers = await repeat(35, () => login('victim', 'guess', '127.0.0.1'));
    expect(statuses(answers)).toEqual([401]);
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });

  it('are in the database: a second instance on it sees them, and a new window starts afresh', async () => {
    t = await createTestApp();
    const other = await buildApp({ env: t.env, db: t.db, logger: false });
    try {
      const ask = (app: typeof other, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: `person${i}@example.com` },
          remoteAddress: '10.7.7.7',
        });
      const answers = await repeat(10, (i) => ask(i % 2 ? other : t.app, i));
      expect(statuses(answers)).toEqual([200]);
      expect((await ask(other, 10)).statusCode).toBe(429);
      expect((await ask(t.app, 11)).statusCode).toBe(429);

      await t.db.query("update rate_limits set expires_at = now() - interval '1 second'");
      expect((await ask(other, 12)).statusCode).toBe(200);
      const row = await t.db.one<{ count: number }>(
        "select count from rate_limits where key like '%address:10.7.7.7'",
      );
      expect(row.count).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("a route's own limit keeps its count in the database, and says the wait", async () => {
    t = await createTestApp();
    t.app.get(
      '/api/test/limited',
      { preHandler: rateLimit({ name: 'test-limited', perAddress: { max: 2, windowMs: 60_000 } }) },
      async () => ({ ok: true }),
    );
    const answers = await repeat(3, () => t.app.inject({ method: 'GET', url: '/api/test/limited' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    refusedFor(answers[2] as LightMyRequestResponse);
    const rows = await t.db.query<{ key: string; count: number }>('select key, count from rate_limits');
    expect(rows).toEqual([{ key: 'test-limited:address:127.0.0.1', count: 3 }]);
  });
});

/** The database as the app sees it, counting every statement the app sends. */
function countingDb(db: Db) {
  const counter = { statements: 0, wrapped: db };
  counter.wrapped = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (['query', 'one', 'maybeOne', 'exec', 'transaction'].includes(String(property))) {
          counter.statements += 1;
        }
        return value.apply(target, args);
      };
    },
  });
  return counter;
}

describe('public reads, counted in memory per instance', () => {
  it('sign look-up: 60 at once from one address, then one a second; nothing written, and a 429 costs no statement', async () => {
    const clock = handClock();
    let counter: ReturnType<typeof countingDb> | undefined;
    t = await createTestApp({
      publicReads: new TokenBuckets({ now: clock.now }),
      wrapDb: (db) => {
        counter = countingDb(db);
        return counter.wrapped;
      },
    });
    const sticker = await addSticker(t.db);
    const lookUp = (remoteAddress = '198.51.100.7') =>
      call(t, 'GET', `/api/stickers/search/${sticker.signRef}`, { remoteAddress });
    expect(statuses(await repeat(60, () => lookUp()))).toEqual([200]);

    const before = counter?.statements ?? Number.NaN;
    const refused = await lookUp();
    expect(refusedFor(refused)).toBe(1);
    expect(counter?.statements).toBe(before);
    expect((await lookUp('198.51.100.8')).statusCode).toBe(200);

    clock.ms += 1000;
    expect((await lookUp()).statusCode).toBe(200);
    expect((await lookUp()).statusCode).toBe(429);
    clock.ms += 60_000;
    expect(statuses(await repeat(60, () => lookUp()))).toEqual([200]);
    expect((await lookUp()).statusCode).toBe(429);
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });

  it('scheme search shares the look-up count of the address', async () => {
    t = await createTestApp({ publicReads: new TokenBuckets({ now: handClock().now }) });
    const search = () => call(t, 'GET', '/api/lookup/search?q=anything', { remoteAddress: '198.51.100.9' });
    const sticker = await addSticker(t.db);
    const lookUp = () =>
      call(t, 'GET', `/api/stickers/search/${sticker.signRef}`, { remoteAddress: '198.51.100.9' });
    expect(statuses(await repeat(30, search))).toEqual([200]);
    expect(statuses(await repeat(30, lookUp))).toEqual([200]);
    refusedFor(await search());
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });

  it('content, catalogue and the web pages: 300 at once from one address, counted together, in memory', async () => {
    t = await createTestApp({ publicReads: new TokenBuckets({ now: handClock().now }) });
    const get = (url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'dvr.localhost:3000' },
        remoteAddress: '198.51.100.20',
      });
    expect(statuses(await repeat(100, () => get('/api/dvrs')))).toEqual([200]);
    expect(statuses(await repeat(100, () => get('/api/downloads/signs')))).toEqual([200]);
    expect(statuses(await repeat(100, () => get('/')))).toEqual([200]);
    refusedFor(await get('/api/dvrs'));
    refusedFor(await get('/about'));
    // The files of the web build are not counted.
    expect((await get('/robots.txt')).statusCode).toBe(200);
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });

  it('each instance counts its own: a second instance on the same database still answers', async () => {
    const clock = handClock();
    t = await createTestApp({ publicReads: new TokenBuckets({ now: clock.now }) });
    const other = await buildApp({
      env: t.env,
      db: t.db,
      logger: false,
      publicReads: new TokenBuckets({ now: clock.now }),
    });
    try {
      const search = (app: typeof other) =>
        app.inject({ method: 'GET', url: '/api/lookup/search?q=anything', remoteAddress: '198.51.100.30' });
      expect(statuses(await repeat(60, () => search(t.app)))).toEqual([200]);
      expect((await search(t.app)).statusCode).toBe(429);
      expect((await search(other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('a flood of forwarded addresses keeps at most 10000 in memory, forgetting the least recently seen', async () => {
    t = await createTestApp({
      env: { trustProxy: ['127.0.0.1'] },
      publicReads: new TokenBuckets({ now: handClock().now }),
    });
    t.app.get('/api/test/read', { config: { auth: 'public' } }, async () => ({ ok: true }));
    const read = (address: string) =>
      t.app.inject({ method: 'GET', url: '/api/test/read', headers: { 'x-forwarded-for': address } });
    expect(statuses(await repeat(300, () => read('203.0.113.1')))).toEqual([200]);
    expect((await read('203.0.113.1')).statusCode).toBe(429);

    const flood = await repeat(10_000, (i) => read(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
    expect(statuses(flood)).toEqual([200]);
    expect(t.app.publicReads.size).toBe(10_000);
    // The first address was the least recently seen: forgotten, it starts again with a full bucket.
    expect((await read('203.0.113.1')).statusCode).toBe(200);
    expect(t.app.publicReads.size).toBe(10_000);
  });
});

describe('one client, however its address is written (IPv6 counted by its /64)', () => {
  const lookUpFrom = (signRef: string) => (remoteAddress: string) =>
    call(t, 'GET', `/api/stickers/search/${signRef}`, { remoteAddress });

  it('public reads: 2001:DB8::7, 2001:db8::7 and the /64 siblings of 2001:db8::1:2:3:4 share one bucket of 60', async () => {
    t = await createTestApp({ publicReads: new TokenBuckets({ now: handClock().now }) });
    const lookUp = lookUpFrom((await addSticker(t.db)).signRef);
    expect(statuses(await repeat(20, () => lookUp('2001:DB8::7')))).toEqual([200]);
    expect(statuses(await repeat(20, () => lookUp('2001:db8::7')))).toEqual([200]);
    expect(statuses(await repeat(20, (i) => lookUp(`2001:db8::${i + 5}:2:3:4`)))).toEqual([200]);
    refusedFor(await lookUp('2001:db8::1:2:3:4'));
    // Another /64 is another client.
    expect((await lookUp('2001:db8:0:1::7')).statusCode).toBe(200);
  });

  it('public reads: ::ffff:10.200.0.1 is 10.200.0.1, directly or forwarded', async () => {
    t = await createTestApp({
      env: { trustProxy: ['127.0.0.1'] },
      publicReads: new TokenBuckets({ now: handClock().now }),
    });
    const { signRef } = await addSticker(t.db);
    const forwarded = (address: string) =>
      call(t, 'GET', `/api/stickers/search/${signRef}`, { headers: { 'x-forwarded-for': address } });
    expect(statuses(await repeat(30, () => forwarded('::ffff:10.200.0.1')))).toEqual([200]);
    expect(statuses(await repeat(30, () => forwarded('10.200.0.1')))).toEqual([200]);
    refusedFor(await forwarded('::FFFF:10.200.0.1'));
    expect((await forwarded('10.200.0.2')).statusCode).toBe(200);
  });

  it('writes: login counts 30 in 5 minutes for the whole /64 and for both spellings of an IPv4 address', async () => {
    t = await createTestApp();
    const fromSiblings = await repeat(30, (i) => login(`user${i}`, 'guess', `2001:db8::${i + 1}:2:3:4`));
    expect(statuses(fromSiblings)).toEqual([401]);
    refusedFor(await login('one-more', 'guess', '2001:DB8::7'));
    expect((await login('one-more', 'guess', '2001:db8:0:1::7')).statusCode).toBe(401);

    expect(statuses(await repeat(15, (i) => login(`v4user${i}`, 'guess', '::ffff:10.200.0.1')))).toEqual([
      401,
    ]);
    expect(statuses(await repeat(15, (i) => login(`v4other${i}`, 'guess', '10.200.0.1')))).toEqual([401]);
    refusedFor(await login('one-more', 'guess', '::ffff:10.200.0.1'));
  });

  it('RATE_LIMIT_IPV6_PREFIX=128 counts each IPv6 address alone, still in one spelling', async () => {
    t = await createTestApp({
      env: { rateLimitIpv6Prefix: 128 },
      publicReads: new TokenBuckets({ now: handClock().now }),
    });
    const lookUp = lookUpFrom((await addSticker(t.db)).signRef);
    expect(statuses(await repeat(30, () => lookUp('2001:DB8::7')))).toEqual([200]);
    expect(statuses(await repeat(30, () => lookUp('2001:db8::7')))).toEqual([200]);
    refusedFor(await lookUp('2001:db8:0:0:0:0:0:7'));
    expect((await lookUp('2001:db8::8')).statusCode).toBe(200);
  });
});

describe('tries at mailed links: per address, in memory, refused before any database work', () => {
  it('e-mail change confirm and cancel, and invitations: 10 in 15 minutes from one address, together', async () => {
    const clock = handClock();
    let counter: ReturnType<typeof countingDb> | undefined;
    t = await createTestApp({
      publicReads: new TokenBuckets({ now: clock.now }),
      wrapDb: (db) => {
        counter = countingDb(db);
        return counter.wrapped;
      },
    });
    const guess = `${'x'.repeat(40)}`;
    const from = { remoteAddress: '198.51.100.40' };
    const confirm = () => call(t, 'POST', '/api/account/email/confirm', { body: { token: guess }, ...from });
    const cancel = () => call(t, 'POST', '/api/account/email/cancel', { body: { token: guess }, ...from });
    const invitation = () => call(t, 'GET', `/api/company/invitations/${guess}`, from);
    const tries = [confirm, cancel, invitation];
    expect(statuses(await repeat(10, (i) => [confirm, cancel, invitation][i % 3]?.() ?? confirm()))).toEqual([
      400,
    ]);
    const before = counter?.statements ?? Number.NaN;
    for (const tryOne of tries) refusedFor(await tryOne());
    const accept = await call(t, 'POST', '/api/company/invitations/accept', {
      body: { token: guess, userName: 'guesser', password: 'a long password', firstname: 'A', surname: 'B' },
      remoteAddress: '198.51.100.40',
    });
    refusedFor(accept);
    // Refused without a statement: nothing written, nothing read.
    expect(counter?.statements).toBe(before);
    // Another address is heard; the bucket refills over 15 minutes.
    expect((await confirm()).statusCode).toBe(429);
    const other = await call(t, 'POST', '/api/account/email/confirm', {
      body: { token: guess },
      remoteAddress: '198.51.100.41',
    });
    expect(other.statusCode).toBe(400);
    clock.ms += 90_000;
    expect((await confirm()).statusCode).toBe(400);
  });
});

describe('token buckets', () => {
  it('drops buckets that have refilled, once a minute', () => {
    const clock = handClock();
    const buckets = new TokenBuckets({ now: clock.now });
    const size = { max: 10, windowMs: 10_000 };
    for (const key of ['a', 'b', 'c']) expect(buckets.take(key, size)).toBe(0);
    clock.ms = 5_000;
    expect(buckets.take('d', size)).toBe(0);
    expect(buckets.size).toBe(4);
    // Each is full again a second after its token was taken, but nothing is swept before a minute.
    clock.ms = 59_999;
    expect(buckets.take('e', size)).toBe(0);
    expect(buckets.size).toBe(5);
    clock.ms = 60_000;
    expect(buckets.take('f', size)).toBe(0);
    // e, taken a millisecond before the sweep, is not full yet.
    expect(buckets.size).toBe(2);
  });

  it('says how long until the next token', () => {
    const clock = handClock();
    const buckets = new TokenBuckets({ now: clock.now });
    const size = { max: 2, windowMs: 60_000 };
    expect([buckets.take('k', size), buckets.take('k', size), buckets.take('k', size)]).toEqual([
      0, 0, 30_000,
    ]);
    clock.ms = 20_000;
    expect(buckets.take('k', size)).toBe(10_000);
    clock.ms = 30_000;
    expect(buckets.take('k', size)).toBe(0);
  });
});
