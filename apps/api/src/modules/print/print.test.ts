import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it } from 'vitest';
import { usePdfFonts } from '../../lib/pdf-fonts';
import { addSticker, call, register, signedIn } from '../../test/accounts';
import { type PdfStream, pdfStreams, textRuns } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

/** The text a reader sees, runs joined by spaces: wrapped lines read as one. */
const pdfText = (pdf: Buffer) =>
  textRuns(pdf)
    .map((r) => r.text.trim())
    .join(' ');

const mediaBox = (pdf: Buffer) => /\/MediaBox \[([^\]]+)\]/.exec(pdf.toString('latin1'))?.[1]?.trim();
const pageCount = (pdf: Buffer) =>
  Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);

/** What the QR code printed on the sign says: its picture taken out of the PDF and decoded. */
function decodeQrIn(pdf: Buffer): string | undefined {
  const images = pdfStreams(pdf).filter(
    (s) => /\/Subtype \/Image/.test(s.dict) && /\/DeviceRGB/.test(s.dict),
  );
  expect(images).toHaveLength(1);
  const [image] = images as [PdfStream];
  const width = Number(/\/Width (\d+)/.exec(image.dict)?.[1]);
  const height = Number(/\/Height (\d+)/.exec(image.dict)?.[1]);
  expect(image.body.length).toBe(width * height * 3);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(image.body.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data;
}

/**
 * Every piece of text lies inside the sign's black frame (10 pt in from the edge on A4, 14 pt on
 * A3, plus its stroke), measured with the font's own widths.
 */
function expectTextInsideFrame(pdf: Buffer, page: { width: number; height: number; frame: number }) {
  const measure = usePdfFonts(new PDFDocument({ autoFirstPage: false }));
  const runs = textRuns(pdf);
  expect(runs.length).toBeGreaterThan(5);
  for (const run of runs) {
    const width = measure.font(run.font).fontSize(run.size).widthOfString(run.text);
    const where = `${JSON.stringify(run.text)} at ${run.x.toFixed(1)},${run.y.toFixed(1)} (${width.toFixed(1)} wide)`;
    expect(run.x, where).toBeGreaterThanOrEqual(page.frame);
    expect(run.x + width, where).toBeLessThanOrEqual(page.width - page.frame);
    expect(run.y, where).toBeGreaterThanOrEqual(page.frame);
    expect(run.y + run.size * 0.8, where).toBeLessThanOrEqual(page.height - page.frame);
  }
}

describe('the printable sign', () => {
  it('is an A4 or A3 PDF whose text names the operator, the purpose and the reference', async () => {
    t = await createTestApp();
    const { sticker } = await register(t, {
      companyName: 'Beacon Retail Ltd',
      keyInfo: 'For the prevention and detection of crime.',
    });
    const a4 = await call(t, 'GET', `/api/signs/${sticker.signRef}/print.pdf?size=A4`);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mediaBox(a4.rawPayload)).toBe('0 0 595.28 841.89');
    expect(pageCount(a4.rawPayload)).toBe(1);
    const text = pdfText(a4.rawPayload);
    expect(text).toContain('CCTV in operation');
    expect(text).toContain('This scheme is operated by Beacon Retail Ltd');
    expect(text).toContain('For the prevention and detection of crime.');
    expect(text).toContain(sticker.signRef);
    expect(text).toContain('Or scan the code to contact the operator');

    const a3 = await call(t, 'GET', `/api/signs/${sticker.signRef.toLowerCase()}/print.pdf?size=A3`);
    expect(mediaBox(a3.rawPayload)).toBe('0 0 841.89 1190.55');
    expect(pageCount(a3.rawPayload)).toBe(1);
    expect(pdfText(a3.rawPayload)).toContain('Beacon Retail Ltd');
  });

  it("prints 'CCTV in operation' as a sign maker would: large, above the operator, the code at the foot", async () => {
    t = await createTestApp();
    const { sticker } = await register(t, { companyName: 'Beacon Retail Ltd' });
    for (const [size, height, scale] of [
      ['A4', 841.89, 1],
      ['A3', 1190.55, 1.4],
    ] as const) {
      const pdf = (await call(t, 'GET', `/api/signs/${sticker.signRef}/print.pdf?size=${size}`)).rawPayload;
      const runs = textRuns(pdf);
      const cctv = runs.find((r) => r.text === 'CCTV');
      const operator = runs.find((r) => r.text === 'Beacon Retail Ltd');
      const reference = runs.find((r) => r.text === sticker.signRef);
      // Legible at a distance: 'CCTV' at least 100 pt on A4 (35 mm capitals), the operator 30 pt.
      expect(cctv?.size).toBeGreaterThanOrEqual(100 * scale);
      expect(operator?.size).toBeGreaterThanOrEqual(30 * scale);
      // Top to bottom (PDF y grows upwards): headline, operator, then the reference by the code,
      // which sits in the lowest fifth of the page: no empty band above it.
      expect(cctv?.y).toBeGreaterThan(operator?.y ?? Number.POSITIVE_INFINITY);
      expect(operator?.y).toBeGreaterThan(reference?.y ?? Number.POSITIVE_INFINITY);
      expect(reference?.y).toBeLessThan(height / 5);
      // The camera pictogram is drawn in paths before any text (bracket, arm, body, stripe,
      // visor, lens, glass: filled shapes besides the yellow ground); the only picture is the code.
      const page =
        pdfStreams(pdf)
          .find((s) => s.body.includes('BT'))
          ?.body.toString('latin1') ?? '';
      const beforeText = page.slice(0, page.indexOf('BT'));
      expect(beforeText.match(/^f$/gm)?.length).toBeGreaterThanOrEqual(7);
      const colourImages = pdfStreams(pdf).filter(
        (s) => /\/Subtype \/Image/.test(s.dict) && /RGB/.test(s.dict),
      );
      expect(colourImages).toHaveLength(1);
    }
  });

  it("carries a QR code that, read from the PDF, opens the sign's page on the signs brand's domain", async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.org' } });
    const { sticker } = await register(t);
    for (const size of ['A4', 'A3']) {
      const res = await call(t, 'GET', `/api/signs/${sticker.signRef}/print.pdf?size=${size}`, {
        headers: { host: 'dvr.localhost' },
      });
      expect(decodeQrIn(res.rawPayload)).toBe(`https://signs.example.org/sign/${sticker.signRef}`);
    }
  });

  it('keeps long names, purposes and contact details inside the frame, on one page, in full', async () => {
    t = await createTestApp();
    const operator =
      'The Exceptionally Long Named Northern and Western Regional Property Management Services Company Ltd';
    const unbroken = 'LlanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogochHoldingsLimited';
    const a = await signedIn(t, {
      companyName: operator,
      keyInfo: 'This CCTV scheme is operated for the prevention and detection of crime. '.repeat(20).trim(),
    });
    const published = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      showPhone: true,
      showEmail: true,
      showAddress: true,
      showRelay: true,
      phone: '+44 (0)113 496 0000 ext. 12345',
      email: 'facilities.management.department@exceptionally-long-domain-name.example.co.uk',
      address: `Unit 14, ${unbroken}, The Old Mill, Canal Wharf Industrial Estate, Leeds LS1 9ZQ`,
      contactText: 'Ask for the duty manager at the gatehouse, open every day from 7am to 11pm. '.repeat(5),
    });
    expect(published.statusCode).toBe(200);
    for (const [size, width, height, frame] of [
      ['A4', 595.28, 841.89, 25],
      ['A3', 841.89, 1190.55, 35],
    ] as const) {
      const pdf = (await call(t, 'GET', `/api/signs/${a.sticker.signRef}/print.pdf?size=${size}`)).rawPayload;
      expect(pageCount(pdf)).toBe(1);
      expectTextInsideFrame(pdf, { width, height, frame });
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      // Wrapped or shrunk, never cut: the operator's name, the e-mail address and the telephone.
      expect(text.replace(/ /g, '')).toContain(operator.replace(/ /g, ''));
      expect(text.replace(/ /g, '')).toContain(
        'facilities.management.department@exceptionally-long-domain-name',
      );
      expect(text).toContain('Tel: +44 (0)113 496 0000 ext. 12345');
      expect(text).toContain('CCTV in operation');
    }
  });

  it('spells Welsh, Irish, Scottish Gaelic, Polish, Czech and Turkish names as written, on A4 and A3', async () => {
    t = await createTestApp();
    const names = [
      'Seán Ó Ceallaigh',
      'Łódź Świętokrzyska Sp. z o.o.',
      'Řehoř Dvořák',
      'Şükrü Çağlar İnşaat',
      'Seòras MacDhòmhnaill',
    ];
    const a = await signedIn(t, {
      companyName: 'Siop Ŵyl Dewi Cyf',
      keyInfo: `Shared with ${names.join('; ')}.`,
    });
    const published = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      showPhone: false,
      showEmail: false,
      showAddress: true,
      showRelay: true,
      address: 'Tŷ Gwyn, Stryd Fawr, Llangefni LL77 7AA',
    });
    expect(published.statusCode).toBe(200);
    for (const size of ['A4', 'A3']) {
      const pdf = (await call(t, 'GET', `/api/signs/${a.sticker.signRef}/print.pdf?size=${size}`)).rawPayload;
      // Read as a PDF reader reads it (poppler's pdftotext), not as this file wrote it.
      const text = execFileSync('pdftotext', ['-', '-'], { input: pdf })
        .toString('utf8')
        .replace(/\s+/g, ' ');
      expect(text, size).toContain('This scheme is operated by Siop Ŵyl Dewi Cyf');
      for (const name of names) expect(text, size).toContain(name);
      expect(text, size).toContain('Tŷ Gwyn, Stryd Fawr, Llangefni LL77 7AA');
      expect(text, size).not.toContain('?');
    }
  });

  it('is refused for other sizes, unregistered signs and unknown references', async () => {
    t = await createTestApp();
    const free = await addSticker(t.db);
    expect((await call(t, 'GET', `/api/signs/${free.signRef}/print.pdf?size=A5`)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/signs/${free.signRef}/print.pdf`)).statusCode).toBe(409);
    expect((await call(t, 'GET', '/api/signs/NOPE-NOPE-NOPE/print.pdf')).statusCode).toBe(404);
  });
});
