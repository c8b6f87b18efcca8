import { readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type BrandConfig, brands, defaultBrand } from '@app/brands';
import { brandThemeVars } from '@app/brands/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin } from '../lib/public-url';
import { readHead } from '../test/html';
import { tempDir } from '../test/temp-dir';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  FIXTURE_ASSET,
  FIXTURE_COMPRESSED_ASSET,
  FIXTURE_COMPRESSED_TEXT,
  webFixtureDir,
} from '../test/web-fixture';
import { fillPageTemplate, renderPageTemplate } from './web-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hostOf = (brand: BrandConfig) => `${brand.hostKeys[0]}.localhost`;
const get = (brand: BrandConfig, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: hostOf(brand), ...headers } });

/** A path the brand allows other than the home and 404 pages, with any parameter filled in. */
function otherPage(brand: BrandConfig): { path: string; title: string } {
  const [pattern, meta] = Object.entries(brand.pages).find(([p]) => p !== '/' && p !== '/404') ?? [];
  if (!pattern || !meta) throw new Error(`${brand.id} allows no page besides / and /404`);
  return { path: pattern.replace(/:[^/]+/g, 'example'), title: meta.title };
}

describe.each(brands.map((brand) => [brand.id, brand] as const))('the %s site', (_id, brand) => {
  const origin = () => publicOrigin(brand, t.env);

  it("home page: the brand's title, description, Open Graph tags, theme colour and icon", async () => {
    const res = await get(brand, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = readHead(res.body);
    expect(head.titles).toEqual([brand.title]);
    expect(head.meta('description')).toEqual([brand.pages['/']?.description ?? brand.ogDesc]);
    expect(head.meta('og:title')).toEqual([brand.ogTitle]);
    expect(head.meta('og:description')).toEqual([brand.ogDesc]);
    expect(head.meta('og:image')).toEqual([`${origin()}${brand.ogImage}`]);
    expect(head.meta('og:image:width')).toEqual(['1200']);
    expect(head.meta('og:image:height')).toEqual(['800']);
    expect(head.meta('og:url')).toEqual([`${origin()}/`]);
    expect(head.meta('og:type')).toEqual(['website']);
    expect(head.meta('og:site_name')).toEqual([brand.name]);
    expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(head.meta('theme-color')).toEqual([brand.primaryColor]);
    expect(head.links('icon').map((l) => l.href)).toEqual([brand.favicon]);
    expect(head.links('canonical').map((l) => l.href)).toEqual([`${origin()}/`]);
    expect(res.body).not.toContain('<!--brand-head-->');
    expect(res.body).toContain(`src="${FIXTURE_ASSET}"`);
  });

  it("every page carries the brand's colours on <html>, for the start-up overlay's first paint", async () => {
    for (const path of ['/', '/no-such-page']) {
      const res = await get(brand, path);
      const style = /<html\b[^>]*\sstyle="([^"]*)"/.exec(res.body)?.[1] ?? '';
      const properties = Object.fromEntries(
        style.split(';').map((declaration) => declaration.split(':').map((part) => part.trim())),
      );
      expect(properties).toEqual(brandThemeVars(brand));
      expect(properties['--color-primary']).toBe(brand.primaryColor);
    }
  });

  it('its icon file is served with a short cache', async () => {
    const res = await get(brand, brand.favicon);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('an allowed page has its own title and URL', async () => {
    const page = otherPage(brand);
    const res = await get(brand, `${page.path}?utm_source=test`);
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.title).toBe(`${page.title} | ${brand.name}`);
    expect(head.meta('og:url')).toEqual([`${origin()}${page.path}`]);
    expect(head.links('canonical').map((l) => l.href)).toEqual([`${origin()}${page.path}`]);
  });

  it('a path the brand does not allow, and /404 itself, answer 404 with the page HTML', async () => {
    for (const url of ['/no-such-page-here', '/404']) {
      const res = await get(brand, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const head = readHead(res.body);
      expect(head.title).toBe(`${brand.pages['/404']?.title ?? 'Page not found'} | ${brand.name}`);
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("robots.txt is the brand's own", async () => {
    const res = await get(brand, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines.filter((l) => l.startsWith('Allow: '))).toEqual(
      brand.robots.allow.map((p) => `Allow: ${p}`),
    );
    expect(lines.filter((l) => l.startsWith('Disallow: '))).toEqual(
      brand.robots.disallow.map((p) => `Disallow: ${p}`),
    );
    expect(lines.filter((l) => l.startsWith('Sitemap: '))).toEqual(
      brand.sitemap ? [`Sitemap: ${origin()}/sitemap.xml`] : [],
    );
  });

  it("sitemap.xml lists only the brand's pages on its own origin", async () => {
    const res = await get(brand, '/sitemap.xml');
    if (!brand.sitemap) {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(brand.siteMapPages.map((p) => `${origin()}${p}`));
    for (const other of brands.filter((b) => b.id !== brand.id)) {
      expect(res.body).not.toContain(publicOrigin(other, t.env));
    }
  });
});

describe('files and caching', () => {
  it('hashed assets are cached for good, pages never without checking', async () => {
    const asset = await get(defaultBrand, FIXTURE_ASSET);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get(defaultBrand, '/');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a plain 404, not the page', async () => {
    const res = await get(defaultBrand, '/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('compresses with brotli or gzip when the client accepts it', async () => {
    const br = await get(defaultBrand, '/', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`<title>${defaultBrand.title}</title>`);
    const gzip = await get(defaultBrand, '/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root"></div>');
    const plain = await get(defaultBrand, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("sends a file's compressed copy from the build as it is, and the file itself to a client that takes neither", async () => {
    const copy = (suffix: string) =>
      readFileSync(path.join(webFixtureDir(), `${FIXTURE_COMPRESSED_ASSET}${suffix}`));
    const br = await get(defaultBrand, FIXTURE_COMPRESSED_ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The very bytes of the build's copy (Brotli at quality 11), not compressed again on the way.
    expect(br.rawPayload.equals(copy('.br'))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FIXTURE_COMPRESSED_TEXT);

    const gzip = await get(defaultBrand, FIXTURE_COMPRESSED_ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(copy('.gz'))).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(FIXTURE_COMPRESSED_TEXT);

    const plain = await get(defaultBrand, FIXTURE_COMPRESSED_ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FIXTURE_COMPRESSED_TEXT);
    const none = await get(defaultBrand, FIXTURE_COMPRESSED_ASSET);
    expect(none.body).toBe(FIXTURE_COMPRESSED_TEXT);
  });

  it('a compressed copy is not a file of its own', async () => {
    for (const suffix of ['.br', '.gz']) {
      const res = await get(defaultBrand, `${FIXTURE_COMPRESSED_ASSET}${suffix}`, {
        'accept-encoding': 'br, gzip',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('an unknown host gets the default brand', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'unknown.example.org' } });
    expect(readHead(res.body).title).toBe(defaultBrand.title);
  });

  it('two paths of one page each get their own URL from the cached page', async () => {
    const page = otherPage(defaultBrand);
    const a = readHead((await get(defaultBrand, page.path)).body);
    const b = readHead((await get(defaultBrand, `${page.path}/`)).body);
    const origin = publicOrigin(defaultBrand, t.env);
    expect(a.meta('og:url')).toEqual([`${origin}${page.path}`]);
    expect(b.meta('og:url')).toEqual([`${origin}${page.path}/`]);
  });
});

describe('page head', () => {
  it('escapes every value written into the HTML', () => {
    const hostile: BrandConfig = {
      ...defaultBrand,
      title: '</title><script>alert(1)</script>',
      ogDesc: '"><script>alert(2)</script>',
      name: 'A & B',
      primaryColor: '"red',
    };
    const parts = renderPageTemplate(
      '<head><title>x</title><!--brand-head--></head>',
      hostile,
      '/',
      'https://x.test',
    );
    const html = fillPageTemplate(parts, 'https://x.test/"><script>alert(3)</script>');
    expect(html).not.toContain('<script>');
    const head = readHead(html);
    expect(head.title).toBe(hostile.title);
    expect(head.meta('og:description')).toEqual([hostile.ogDesc]);
    expect(head.meta('theme-color')).toEqual(['"red']);
    expect(head.meta('og:url')).toEqual(['https://x.test/"><script>alert(3)</script>']);
  });
});

describe('files beside the build folder', () => {
  it('are never served, however the path is spelt', async () => {
    const outer = await tempDir('outer');
    await mkdir(path.join(outer, 'dist', 'assets'), { recursive: true });
    await copyFile(path.join(t.env.webDistDir, 'index.html'), path.join(outer, 'dist', 'index.html'));
    await writeFile(path.join(outer, 'secret.txt'), 'TOP-SECRET');
    await writeFile(path.join(outer, 'dist', '.env'), 'TOP-SECRET');
    const app = await createTestApp({ env: { webDistDir: path.join(outer, 'dist') } });
    try {
      for (const url of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/assets/%2e%2e/%2e%2e/secret.txt',
        '/.env',
      ]) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('TOP-SECRET');
      }
    } finally {
      await app.close();
    }
  });
});

describe('without a web build', () => {
  it('pages answer 503 saying to run the build; the API still works', async () => {
    const empty = await createTestApp({
      env: { webDistDir: await tempDir('no-dist') },
    });
    try {
      const page = await empty.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(page.body).toContain('npm run build');
      const health = await empty.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const robots = await empty.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
    } finally {
      await empty.close();
    }
  });
});
