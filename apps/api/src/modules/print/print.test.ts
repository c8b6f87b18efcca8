import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addSticker, call, register } from '../users/test-helpers';

let t: TestApp;
afterEach(() => t?.close());

/** The text shown by a PDF's content streams (inflated where compressed), one line per TJ/Tj. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if ((m[1] ?? '').includes('/FlateDecode')) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // an image, not text
      }
    }
    const content = body.toString('latin1');
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [op[2] ?? ''];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

const mediaBox = (pdf: Buffer) => /\/MediaBox \[([^\]]+)\]/.exec(pdf.toString('latin1'))?.[1]?.trim();

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
    const text = pdfText(a4.rawPayload);
    expect(text).toContain('CCTV in operation');
    expect(text).toContain('Beacon Retail Ltd');
    expect(text).toContain('For the prevention and detection of crime.');
    expect(text).toContain(sticker.signRef);
    expect(text).toContain('Or scan the code to contact the operator');

    const a3 = await call(t, 'GET', `/api/signs/${sticker.signRef.toLowerCase()}/print.pdf?size=A3`);
    expect(mediaBox(a3.rawPayload)).toBe('0 0 841.89 1190.55');
    expect(pdfText(a3.rawPayload)).toContain('Beacon Retail Ltd');
  });

  it('is refused for other sizes, unregistered signs and unknown references', async () => {
    t = await createTestApp();
    const free = await addSticker(t.db);
    expect((await call(t, 'GET', `/api/signs/${free.signRef}/print.pdf?size=A5`)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/signs/${free.signRef}/print.pdf`)).statusCode).toBe(409);
    expect((await call(t, 'GET', '/api/signs/NOPE-NOPE-NOPE/print.pdf')).statusCode).toBe(404);
  });
});
