import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSticker, call, signUpPayload } from '../test/accounts';
import { logCapture } from '../test/log-capture';
import { handClock, refusedFor, repeat, statuses } from '../test/rate-limits';
import { createTestApp, type TestApp } from '../test/test-app';
import { bodyField, clearCount, countInDatabase, rateLimit } from './rate-limit';
import { TokenBuckets } from './token-bucket';

// The edges of the counting itself: what is counted when, what a refusal says and logs, and what
// RATE_LIMITS=off leaves alone. Numbers are written here, not read from the code under test.

let t: TestApp;
afterEach(() => t?.close());

/** Public reads on a clock that stands still: a bucket never refills during the test. */
const stillClock = () => new TokenBuckets({ now: () => 0 });

describe('what is counted, and when', () => {
  it('a flood at a limited call is refused before its body is read: a broken body past the limit gets 429, not 400', async () => {
    t = await createTestApp();
    const login = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: '127.4.0.1',
      });
    expect((await login('{"userName":')).statusCode).toBe(400);
    const guesses = await repeat(29, (i) =>
      login(JSON.stringify({ userName: `user${i}`, password: 'guess' })),
    );
    expect(statuses(guesses)).toEqual([401]);
    refusedFor(await login('{"userName":'));
  });

  it('HEAD counts as a read: 60 look-ups a minute, whichever method asks', async () => {
    t = await createTestApp({ publicReads: stillClock() });
    const head = () =>
      t.app.inject({ method: 'HEAD', url: '/api/lookup/search?q=nowhere', remoteAddress: '127.4.0.2' });
    expect(statuses(await repeat(60, head))).toEqual([200]);
    expect((await head()).statusCode).toBe(429);
    expect(
      (await call(t, 'GET', '/api/lookup/search?q=nowhere', { remoteAddress: '127.4.0.2' })).statusCode,
    ).toBe(429);
  });

  it('a public write without a limit of its own does not use up the address’s reads', async () => {
    t = await createTestApp({ publicReads: stillClock() });
    t.app.post('/api/test/public-write', { config: { auth: 'public' } }, async () => ({ ok: true }));
    const write = () =>
      t.app.inject({ method: 'POST', url: '/api/test/public-write', remoteAddress: '127.4.0.3' });
    expect(statuses(await repeat(301, write))).toEqual([200]);
    expect(
      (await call(t, 'GET', '/api/lookup/search?q=nowhere', { remoteAddress: '127.4.0.3' })).statusCode,
    ).toBe(200);
  });

  it('a request naming no account is counted only per address; whatever its body, it is never refused as one', async () => {
    t = await createTestApp();
    t.app.post(
      '/api/test/per-account',
      {
        preHandler: rateLimit({
          name: 'test-account',
          perAddress: { max: 100, windowMs: 60_000 },
          perAccount: { max: 1, windowMs: 60_000, account: bodyField('email') },
        }),
      },
      async () => ({ ok: true }),
    );
    const send = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/per-account',
        headers: { 'content-type': contentType },
        payload,
        remoteAddress: '127.4.0.4',
      });
    const nameless = [
      await send('{}'),
      await send('{"email":42}'),
      await send('null'),
      await send('"a@example.com"'),
      await send('a@example.com', 'text/plain'),
      await send('{}'),
      await t.app.inject({ method: 'POST', url: '/api/test/per-account', remoteAddress: '127.4.0.4' }),
    ];
    expect(statuses(nameless)).toEqual([200]);
    expect((await send('{"email":"a@example.com"}')).statusCode).toBe(200);
    refusedFor(await send('{"email":" A@Example.com "}'));
    expect((await send('{"email":"b@example.com"}')).statusCode).toBe(200);
  });
});

describe('the wait a refusal states', () => {
  it('tries at a mailed link come back one every 90 seconds: the refusal says 90 seconds', async () => {
    t = await createTestApp({ publicReads: stillClock() });
    const confirm = () =>
      call(t, 'POST', '/api/account/email/confirm', {
        body: { token: 'x'.repeat(40) },
        remoteAddress: '127.4.1.1',
      });
    expect(statuses(await repeat(10, confirm))).toEqual([400]);
    const refused = await confirm();
    expect(refusedFor(refused)).toBe(90);
    expect(refused.json()).toEqual({ message: 'Too many attempts. Please wait 2 minutes and try again.' });
  });

  it('an address that failed on a sign waits for the sooner of its own tries and the sign’s failures to expire', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const guess = (remoteAddress: string, i: number) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: sticker.signRef, prefixNo: `WRONG0${i}` },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await guess(`127.4.2.${i + 1}`, i)).json().success).toBe(false);
    // The sign's failures started long ago: their window ends in a minute, the address's in 15.
    await t.db.query(
      "update rate_limits set expires_at = now() + interval '60 seconds' where key like 'sticker-guess:failures:%'",
    );
    const seconds = refusedFor(await guess('127.4.2.1', 10));
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});

describe('a refusal in the log', () => {
  it('names the limit and what it counted (address, account, address+account)', async () => {
    const { lines, logger } = logCapture();
    t = await createTestApp({ logger, publicReads: stillClock() });
    t.app.post(
      '/api/test/limited',
      {
        preHandler: rateLimit({
          name: 'test-limited',
          perAddress: { max: 1, windowMs: 60_000 },
          perAccount: { max: 1, windowMs: 60_000, account: bodyField('email') },
        }),
      },
      async () => ({ ok: true }),
    );
    const post = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/limited',
        payload: { email: 'one@example.com' },
        remoteAddress,
      });
    await post('127.4.3.1');
    expect((await post('127.4.3.1')).statusCode).toBe(429);
    expect((await post('127.4.3.2')).statusCode).toBe(429);

    const confirm = () =>
      call(t, 'POST', '/api/account/email/confirm', {
        body: { token: 'x'.repeat(40) },
        remoteAddress: '127.4.3.3',
      });
    await repeat(11, confirm);

    const sticker = await addSticker(t.db);
    const guess = (remoteAddress: string, i: number) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: sticker.signRef, prefixNo: `WRONG0${i}` },
        remoteAddress,
      });
    await repeat(6, (i) => guess('127.4.3.4', i));
    for (let i = 0; i < 10; i++) await guess(`127.4.4.${i + 1}`, i);
    expect((await guess('127.4.4.1', 11)).statusCode).toBe(429);

    const refusals = lines
      .filter((line) => line.msg === 'Rate limit reached')
      .map(({ limit, scope, level }) => ({ limit, scope, level }));
    const warn = 40;
    expect(refusals).toEqual([
      { limit: 'test-limited', scope: 'address', level: warn },
      { limit: 'test-limited', scope: 'account', level: warn },
      { limit: 'token-link', scope: 'address', level: warn },
      { limit: 'sticker-guess', scope: 'address+account', level: warn },
      { limit: 'sticker-guess', scope: 'account', level: warn },
    ]);
  });
});

describe('RATE_LIMITS=off (load tests only)', () => {
  it('counts and refuses nothing: reads, per-account counts and wrong guesses', async () => {
    t = await createTestApp({ env: { rateLimits: 'off' }, publicReads: stillClock() });
    const reads = await repeat(61, () =>
      call(t, 'GET', '/api/lookup/search?q=nowhere', { remoteAddress: '127.4.5.1' }),
    );
    expect(statuses(reads)).toEqual([200]);
    const signUps = await repeat(11, (i) =>
      call(t, 'POST', '/api/users/add', {
        body: signUpPayload({ signRef: 'NONE-NONE', prefixNo: 'NONE0000' }, { email: 'same@example.com' }),
        remoteAddress: `127.4.6.${i + 1}`,
      }),
    );
    expect(statuses(signUps)).toEqual([200]);
    const sticker = await addSticker(t.db);
    const guesses = await repeat(6, (i) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: sticker.signRef, prefixNo: `WRONG0${i}` },
        remoteAddress: '127.4.7.1',
      }),
    );
    expect(guesses.map((res) => res.json().success)).toEqual(Array(6).fill(false));
    expect(await t.db.query('select key from rate_limits')).toEqual([]);
  });
});

describe('counts a service keeps (mails to a mailbox, of an account, of a link)', () => {
  it('within the window’s max, then not, with the seconds left; cleared, it starts afresh', async () => {
    t = await createTestApp();
    const counted = { name: 'test-mails', per: 'recipient', subject: 'someone@example.com' };
    const window = { max: 2, windowMs: 60_000 };
    const hits = [
      await countInDatabase(t.db, counted, window),
      await countInDatabase(t.db, counted, window),
      await countInDatabase(t.db, counted, window),
    ];
    expect(hits.map((hit) => hit.within)).toEqual([true, true, false]);
    for (const hit of hits) {
      expect(hit.retryAfterSeconds).toBeGreaterThan(55);
      expect(hit.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another subject, or the same subject counted per something else, is a count of its own.
    expect((await countInDatabase(t.db, { ...counted, subject: 'other@example.com' }, window)).within).toBe(
      true,
    );
    expect((await countInDatabase(t.db, { ...counted, per: 'account' }, window)).within).toBe(true);

    await clearCount(t.db, counted);
    expect((await countInDatabase(t.db, counted, window)).within).toBe(true);
    expect((await countInDatabase(t.db, { ...counted, subject: 'other@example.com' }, window)).within).toBe(
      true,
    );
    expect((await countInDatabase(t.db, { ...counted, subject: 'other@example.com' }, window)).within).toBe(
      false,
    );
  });

  it('expired counts are deleted every 500 hits, so the table does not grow without end', async () => {
    t = await createTestApp();
    // A fresh copy of the module: its count of hits since the last purge starts at 0.
    vi.resetModules();
    const fresh = await import('./rate-limit');
    await t.db.query(
      `insert into rate_limits (key, count, expires_at) values
         ('old:address:10.0.0.1', 3, now() - interval '1 minute'),
         ('live:address:10.0.0.2', 3, now() + interval '1 hour')`,
    );
    const keys = () =>
      t.db.query<{ key: string }>("select key from rate_limits where key not like 'test-%' order by key");
    const window = { max: 1000, windowMs: 60_000 };
    for (let i = 0; i < 499; i++)
      await fresh.countInDatabase(t.db, { name: 'test-purge', per: 'n', subject: i % 7 }, window);
    expect(await keys()).toEqual([{ key: 'live:address:10.0.0.2' }, { key: 'old:address:10.0.0.1' }]);
    await fresh.countInDatabase(t.db, { name: 'test-purge', per: 'n', subject: 0 }, window);
    expect(await keys()).toEqual([{ key: 'live:address:10.0.0.2' }]);
  });
});

describe('token buckets on a clock that started long ago', () => {
  const start = 1_000_000;

  it('sweeps once a minute after it was made, not at every take', () => {
    const clock = handClock(start);
    const buckets = new TokenBuckets({ now: clock.now });
    const size = { max: 10, windowMs: 10_000 };
    expect(buckets.take('a', size)).toBe(0);
    clock.ms = start + 30_000;
    expect(buckets.take('b', size)).toBe(0);
    // a has been full again since start + 1 s, but nothing is swept before a minute has passed.
    expect(buckets.size).toBe(2);
    clock.ms = start + 60_000;
    expect(buckets.take('c', size)).toBe(0);
    expect(buckets.size).toBe(1);
  });

  it('drops a bucket once it is full again: one token of ten, over 100 seconds, is back after 10', () => {
    const clock = handClock(start);
    const buckets = new TokenBuckets({ now: clock.now });
    expect(buckets.take('a', { max: 10, windowMs: 100_000 })).toBe(0);
    clock.ms = start + 60_000;
    expect(buckets.take('b', { max: 10, windowMs: 100_000 })).toBe(0);
    expect(buckets.size).toBe(1);
  });

  it('a bucket full at the very moment of the sweep is dropped', () => {
    const clock = handClock(start);
    const buckets = new TokenBuckets({ now: clock.now });
    // One token refilled over 65,536 ms (a power of two, so the time it is full is exact).
    expect(buckets.take('a', { max: 1, windowMs: 65_536 })).toBe(0);
    clock.ms = start + 65_536;
    expect(buckets.take('b', { max: 1, windowMs: 65_536 })).toBe(0);
    expect(buckets.size).toBe(1);
  });
});
