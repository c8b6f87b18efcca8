import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dvrDetail, messageReply, productDetail } from '@app/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinkLimit } from '../../limits';
import { createContentTestApp, get, post } from '../../test/content-app';
import type { TestApp } from '../../test/test-app';
import { createDownloadToken } from './download-token';
import { phoneDrawing } from './phone-drawing';
import { defaultContentDir } from './source';

let t: TestApp;
beforeAll(async () => {
  t = await createContentTestApp();
}, 120_000);
afterAll(() => t.close());

describe('GET /api/media/:version/:name', () => {
  it('serves a picture with its type, cached for good under its current version', async () => {
    const product = productDetail.parse((await get(t, 'voice', '/api/products/VA-100')).json());
    const url = product.images.at(-1)?.url ?? '';
    expect(url).toMatch(/\.svg$/);
    const reply = await get(t, 'voice', url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.body).toMatch(/^<svg|^<\?xml/);

    const again = await get(t, 'voice', url, { 'if-none-match': String(reply.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves every size of a drawn view as WebP and PNG, of the pixel size it is listed with, its SVG and a phone's hero SVG, cached for good", async () => {
    const product = productDetail.parse((await get(t, 'nvr', '/api/products/ZV-N8P-4K')).json());
    const [front, rear] = product.images;
    expect([front?.view, rear?.view]).toEqual(['front', 'rear']);
    expect(front?.variants?.map((v) => `${v.width} ${v.type}`)).toEqual([
      '400 image/webp',
      '400 image/png',
      '800 image/webp',
      '800 image/png',
      '1600 image/webp',
      '1600 image/png',
    ]);
    expect([front?.width, front?.url]).toEqual([1600, front?.variants?.at(-1)?.url]);
    // The SVG the sizes are drawn from: the file the drawing script wrote, served as a picture.
    expect(front?.drawing).toMatch(/^\/api\/media\/[0-9a-f]{16}\/zv-n8p-4k-front\.svg$/);
    const drawing = await get(t, 'nvr', front?.drawing ?? '');
    expect(drawing.statusCode).toBe(200);
    expect(drawing.headers['content-type']).toBe('image/svg+xml');
    expect(drawing.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const source = await readFile(path.join(defaultContentDir, 'nvr/images/src/zv-n8p-4k-front.svg'), 'utf8');
    expect(drawing.body).toBe(source);
    // A phone's hero gets the drawing with its small print as bars, served and cached the same way.
    expect(front?.phoneDrawing).toMatch(/^\/api\/media\/[0-9a-f]{16}\/zv-n8p-4k-front-phone\.svg$/);
    const phone = await get(t, 'nvr', front?.phoneDrawing ?? '');
    expect(phone.statusCode).toBe(200);
    expect(phone.headers['content-type']).toBe('image/svg+xml');
    expect(phone.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(phone.body).toBe(phoneDrawing(source));
    expect(phone.body.match(/<text\b/g)?.length).toBeLessThan(source.match(/<text\b/g)?.length ?? 0);
    for (const variant of front?.variants ?? []) {
      const reply = await get(t, 'nvr', variant.url);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe(variant.type);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = reply.rawPayload;
      if (variant.type === 'image/png') {
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([variant.width, variant.height]);
      } else {
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
  });

  it('an old version of a name gets the current file, to be revalidated', async () => {
    const product = productDetail.parse((await get(t, 'nvr', '/api/products/ZV-N8P-4K')).json());
    const name = product.images[0]?.url.split('/').pop() ?? '';
    const reply = await get(t, 'nvr', `/api/media/0000000000000000/${name}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('serves rendered manuals as PDF and release notes as text', async () => {
    const product = dvrDetail.parse((await get(t, 'dvr', '/api/dvrs/AL-4CH-H5')).json());
    const datasheet = product.downloads.find((d) => d.kind === 'datasheet');
    const notes = product.downloads.find((d) => d.kind === 'release-notes');
    const pdf = await get(t, 'dvr', datasheet?.url ?? '');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBe(datasheet?.size);
    const text = await get(t, 'dvr', notes?.url ?? '');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toMatch(/^RELEASE NOTES - not a firmware file/);
  });

  it('plays audio in ranges, as a browser asks for it', async () => {
    const message = messageReply.parse((await get(t, 'voice', '/api/message/2')).json());
    const reply = await get(t, 'voice', message.audio.url, { range: 'bytes=0-43' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes 0-43/${message.audio.size}`);
    expect(reply.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('only serves the files of the host brand, and nothing that is not a content file', async () => {
    const product = productDetail.parse((await get(t, 'nvr', '/api/products/ZV-N8P-4K')).json());
    const url = product.images[0]?.url ?? '';
    expect((await get(t, 'dvr', url)).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fpackage.json', 'jwt-secret', '%2Fetc%2Fpasswd', 'products.json']) {
      const reply = await get(t, 'nvr', `/api/media/0000000000000000/${name}`);
      expect(reply.statusCode, name).toBe(404);
    }
  });
});

/** The newest mail in the outbox to `to`. */
async function mailTo(to: string) {
  return t.db.one<{ subject: string; text_body: string; brand: string }>(
    'select subject, text_body, brand from mail_outbox where to_address = $1 order by id desc limit 1',
    [to],
  );
}

const linkIn = (text: string) => /http:\/\/voice\.localhost:\d+(\/api\/download\/\S+)/.exec(text)?.[1] ?? '';

describe('POST /api/download-link and the link it mails', () => {
  it('mails a link that downloads the recording as an attachment', async () => {
    const reply = await post(t, 'voice', '/api/download-link', {
      messageId: 3,
      email: 'installer@example.com',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      message: 'We have sent a download link to installer@example.com. It works for 24 hours.',
    });

    const mail = await mailTo('installer@example.com');
    expect(mail.brand).toBe('voice');
    const message = messageReply.parse((await get(t, 'voice', '/api/message/3')).json());
    expect(mail.subject).toBe(`Your download link: ${message.title}`);
    expect(mail.text_body).toMatch(/works for 24 hours/);

    const download = await get(t, 'voice', linkIn(mail.text_body));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="message-003-/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.length).toBe(message.audio.size);
  });

  it('an expired link answers 410 with what to do; a browser gets a page', async () => {
    const token = createDownloadToken(t.env.jwtSecret, {
      brand: 'voice',
      messageId: 3,
      expiresAt: new Date(Date.now() - 1000),
    });
    const json = await get(t, 'voice', `/api/download/${token}`);
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({ message: expect.stringMatching(/expired/) });
    const page = await get(t, 'voice', `/api/download/${token}`, { accept: 'text/html' });
    expect(page.statusCode).toBe(410);
    expect(page.body).toMatch(/<h1>This download link has expired<\/h1>/);
    expect(page.body).toMatch(/href="\/message\/3"/);
  });

  it('a link that works until tomorrow still works', async () => {
    const token = createDownloadToken(t.env.jwtSecret, {
      brand: 'voice',
      messageId: 3,
      expiresAt: new Date(Date.now() + 23 * 3600_000),
    });
    expect((await get(t, 'voice', `/api/download/${token}`)).statusCode).toBe(200);
  });

  it('a forged, altered or other-site link answers 403', async () => {
    const good = createDownloadToken(t.env.jwtSecret, {
      brand: 'voice',
      messageId: 3,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const forged = createDownloadToken('another-secret-that-is-at-least-32-characters', {
      brand: 'voice',
      messageId: 3,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const [payload, signature] = good.split('.');
    const altered = `${Buffer.from(JSON.stringify({ b: 'voice', m: 4, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    for (const token of [forged, altered, `${payload}.`, 'nonsense']) {
      expect((await get(t, 'voice', `/api/download/${token}`)).statusCode, token).toBe(403);
    }
    expect((await get(t, 'dvr', `/api/download/${good}`)).statusCode).toBe(403);
  });

  it('refuses a bad address and an unknown message', async () => {
    const bad = await post(t, 'voice', '/api/download-link', { messageId: 3, email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Please enter a valid e-mail address.' });
    const unknown = await post(t, 'voice', '/api/download-link', { messageId: 999, email: 'a@example.com' });
    expect(unknown.statusCode).toBe(404);
    const otherBrand = await post(t, 'dvr', '/api/download-link', { messageId: 3, email: 'a@example.com' });
    expect(otherBrand.statusCode).toBe(404);
    // Past the largest message number the database can hold: refused, not a 500 from PostgreSQL.
    const huge = await post(t, 'voice', '/api/download-link', {
      messageId: 2147483648,
      email: 'a@example.com',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toHaveProperty('message');
  });

  it('limits the links one address can have mailed', async () => {
    const email = 'many@example.com';
    const { max } = downloadLinkLimit.perAccount ?? { max: 0 };
    for (let i = 0; i < max; i += 1) {
      const reply = await post(
        t,
        'voice',
        '/api/download-link',
        { messageId: 1, email },
        { remoteAddress: `10.0.1.${i}` },
      );
      expect(reply.statusCode).toBe(200);
    }
    const over = await post(
      t,
      'voice',
      '/api/download-link',
      { messageId: 1, email },
      { remoteAddress: '10.0.2.1' },
    );
    expect(over.statusCode).toBe(429);
  });
});
