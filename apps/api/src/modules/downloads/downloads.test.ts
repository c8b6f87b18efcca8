import { brandById } from '@app/brands';
import { signDownloadsReply } from '@app/contract/sign-downloads';
import { afterEach, describe, expect, it } from 'vitest';
import { textRuns } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

/** The text a PDF of ours shows, one line per text run. */
const pdfText = (pdf: Buffer): string[] => textRuns(pdf).map((run) => run.text.trim());
afterEach(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'signs.localhost' } });

describe('sign downloads', () => {
  it('lists sign artwork and guides with their real sizes and page counts', async () => {
    t = await createTestApp();
    const res = await get('/api/downloads/signs');
    expect(res.statusCode).toBe(200);
    const { items } = signDownloadsReply.parse(res.json());
    expect(items.map((i) => [i.kind, i.paper])).toEqual([
      ['artwork', 'A4 portrait'],
      ['artwork', 'A3 portrait'],
      ['artwork', 'A4 landscape'],
      ['artwork', 'A5 portrait'],
      ['guide', 'A4 portrait'],
      ['guide', 'A4 portrait'],
      ['guide', 'A4 portrait'],
    ]);
    for (const item of items) {
      const file = await get(item.url);
      expect(file.statusCode, item.url).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="${item.file}"; filename*=UTF-8''${item.file}`,
      );
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.rawPayload.length).toBe(item.bytes);
      if (item.kind === 'artwork') expect(item.pages, item.file).toBe(1);
      else expect(item.pages, item.file).toBeGreaterThanOrEqual(1);
    }
  });

  it('prints the sign wording and the register address on the artwork, and the guide text in the guides', async () => {
    t = await createTestApp();
    const { items } = signDownloadsReply.parse((await get('/api/downloads/signs')).json());
    for (const item of items.filter((i) => i.kind === 'artwork')) {
      const lines = pdfText((await get(item.url)).rawPayload);
      expect(lines.slice(0, 2), item.file).toEqual(['CCTV', 'IN OPERATION']);
      expect(lines, item.file).toContain('www.cctvsignregister.co.uk');
      expect(lines, item.file).toContain('This scheme is operated by:');
      expect(lines, item.file).toContain('Place the register sticker here');
    }
    const guide = pdfText((await get('/api/downloads/signs/how-to-register-your-sign.pdf')).rawPayload);
    expect(guide).toContain('How to register your CCTV sign');
    expect(guide).toContain('Step 4: confirm your email address');
    expect(guide).toContain(brandById('signs').name.toUpperCase());
  });

  it('gives the same bytes every time (the sizes on the page stay true)', async () => {
    t = await createTestApp();
    const first = await get('/api/downloads/signs/cctv-sign-a4-portrait.pdf');
    const other = await createTestApp();
    try {
      const second = await other.app.inject({
        method: 'GET',
        url: '/api/downloads/signs/cctv-sign-a4-portrait.pdf',
      });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for a file that is not on the list', async () => {
    t = await createTestApp();
    for (const url of ['/api/downloads/signs/secret.pdf', '/api/downloads/signs/..%2Fdownloads.json']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});
