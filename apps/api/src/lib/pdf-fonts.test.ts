import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { renderManualPdf } from '../modules/content/pdf';
import { PDF_FONT, printable, usePdfFonts } from './pdf-fonts';

/** The text of a PDF as poppler's pdftotext reads it, spaces and line ends as single spaces. */
const readBack = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ').trim();

/** A one-page PDF of `text` in each of the fonts, wrapped at the page's width. */
function pdfOf(text: string, fonts: string[]): Promise<Buffer> {
  const doc = usePdfFonts(new PDFDocument({ size: 'A4' }));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const font of fonts) doc.font(font).fontSize(6).text(text);
  doc.end();
  return done;
}

const characters = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

describe('the fonts of our PDFs', () => {
  it('print every letter of Latin Extended-A, Extended-B and Additional as itself, in each sans-serif font', async () => {
    // U+0100-024F: Welsh ŵ ŷ, Polish, Czech, Turkish, Romanian ș ț, Sámi...; U+1E00-1EFB: Welsh ẁ ẃ ẅ ỳ, Vietnamese.
    const letters = characters(0x100, 0x24f) + characters(0x1e00, 0x1efb);
    expect(printable(letters)).toBe(letters);
    const sans = [PDF_FONT.regular, PDF_FONT.bold, PDF_FONT.italic];
    const text = readBack(await pdfOf(letters, sans)).replace(/ /g, '');
    expect(text).toBe(letters.repeat(3));
  });

  it("print the manuals' symbols and names, and a '?' for what they cannot draw", async () => {
    expect(printable('Siop Ŵyl Dewi Cyf, Αθήνα, Київ, 75 Ω → ≥ 4 °C × 2 € №')).toBe(
      'Siop Ŵyl Dewi Cyf, Αθήνα, Київ, 75 Ω → ≥ 4 °C × 2 € №',
    );
    // An emoji, CJK and a zero-width joiner would be empty boxes or nothing: one '?' each.
    expect(printable('Café 😀 東京\u200d!')).toBe('Café ? ???!');
    const pdf = await renderManualPdf(
      '# Guide\n\nSet the input to **75 Ω** → check ≥ 4 °C, 2 × 3.\n\nMade by Şükrü Çağlar İnşaat and Řehoř Dvořák.\n\n```\nimpedance: 75 Ω → OK\n```\n',
      {
        title: 'Gŵyl guide',
        description: 'Łódź edition',
        author: 'Seán Ó Ceallaigh',
        version: '1.0',
        released: '2026-01-01',
      },
    );
    const text = readBack(pdf);
    for (const expected of [
      'Gŵyl guide',
      'Łódź edition',
      'SEÁN Ó CEALLAIGH',
      'Set the input to 75 Ω → check ≥ 4 °C, 2 × 3.',
      'Made by Şükrü Çağlar İnşaat and Řehoř Dvořák.',
      'impedance: 75 Ω → OK',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('?');
  });
});
