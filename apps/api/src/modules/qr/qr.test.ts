import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

function decodePng(bytes: Buffer): string | undefined {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('QR codes of signs', () => {
  it("the PNG decodes to the sign's page on the signs brand's configured domain", async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.org' } });
    const sticker = await addSticker(t.db);
    const res = await call(
      t,
      'GET',
      `/api/signs/${sticker.signRef.toLowerCase().replaceAll('-', '')}/qr.png`,
      {
        headers: { host: 'dvr.localhost' },
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(decodePng(res.rawPayload)).toBe(`https://signs.example.org/sign/${sticker.signRef}`);
  });

  it('the SVG is an SVG image, and an unknown reference has no code', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const svg = await call(t, 'GET', `/api/signs/${sticker.signRef}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg[^>]*viewBox/);
    expect((await call(t, 'GET', '/api/signs/NOPE-NOPE-NOPE/qr.svg')).statusCode).toBe(404);
  });

  it("each sign's SVG is its own, asked again or after another sign's, and follows the configured domain", async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.org' } });
    const first = await addSticker(t.db);
    const second = await addSticker(t.db);
    const svgOf = async (app: TestApp, ref: string) =>
      (await call(app, 'GET', `/api/signs/${ref}/qr.svg`)).body;
    const a = await svgOf(t, first.signRef);
    const b = await svgOf(t, second.signRef);
    expect(b).not.toBe(a);
    expect(await svgOf(t, first.signRef)).toBe(a);
    await t.close();
    // Another server in the same process, on another domain: its code names its own address.
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.net' } });
    const same = await addSticker(t.db, first.signRef);
    expect(await svgOf(t, same.signRef)).not.toBe(a);
  });
});
