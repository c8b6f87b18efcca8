import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  dvrDetail,
  dvrIntroReply,
  dvrListReply,
  messageCategoryListReply,
  messageCategoryReply,
  messageReply,
  messageRouteReply,
  messageSubcategoryReply,
  pageReply,
  productDetail,
  productListReply,
  resourceGroup,
  resourceListReply,
  supportReply,
} from '@app/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag } from '../../lib/public-cache';
import { createContentTestApp, get } from '../../test/content-app';
import type { TestApp } from '../../test/test-app';
import { contentNotFound } from './routes';
import { defaultContentDir } from './source';

let t: TestApp;
beforeAll(async () => {
  t = await createContentTestApp();
}, 120_000);
afterAll(() => t.close());

const readJson = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(path.join(defaultContentDir, file), 'utf8')) as T;

describe('DVR calls', () => {
  it('GET /api/dvrs lists the models by dvrName in display order', async () => {
    const reply = await get(t, 'dvr', '/api/dvrs');
    expect(reply.statusCode).toBe(200);
    const dvrs = dvrListReply.parse(reply.json());
    const source = await readJson<{ dvrName: string; order: number }[]>('dvr/dvrs.json');
    expect(dvrs.map((d) => d.dvrName)).toEqual(
      [...source].sort((a, b) => a.order - b.order).map((d) => d.dvrName),
    );
    expect(dvrs[0]?.image.url).toMatch(/^\/api\/media\/[0-9a-f]{16}\/al-4ch-h5-front-1600\.png$/);
  });

  it('GET /api/dvrs/:dvrName gives the model in full, whatever the case of the name', async () => {
    const reply = await get(t, 'dvr', '/api/dvrs/al-8ch-h5');
    expect(reply.statusCode).toBe(200);
    const dvr = dvrDetail.parse(reply.json());
    expect(dvr.dvrName).toBe('AL-8CH-H5');
    expect(dvr.images.length).toBeGreaterThanOrEqual(2);
    expect(dvr.specs.length).toBeGreaterThan(5);
    expect(dvr.downloads.map((d) => d.kind)).toContain('datasheet');
  });

  it('an unknown model is a 404 with a message', async () => {
    const reply = await get(t, 'dvr', '/api/dvrs/AL-99CH');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: contentNotFound.dvr });
  });

  it('GET /api/dvrintro and GET /api/support', async () => {
    const intro = dvrIntroReply.parse((await get(t, 'dvr', '/api/dvrintro')).json());
    expect(intro.title).toBe('Introducing the Alien DVR range');
    expect(intro.highlights.length).toBeGreaterThan(0);
    expect(intro.body[0]).toMatchObject({
      type: 'paragraph',
      text: expect.stringMatching(/^Every Alien recorder/),
    });
    const support = supportReply.parse((await get(t, 'dvr', '/api/support')).json());
    expect(support.contacts[0]?.href).toMatch(/^tel:/);
    expect(support.faq.length).toBeGreaterThan(3);
  });
});

describe('products, resources and pages', () => {
  it('GET /api/products lists the products of the host brand only', async () => {
    const nvr = productListReply.parse((await get(t, 'nvr', '/api/products')).json());
    const voice = productListReply.parse((await get(t, 'voice', '/api/products')).json());
    expect(nvr.map((p) => p.name)).toContain('ZV-N4P-4K');
    expect(voice.map((p) => p.name)).not.toContain('ZV-N4P-4K');
    expect(voice.every((p) => p.title.length > 0)).toBe(true);
    expect(await get(t, 'signs', '/api/products').then((r) => r.json())).toEqual([]);
  });

  it('GET /api/products/:name is scoped to the brand: another brand’s product is a 404', async () => {
    const product = productDetail.parse((await get(t, 'nvr', '/api/products/ZV-N4P-4K')).json());
    expect(product.title).toMatch(/ZV-N4P-4K/);
    const elsewhere = await get(t, 'voice', '/api/products/ZV-N4P-4K');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: contentNotFound.product });
  });

  it('GET /api/resources and /api/resources/:contentType; an unknown type is a 404', async () => {
    const all = resourceListReply.parse((await get(t, 'nvr', '/api/resources')).json());
    expect(all.map((g) => g.contentType)).toEqual([
      'manuals',
      'datasheets',
      'guides',
      'firmware',
      'software',
    ]);
    const firmware = resourceGroup.parse((await get(t, 'nvr', '/api/resources/firmware')).json());
    expect(firmware.items.every((item) => item.kind === 'release-notes' && item.version)).toBe(true);
    expect((await get(t, 'nvr', '/api/resources/videos')).statusCode).toBe(404);
  });

  it('GET /api/pages/:slug fills in the resources, products and downloads the page lists', async () => {
    const manuals = pageReply.parse((await get(t, 'dvr', '/api/pages/manuals')).json());
    expect(manuals.title).toBe('Manuals');
    expect(manuals.resources.map((g) => g.contentType)).toEqual(['manuals', 'datasheets', 'firmware']);

    const anprHome = pageReply.parse((await get(t, 'anpr', '/api/pages/home')).json());
    expect(anprHome.products.map((p) => p.name)).toEqual(['PlateSight-Lite', 'PlateSight-Pro', 'PS-IO4']);
    expect(anprHome.products[0]?.description[0]?.type).toBe('paragraph');

    const download = pageReply.parse((await get(t, 'ipcam', '/api/pages/download')).json());
    expect(download.downloads.map((d) => d.platform).filter(Boolean)).toEqual(['windows', 'macos']);

    expect((await get(t, 'ipcam', '/api/pages/no-such-page')).statusCode).toBe(404);
    expect((await get(t, 'ipcam', '/api/pages/..%2Fsecrets')).statusCode).toBe(404);
  });
});

describe('Markdown fields', () => {
  it('come lexed, front matter left out, without the source text the browser does not show', async () => {
    const home = pageReply.parse((await get(t, 'anpr', '/api/pages/home')).json());
    expect(home.body[0]).toMatchObject({
      type: 'paragraph',
      tokens: [{ type: 'strong', text: 'PlateSight' }, expect.anything()],
    });
    expect(home.body).toContainEqual(
      expect.objectContaining({ type: 'heading', depth: 2, text: 'What it is used for' }),
    );
    expect(home.body.some((token) => token.type === 'table')).toBe(true);
    const json = JSON.stringify(home.body);
    expect(json).not.toContain('"raw"');
    expect(json).not.toContain('title:');
  });

  it('are documented in OpenAPI as lists of tokens', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const page = doc.paths['/api/pages/{slug}'].get.responses['200'].content['application/json'].schema;
    expect(page.properties.body).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['type'] },
    });
  });
});

describe('voice message calls', () => {
  it('GET /api/message/route is the categories with id, title and subcategories (id, title)', async () => {
    const source = await readJson<{
      categories: { id: number; title: string; subcategories: { id: number; title: string }[] }[];
    }>('voice/categories.json');
    const reply = await get(t, 'voice', '/api/message/route');
    expect(messageRouteReply.parse(reply.json())).toEqual(
      source.categories.map((c) => ({
        id: c.id,
        title: c.title,
        subcategories: c.subcategories.map((s) => ({ id: s.id, title: s.title })),
      })),
    );
    expect(reply.json()).toEqual(messageRouteReply.parse(reply.json()));
  });

  it('GET /api/message/category counts the messages of each subcategory', async () => {
    const categories = messageCategoryListReply.parse(
      (await get(t, 'voice', '/api/message/category')).json(),
    );
    const total = categories.flatMap((c) => c.subcategories).reduce((n, s) => n + s.messageCount, 0);
    expect(total).toBe(36);
    expect(await get(t, 'dvr', '/api/message/category').then((r) => r.json())).toEqual([]);
  });

  it('a category, a subcategory and a message by number; unknown or malformed numbers are 404s', async () => {
    const category = messageCategoryReply.parse((await get(t, 'voice', '/api/message/category/1')).json());
    expect(category.subcategories[0]?.messages.length).toBeGreaterThan(0);
    const sub = messageSubcategoryReply.parse((await get(t, 'voice', '/api/message/subcategory/11')).json());
    expect(sub.category).toEqual({ id: 1, title: category.title });
    const message = messageReply.parse((await get(t, 'voice', '/api/message/1')).json());
    expect(message.text).toMatch(/recorded on CCTV/);
    expect(message.audio).toEqual(
      expect.objectContaining({ contentType: 'audio/wav', fileName: expect.stringMatching(/\.wav$/) }),
    );

    for (const url of ['/api/message/category/99', '/api/message/subcategory/999', '/api/message/999']) {
      expect((await get(t, 'voice', url)).statusCode, url).toBe(404);
    }
    // Not an id at all (the shared id schema): refused, as on every route that takes an id.
    for (const url of ['/api/message/subcategory/0', '/api/message/abc', '/api/message/01']) {
      expect((await get(t, 'voice', url)).statusCode, url).toBe(400);
    }
    expect((await get(t, 'dvr', '/api/message/1')).statusCode).toBe(404);
  });
});

describe('HTTP caching', () => {
  it('answers with an ETag and a Cache-Control a CDN can use, and 304 to a request that has the current version', async () => {
    const cdn = 'public, max-age=60, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400';
    const first = await get(t, 'dvr', '/api/dvrs');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-\d+"$/);
    expect(first.headers['cache-control']).toBe(cdn);

    const again = await get(t, 'dvr', '/api/dvrs', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(cdn);

    const stale = await get(t, 'dvr', '/api/dvrs', { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('each brand has its own version', async () => {
    const dvr = await get(t, 'dvr', '/api/products');
    const nvr = await get(t, 'nvr', '/api/products');
    expect(dvr.headers.etag).not.toBe(nvr.headers.etag);
    expect(
      (await get(t, 'nvr', '/api/products', { 'if-none-match': String(dvr.headers.etag) })).statusCode,
    ).toBe(200);
  });

  it('compares ETags as RFC 9110 says for GET (weak, lists, *)', () => {
    expect(matchesEtag('"a-1"', 'W/"a-1"')).toBe(true);
    expect(matchesEtag('W/"x", W/"a-1"', 'W/"a-1"')).toBe(true);
    expect(matchesEtag('*', 'W/"a-1"')).toBe(true);
    expect(matchesEtag('W/"a-2"', 'W/"a-1"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a-1"')).toBe(false);
  });
});
