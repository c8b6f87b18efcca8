import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { messages } from '@app/contract/messages';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, type Db } from '../db/db';
import { contentSeed } from '../modules/content/seed';
import { call, register } from '../test/accounts';
import { cspDirectives } from '../test/csp';
import { logCapture } from '../test/log-capture';
import { createTestApp, type TestApp } from '../test/test-app';
import { TokenBuckets } from './token-bucket';

// The real web build, server renderer included: these tests read what the server draws.
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

beforeAll(() => {
  if (existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app could not be built');
}, 240_000);

let t: TestApp;
afterEach(() => t?.close());

const page = (host: string, url: string, headers: Record<string, string> = {}) =>
  call(t, 'GET', url, { headers: { host, ...headers } });

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** Each script the browser would run from the page itself: its opening tag and its text (JSON data blocks are not run). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .filter((match) => !/type="application\/json"/.test(match[1] ?? ''))
    .map((match) => [match[1] ?? '', match[2] ?? ''] as const);

/** The script-src sources of a reply's Content-Security-Policy. */
const allowedScriptSources = (res: { headers: Record<string, unknown> }) =>
  cspDirectives(res.headers).get('script-src');

describe('public pages drawn by the server (plain HTTP, no browser)', () => {
  it('a sign page holds the operator, and its data for the browser', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd', siteName: 'Quay car park' });
    const res = await page('signs.localhost', `/sign/${sticker.signRef}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);
    expect(res.body).toContain('Quay car park');
    expect(res.body).toContain('<script type="application/json" id="page-data">');
    // Marked drawn from the body's first tag: the overlay's CSS second runs from the first paint.
    expect(res.body).toContain('<body data-drawn>');
    // The overlay comes before the page in the markup: a phone that paints the page as it parses
    // it never shows the page, then covers it.
    const overlayAt = res.body.indexOf('<div class="start-overlay" role="status">');
    expect(overlayAt).toBeGreaterThan(0);
    expect(overlayAt).toBeLessThan(res.body.search(/<h1[^>]*>Harbour Watch Ltd/));
    expect(res.body).toContain(
      '.start-overlay, .needs-script { display: none; } .no-script-note { display: block; }',
    );
  });

  it("a sign page reads its look-up and QR code in process: the API's routes hear only the page", async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd' });
    const res = await page('signs.localhost', `/sign/${sticker.signRef}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);
    // The QR code is drawn into the page, from its in-process read.
    expect(res.body).toMatch(/<svg[^>]*viewBox/);
    const answered = async (route: string) => {
      const metrics = await call(t, 'GET', '/api/metrics');
      const counted = new RegExp(`http_requests_total\\{[^}]*route="${route}"[^}]*\\} (\\d+)`).exec(
        metrics.body,
      );
      return Number(counted?.[1] ?? 0);
    };
    expect(await answered('/api/stickers/search/:term')).toBe(0);
    expect(await answered('/api/signs/:signRef/qr.svg')).toBe(0);
    // The same look-up asked by a browser is a request the API counts.
    expect((await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`)).statusCode).toBe(200);
    expect(await answered('/api/stickers/search/:term')).toBe(1);
  });

  it("a DVR model's page reads its content in process: the content routes hear nothing", async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    const res = await page('dvr.localhost', '/dvrs/AL-8CH-H5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Alien AL-8CH-H5 8-channel hybrid DVR<\/h1>/);
    const metrics = (await call(t, 'GET', '/api/metrics')).body;
    expect(metrics).not.toMatch(/http_requests_total\{[^}]*route="\/api\/dvrs/);
    // An unknown model is the page's 404, read the same way.
    const unknown = await page('dvr.localhost', '/dvrs/NO-SUCH-MODEL');
    expect(unknown.statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/metrics')).body).not.toMatch(
      /http_requests_total\{[^}]*route="\/api\/dvrs/,
    );
    // Asked by a browser, the same call is a request the API counts.
    expect(
      (await call(t, 'GET', '/api/dvrs/AL-8CH-H5', { headers: { host: 'dvr.localhost' } })).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', '/api/metrics')).body).toMatch(
      /http_requests_total\{[^}]*route="\/api\/dvrs\/:dvrName"[^}]*\} 1/,
    );
  });

  it('every public page is drawn once: its routes load all it shows before the drawing', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd' });
    const pages: Record<string, string[]> = {
      signs: ['/', '/comply', '/faqs', '/contact-us', `/sign/${sticker.signRef}`],
      dvr: [
        '/',
        '/accessories',
        '/manuals',
        '/software',
        '/alien-hybrid',
        '/dvrs/AL-8CH-H5',
        '/connect',
        '/port',
        '/contact-us',
      ],
      nvr: ['/', '/zipvision', '/firmware', '/resources/manuals', '/products/ZV-N4P-4K', '/connect', '/port'],
      voice: [
        '/',
        '/messages',
        '/how-to',
        '/about',
        '/category/1',
        '/subcategory/11',
        '/message/1',
        '/products/VA-100',
      ],
      ipcam: ['/', '/features', '/product', '/download'],
      anpr: ['/', '/contact-us'],
      multiplexer: ['/', '/our-brands'],
    };
    const drawnMoreThanOnce: string[] = [];
    for (const [brand, paths] of Object.entries(pages)) {
      for (const path of paths) {
        const res = await page(`${brand}.localhost`, path);
        expect(res.statusCode, `${brand} ${path}`).toBe(200);
        const timing = String(res.headers['server-timing']);
        expect(timing, `${brand} ${path}`).toMatch(/^render;dur=[\d.]+;desc="drawn \dx"$/);
        if (!timing.endsWith('desc="drawn 1x"')) drawnMoreThanOnce.push(`${brand} ${path}: ${timing}`);
      }
    }
    expect(drawnMoreThanOnce).toEqual([]);
  });

  it("the first visitors at once each get the sign's page drawn with its data, not a failed look-up", async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd', siteName: 'Quay car park' });
    // Before the server has read its build: each of these would load the renderer on its own.
    const replies = await Promise.all(
      ['', '/contact', ''].map((part) => page('signs.localhost', `/sign/${sticker.signRef}${part}`)),
    );
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);
      expect(res.body).not.toContain('The sign could not be looked up');
    }
  });

  it('a drawn page asks for no script until it is painted, and then for the boot script only', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd' });
    const res = await page('signs.localhost', `/sign/${sticker.signRef}`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).not.toMatch(/<script\b/);
    expect(head).not.toContain('modulepreload');
    const start = inlineScripts(res.body);
    expect(start).toHaveLength(1);
    const [tag = '', text = ''] = start[0] ?? [];
    expect(text).toContain('requestAnimationFrame');
    expect(allowedScriptSources(res)).toEqual(["'self'", `'sha256-${sha256(text)}'`]);
    const scripts = [
      /data-src="([^"]+)"/.exec(tag)?.[1] ?? '',
      ...(/data-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(' '),
    ];
    expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // The boot script and the bundler's helpers it imports; the runtime alone is about 98 KB.
    const bytes = scripts
      .filter(Boolean)
      .reduce((sum, src) => sum + gzipSync(readFileSync(path.join(webDist, src)), { level: 9 }).length, 0);
    expect(bytes).toBeLessThan(2048);
  });

  it('a page with a long text is sent whole, its one inline script the app starter the policy allows', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    for (const [host, url] of [
      ['anpr.localhost', '/'],
      ['signs.localhost', '/help'],
      ['signs.localhost', '/?userId=17'],
    ] as const) {
      const res = await page(host, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="page-data"');
      const inline = inlineScripts(res.body);
      expect(
        inline.map(([tag]) => /id="([^"]+)"/.exec(tag)?.[1]),
        url,
      ).toEqual(['app-start']);
      expect(allowedScriptSources(res), url).toContain(`'sha256-${sha256(inline[0]?.[1] ?? '')}'`);
      expect(res.body, url).not.toContain('<template id="B:');
    }
  });

  it('the signs home page, a DVR model page and a voice message page hold their content', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    const home = await page('signs.localhost', '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<h1[^>]*>Who is watching me\?<\/h1>/);
    expect(home.body).toContain('Sign reference');

    const dvr = await page('dvr.localhost', '/dvrs/AL-8CH-H5');
    expect(dvr.statusCode).toBe(200);
    expect(dvr.body).toMatch(/<h1[^>]*>Alien AL-8CH-H5 8-channel hybrid DVR<\/h1>/);
    expect(dvr.body).toContain('eight analogue HD cameras');

    const message = await page('voice.localhost', '/message/1');
    expect(message.statusCode).toBe(200);
    expect(message.body).toMatch(/<h1[^>]*>You are being recorded on CCTV<\/h1>/);
    expect(message.body).toContain('Warning. You are being recorded on CCTV.');
  });

  it('answers /search-scheme?ref= itself: a found sign moves to its page, an unknown one says so', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t);
    const typed = sticker.signRef.toLowerCase().replaceAll('-', '');
    const found = await page('signs.localhost', `/search-scheme?ref=${typed}`);
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe(`/sign/${sticker.signRef}`);

    const unknown = await page('signs.localhost', '/search-scheme?ref=NOPE-0000-NONE');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('value="NOPE-0000-NONE"');
    expect(unknown.body).toContain(
      'No sign has that reference. Check the reference on the sign and try again.',
    );
  });

  it('a drawn page can be cached by a CDN, and the same page again is a 304', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await register(t);
    const first = await page('signs.localhost', `/sign/${sticker.signRef}`);
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await page('signs.localhost', `/sign/${sticker.signRef}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A change to the page is a new ETag.
    const second = await register(t, { companyName: 'Quay Watch Ltd' });
    const other = await page('signs.localhost', `/sign/${second.sticker.signRef}`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("carries a drawn page's stylesheets in the page itself, and each part disabled for the app to find", async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    const res = await page('anpr.localhost', '/');
    const links = [...res.body.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    // Nothing for the browser to fetch before it paints: every stylesheet link is disabled.
    expect(links.filter((tag) => !tag.includes(' disabled'))).toEqual([]);
    const parts = links.map((tag) => /href="(\/assets\/[^"/]+\.css)"/.exec(tag)?.[1] ?? '');
    // The home page's hero, tasks, cards, products in full and their files: several parts.
    expect(parts.length).toBeGreaterThanOrEqual(4);
    // The app's own stylesheet first, then each part, whole and in the order they are listed.
    const index = /href="(\/assets\/index-[^"]+\.css)"/.exec(
      readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    )?.[1];
    expect(parts[0]).toBe(index);
    const texts = parts.map((href) => readFileSync(path.join(webDist, href), 'utf8'));
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)?.[1] ?? '';
    expect(head).toContain(`<style>${texts.join('\n')}</style>`);

    // A page the browser draws links the app's stylesheet as built.
    const client = await page('signs.localhost', '/your-sites');
    expect(client.body).toContain(`<link rel="stylesheet" crossorigin href="${index}">`);
  });

  it('a signed-in page is left to the browser', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const res = await page('signs.localhost', '/your-sites');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="page-data"');
    expect(res.body).not.toContain('data-drawn');
    expect(res.body).toContain('<div class="start-overlay" role="status">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("links a drawn page's sister sites at their configured addresses, whatever the forwarded host", async () => {
    t = await createTestApp({ env: { webDistDir: webDist, trustProxy: 1 } });
    const forged: Record<string, string>[] = [
      { 'x-forwarded-host': 'signs.evil.example' },
      { 'x-forwarded-host': 'dvr.localhost' },
      { host: 'signs.evil.example' },
    ];
    for (const headers of forged) {
      const res = await page('signs.localhost', '/our-brands', headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Our brands<\/h1>/);
      expect(res.body).toContain('href="http://dvr.localhost:3000"');
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('never serves the server renderer as a file', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const res = await page('signs.localhost', '/.ssr/entry-server.js');
    expect(res.body).not.toContain('renderToPipeableStream');
  });
});

/** The test database behind a switch: while `down`, every statement fails as a lost database does. */
function switchableDb(db: Db) {
  const state = { down: false };
  const refuse = () => Promise.reject(new DatabaseUnavailableError(new Error('connect ECONNREFUSED')));
  const wrapped: Db = {
    ...db,
    query: (sql, params) => (state.down ? refuse() : db.query(sql, params)),
    one: (sql, params) => (state.down ? refuse() : db.one(sql, params)),
    maybeOne: (sql, params) => (state.down ? refuse() : db.maybeOne(sql, params)),
    prepared: (name, sql, params) => (state.down ? refuse() : db.prepared(name, sql, params)),
    exec: (sql) => (state.down ? refuse() : db.exec(sql)),
    transaction: (fn) => (state.down ? refuse() : db.transaction(fn)),
  };
  return { state, wrapped };
}

describe('a page whose data failed is shared by nobody (a CDN would show the error to everyone)', () => {
  it("a visitor who has spent the look-up budget gets 429, no-store, and other visitors the sign's page", async () => {
    const { lines, logger } = logCapture();
    t = await createTestApp({ env: { webDistDir: webDist }, logger });
    const { sticker } = await register(t, { companyName: 'Harbour Watch Ltd' });
    const spender = '198.51.100.23';
    // The look-up allows 60 a minute from one address (lookupLimits.search).
    for (let i = 0; i < 60; i++) {
      const res = await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`, { remoteAddress: spender });
      expect(res.statusCode).toBe(200);
    }
    const spent = await call(t, 'GET', `/sign/${sticker.signRef}`, {
      headers: { host: 'signs.localhost' },
      remoteAddress: spender,
    });
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['cache-control']).toBe('no-store');
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(spent.headers.etag).toBeUndefined();
    // The page says what the refused read would have said, with the same wait as Retry-After.
    expect(spent.body).toContain(messages.server.rateLimitedFor(Number(spent.headers['retry-after'])));
    // Logged as the look-up's own refusal is (README, "Rate limits").
    expect(
      lines.filter((line) => line.msg === 'Rate limit reached').map(({ limit, scope }) => ({ limit, scope })),
    ).toEqual([{ limit: 'lookup-search', scope: 'address' }]);

    const other = await call(t, 'GET', `/sign/${sticker.signRef}`, {
      headers: { host: 'signs.localhost' },
      remoteAddress: '198.51.100.24',
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);
    expect(other.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
  });

  it('while the database is out of reach a sign page is 503 with Retry-After and no-store', async () => {
    let control: ReturnType<typeof switchableDb> | undefined;
    t = await createTestApp({
      env: { webDistDir: webDist, lookupCacheSeconds: 0 },
      wrapDb: (db) => {
        control = switchableDb(db);
        return control.wrapped;
      },
    });
    const { sticker } = await register(t);
    if (!control) throw new Error('the app did not get the switchable database');
    control.state.down = true;
    const down = await page('signs.localhost', `/sign/${sticker.signRef}`);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.headers['cache-control']).toBe('no-store');

    control.state.down = false;
    const back = await page('signs.localhost', `/sign/${sticker.signRef}`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
  });

  it("an unknown sign's page is a 404 that a CDN may keep for 30 s at most, never stale", async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const res = await page('signs.localhost', '/sign/NOPE-0000-NONE');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(res.headers.etag).toBeUndefined();
  });

  it("a page's own refusal of a spent read budget is no-store", async () => {
    // A clock that stands still: the bucket never refills during the test.
    t = await createTestApp({
      env: { webDistDir: webDist },
      publicReads: new TokenBuckets({ now: () => 0 }),
    });
    const visit = () =>
      call(t, 'GET', '/no-such-page', {
        headers: { host: 'signs.localhost' },
        remoteAddress: '198.51.100.30',
      });
    // Every page is a public read: 300 a minute from one address (publicReadLimit).
    for (let i = 0; i < 300; i++) expect((await visit()).statusCode).toBe(404);
    const refused = await visit();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
