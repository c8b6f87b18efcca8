import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../env';
import { call, signedIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { send } from '../test/workspace';
import { acceptedEncoding, type KeptPage, keepable, pageQuery, RenderedPages } from './web-render-cache';

// The real web build, server renderer included: these tests read what the server draws.
const webDist = path.join(repoRoot, 'apps/web/dist');

beforeAll(() => {
  if (existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app could not be built');
}, 240_000);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const page = (app: TestApp, url: string, address = '198.51.100.80') =>
  call(app, 'GET', url, { headers: { host: 'signs.localhost' }, remoteAddress: address });

const kept = (res: { headers: Record<string, unknown> }) =>
  res.headers['server-timing'] === 'render;desc="kept"';
const drawn = (res: { headers: Record<string, unknown> }) =>
  /^render;dur=\d+(\.\d)?;desc="drawn 1x"$/.test(String(res.headers['server-timing']));

const keptPage = (html: string, keys: string[] = ['brand-signs']): KeptPage => ({
  html,
  etag: '"x"',
  cacheControl: 'public',
  keys,
});

describe('which query parameters a drawn page is kept by', () => {
  it('only those the app reads, sorted; a cache-buster or campaign tag is dropped', () => {
    expect(pageQuery(new URLSearchParams('utm_source=x&_=1732750000'))).toBe('');
    expect(pageQuery(new URLSearchParams('q=car+park&utm_source=x&page=2'))).toBe('?page=2&q=car+park');
    expect(pageQuery(new URLSearchParams('ref=DEMO-0001-SIGN&nonce=7'))).toBe('?ref=DEMO-0001-SIGN');
  });

  it('a page asked for with a secret in its query is drawn but never kept', () => {
    expect(keepable('')).toBe(true);
    expect(keepable('?page=2&q=car')).toBe(true);
    expect(keepable('?token=abc')).toBe(false);
    expect(keepable('?userId=7&value=secret')).toBe(false);
  });
});

describe('the compressed copy a kept page goes in', () => {
  it('Brotli when the browser takes it, else gzip, else none; q=0 refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('the kept pages of an instance', () => {
  it('keeps nothing until changes are heard, and drops everything when they no longer are', () => {
    const pages = new RenderedPages({ ttlMs: 30_000 });
    pages.keep('signs /', keptPage('<p>home</p>'), pages.generation);
    expect(pages.size).toBe(0);
    pages.setListening(true);
    pages.keep('signs /', keptPage('<p>home</p>'), pages.generation);
    expect(pages.find('signs /')?.html).toBe('<p>home</p>');
    pages.setListening(false);
    expect(pages.find('signs /')).toBeUndefined();
  });

  it('a change drops the pages filed under its keys, and a page drawn before it is not kept', () => {
    const pages = new RenderedPages({ ttlMs: 30_000 });
    pages.setListening(true);
    pages.keep(
      'signs /sign/A',
      keptPage('a', ['brand-signs', 'signs', 'sign-A', 'company-1']),
      pages.generation,
    );
    pages.keep(
      'signs /sign/B',
      keptPage('b', ['brand-signs', 'signs', 'sign-B', 'company-2']),
      pages.generation,
    );
    pages.keep('signs /', keptPage('home'), pages.generation);
    const before = pages.generation;
    pages.invalidate(['company-1', 'search']);
    expect(pages.find('signs /sign/A')).toBeUndefined();
    expect(pages.find('signs /sign/B')?.html).toBe('b');
    pages.keep('signs /sign/A', keptPage('stale a', ['signs', 'sign-A', 'company-1']), before);
    expect(pages.find('signs /sign/A')).toBeUndefined();
    pages.invalidate(['signs']);
    expect(pages.find('signs /sign/B')).toBeUndefined();
    expect(pages.find('signs /')?.html).toBe('home');
  });

  it('pages go after their time, and the least recently used first past the size limit', () => {
    let now = 0;
    const pages = new RenderedPages({ ttlMs: 30_000, maxChars: 10, now: () => now });
    pages.setListening(true);
    pages.keep('a', keptPage('aaaa'), pages.generation);
    pages.keep('b', keptPage('bbbb'), pages.generation);
    expect(pages.find('a')?.html).toBe('aaaa');
    pages.keep('c', keptPage('cccc'), pages.generation);
    expect(pages.find('b')).toBeUndefined();
    expect(pages.find('a')?.html).toBe('aaaa');
    now = 30_000;
    expect(pages.find('c')).toBeUndefined();
  });
});

describe('a drawn page is drawn once and kept (issue 33, "A render costs what the page needs")', () => {
  it('the repeat of a sign page and a cache-busting query come from memory; a query the page reads is drawn', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const { sticker } = await signedIn(t, { companyName: 'Harbour Watch Ltd' });
    const first = await page(t, `/sign/${sticker.signRef}`);
    expect(first.statusCode).toBe(200);
    expect(drawn(first)).toBe(true);
    const again = await page(t, `/sign/${sticker.signRef}`);
    expect(kept(again)).toBe(true);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['surrogate-key']).toBe(first.headers['surrogate-key']);

    // A kept page goes compressed as the browser asks, the same page.
    const br = await call(t, 'GET', `/sign/${sticker.signRef}`, {
      headers: { host: 'signs.localhost', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(kept(br)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    const gzip = await call(t, 'GET', `/sign/${sticker.signRef}`, {
      headers: { host: 'signs.localhost', 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(first.body);

    for (const buster of ['?_=1', '?utm_source=flyer&_=2', '?x=y']) {
      const busted = await page(t, `/sign/${sticker.signRef}${buster}`);
      expect(kept(busted)).toBe(true);
      expect(busted.body).toBe(first.body);
    }
    const problem = await page(t, `/sign/${sticker.signRef}?problem=sent`);
    expect(drawn(problem)).toBe(true);
    expect(kept(await page(t, `/sign/${sticker.signRef}?problem=sent&_=3`))).toBe(true);
    // A secret in the query: drawn each time, never kept.
    expect(drawn(await page(t, '/?token=a-secret'))).toBe(true);
    expect(drawn(await page(t, '/?token=a-secret'))).toBe(true);
  });

  it('a kept page that shows a phone number goes the moment the number is withdrawn', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    const a = await signedIn(t, { companyName: 'Quayside Parking Ltd' });
    const app = t;
    const settings = {
      siteId: null,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      email: '',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    };
    const phone = '0113 496 0777';
    await send(app, 'PUT', '/api/contact/publication', a.token, { ...settings, showPhone: true, phone });
    const url = `/sign/${a.sticker.signRef}`;
    const until = Date.now() + 5000;
    for (;;) {
      const res = await page(app, url);
      if (kept(res) && res.body.includes(phone)) break;
      if (Date.now() > until) throw new Error('the page with the phone number was never kept');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const withdrawnAt = Date.now();
    await send(app, 'PUT', '/api/contact/publication', a.token, { ...settings, showPhone: false, phone: '' });
    for (;;) {
      const res = await page(app, url);
      if (!res.body.includes(phone)) {
        expect(drawn(res)).toBe(true);
        break;
      }
      expect(Date.now() - withdrawnAt).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
