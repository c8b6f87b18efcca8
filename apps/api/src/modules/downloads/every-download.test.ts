import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type DownloadItem,
  dvrDetail,
  dvrListReply,
  pageReply,
  productDetail,
  productListReply,
  resourceListReply,
} from '@app/contract/catalogue';
import { signDownloadsReply } from '@app/contract/sign-downloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, get } from '../../test/content-app';
import type { TestApp } from '../../test/test-app';
import { generatedMediaDir } from '../content/media';
import { findFile } from '../content/repository';
import { defaultContentDir, sisterBrands } from '../content/source';

let t: TestApp;
beforeAll(async () => {
  // The crawl asks for every page and file of every brand from one address, far more than one
  // visitor's allowance of public reads; those limits have tests of their own (rate-limit.test.ts).
  t = await createContentTestApp({ env: { rateLimits: 'off' } });
}, 180_000);
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every download link a visitor of the brand can find: on its pages, product pages and resource lists. */
async function downloadsOf(brand: string): Promise<{ where: string; item: DownloadItem }[]> {
  const found: { where: string; item: DownloadItem }[] = [];
  const add = (where: string, items: DownloadItem[]) => {
    for (const item of items) found.push({ where, item });
  };
  const slugs = (await readdir(path.join(defaultContentDir, brand, 'pages'))).map((f) =>
    f.replace(/\.md$/, ''),
  );
  for (const slug of slugs) {
    const page = pageReply.parse((await get(t, brand, `/api/pages/${slug}`)).json());
    add(`/${slug}`, page.downloads);
    for (const group of page.resources) add(`/${slug} ${group.contentType}`, group.items);
    for (const product of page.products) add(`/${slug} ${product.name}`, product.downloads);
  }
  if (brand === 'dvr') {
    for (const { dvrName } of dvrListReply.parse((await get(t, brand, '/api/dvrs')).json())) {
      const dvr = dvrDetail.parse((await get(t, brand, `/api/dvrs/${dvrName}`)).json());
      add(`/dvrs/${dvrName}`, dvr.downloads);
    }
  } else {
    for (const { name } of productListReply.parse((await get(t, brand, '/api/products')).json())) {
      const product = productDetail.parse((await get(t, brand, `/api/products/${name}`)).json());
      add(`/products/${name}`, product.downloads);
    }
  }
  const resources = await get(t, brand, '/api/resources');
  for (const group of resourceListReply.parse(resources.json()))
    add(`/resources/${group.contentType}`, group.items);
  return found;
}

describe('every download link of every sister brand', () => {
  it.each(sisterBrands)(
    '%s: each link gives the file whose size and SHA-256 the page shows',
    async (brand) => {
      const downloads = await downloadsOf(brand);
      expect(downloads.length, brand).toBeGreaterThan(0);
      for (const { where, item } of downloads) {
        const label = `${brand} ${where}: ${item.label}`;
        expect(item.sha256, label).toMatch(/^[0-9a-f]{64}$/);
        expect(item.version, label).not.toBe('');
        expect(item.released, label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(item.url, label).toMatch(/^\/api\/files\/[0-9a-f]{16}\/[\w.-]+$/);
        // As a browser asks: it accepts compression, but a download arrives as the file it is.
        const reply = await get(t, brand, item.url, { 'accept-encoding': 'br, gzip' });
        expect(reply.statusCode, label).toBe(200);
        expect(reply.headers['content-encoding'], label).toBeUndefined();
        expect(sha256(reply.rawPayload), label).toBe(item.sha256);
        expect(reply.rawPayload.length, label).toBe(item.size);
        expect(reply.headers['content-length'], label).toBe(String(item.size));
        expect(reply.headers['content-type'], label).toBe(item.contentType);
        expect(reply.headers['content-disposition'], label).toBe(
          `attachment; filename="${item.fileName}"; filename*=UTF-8''${item.fileName}`,
        );
        expect(reply.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
        const etag = String(reply.headers.etag);
        expect(etag, label).toMatch(/^"[0-9a-f]{16}"$/);
        const again = await get(t, brand, item.url, { 'if-none-match': etag });
        expect(again.statusCode, label).toBe(304);
      }
    },
  );

  it('the size and SHA-256 of each download are those of its file on disk', async () => {
    for (const brand of sisterBrands) {
      for (const { item } of await downloadsOf(brand)) {
        const file = await findFile(t.db, brand, item.fileName);
        expect(file, item.fileName).toBeDefined();
        if (!file) continue;
        const root =
          file.origin === 'content'
            ? path.join(defaultContentDir, brand)
            : generatedMediaDir(t.env.dataDir, brand);
        const bytes = await readFile(path.join(root, file.path));
        expect([bytes.length, sha256(bytes)], `${brand} ${item.fileName}`).toEqual([item.size, item.sha256]);
      }
    }
  });

  it('pictures and recordings are not served as downloads', async () => {
    const product = productDetail.parse((await get(t, 'ipcam', '/api/products/ipcam-scout')).json());
    const picture = product.images[0]?.url.replace('/api/media/', '/api/files/') ?? '';
    expect(picture).toMatch(/^\/api\/files\//);
    expect((await get(t, 'ipcam', picture)).statusCode).toBe(404);
  });

  it('the IP camera tool offers its planner as an HTML file that is saved, not shown', async () => {
    const page = pageReply.parse((await get(t, 'ipcam', '/api/pages/download')).json());
    const planner = page.downloads.find((d) => d.fileName === 'ipcam-scout-planner.html');
    expect(planner).toMatchObject({ kind: 'tool', contentType: 'text/html; charset=utf-8' });
    const guide = page.downloads.find((d) => d.fileName === 'ipcam-scout-user-guide.pdf');
    expect(guide).toMatchObject({ kind: 'manual', contentType: 'application/pdf', version: '2.6' });
    const reply = await get(t, 'ipcam', planner?.url ?? '');
    expect(reply.headers['content-disposition']).toMatch(/^attachment;/);
    expect(reply.body).toContain('<title>IPCam Scout Planner');
  });
});

describe('the signs site downloads', () => {
  it('each link gives the PDF whose size and SHA-256 the page shows, cached for good under its version', async () => {
    const { items } = signDownloadsReply.parse((await get(t, 'signs', '/api/downloads/signs')).json());
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const reply = await get(t, 'signs', item.url, { 'accept-encoding': 'br, gzip' });
      expect(reply.statusCode, item.file).toBe(200);
      expect(reply.headers['content-encoding'], item.file).toBeUndefined();
      expect(sha256(reply.rawPayload), item.file).toBe(item.sha256);
      expect(reply.headers['content-length'], item.file).toBe(String(item.bytes));
      expect(reply.headers['content-type'], item.file).toBe('application/pdf');
      expect(reply.headers['content-disposition'], item.file).toBe(
        `attachment; filename="${item.file}"; filename*=UTF-8''${item.file}`,
      );
      expect(reply.headers['cache-control'], item.file).toBe('public, max-age=31536000, immutable');
      expect(item.url, item.file).toBe(`/api/downloads/signs/${item.sha256.slice(0, 16)}/${item.file}`);
      const etag = String(reply.headers.etag);
      expect((await get(t, 'signs', item.url, { 'if-none-match': etag })).statusCode, item.file).toBe(304);
      // The name alone (older links) and an old version are revalidated, not cached for good.
      for (const older of [
        `/api/downloads/signs/${item.file}`,
        `/api/downloads/signs/0000000000000000/${item.file}`,
      ]) {
        const reply = await get(t, 'signs', older);
        expect(reply.statusCode, older).toBe(200);
        expect(reply.headers['cache-control'], older).toBe('no-cache');
        expect(sha256(reply.rawPayload), older).toBe(item.sha256);
      }
    }
  });
});

describe('download routes and paths that climb out', () => {
  const attempts = [
    '/api/files/0000000000000000/..%2f..%2fpackage.json',
    '/api/files/0000000000000000/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/files/0000000000000000/.%2e%2f.%2e%2fpackage.json',
    '/api/files/0000000000000000/%2e%2e%2fproducts.json',
    '/api/media/0000000000000000/..%2f..%2fpackage.json',
    '/api/media/0000000000000000/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/media/..%2f..%2f/package.json',
    '/api/media/0000000000000000/%2e%2e%2fproducts.json',
    '/api/media/0000000000000000/..%5cproducts.json',
    '/api/downloads/signs/..%2fdownloads.json',
    '/api/downloads/signs/..%2f..%2f..%2fpackage.json',
    '/api/downloads/signs/0000000000000000/..%2f..%2fdownloads.json',
    '/api/downloads/signs/..%2f/cctv-sign-a4-portrait.pdf%2f..%2f..%2fpackage.json',
  ];
  it.each(attempts)('%s is a 404 that gives nothing away', async (url) => {
    for (const brand of ['ipcam', 'signs']) {
      const reply = await get(t, brand, url);
      expect(reply.statusCode, `${brand} ${url}`).toBe(404);
      expect(reply.headers['content-type'], `${brand} ${url}`).toMatch(/^application\/json/);
      expect(reply.body, `${brand} ${url}`).not.toMatch(/"name"|root:|"items"/);
    }
  });
});
