import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * The fonts every PDF we make is set in, by the names `usePdfFonts` gives them (their PostScript
 * names). The 14 standard PDF fonts know Windows-1252 alone, so a Welsh ŵ or a Polish Ł printed
 * as '?'; DejaVu covers Latin Extended-A, B and Additional, Greek and Cyrillic in full. pdfkit
 * embeds only the glyphs a document uses.
 */
export const PDF_FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  italic: 'DejaVuSans-Oblique',
  mono: 'DejaVuSansMono',
} as const;
export type PdfFontName = (typeof PDF_FONT)[keyof typeof PDF_FONT];

const FILES: Record<PdfFontName, string> = {
  DejaVuSans: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  'DejaVuSans-Bold': '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
  'DejaVuSans-Oblique': '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-italic.woff',
  DejaVuSansMono: '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff',
};

/**
 * A WOFF file as the TrueType file it wraps. fontkit reads a WOFF's tables by inflating them again
 * on every glyph it looks up (a sign took 7 s to lay out instead of 0.1 s), and cannot subset a
 * WOFF2 with composite glyphs, so the tables are inflated once here.
 */
function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const header = 12 + 16 * count;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(header + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  // The offset table: the flavour, and the binary-search figures the format asks for.
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = header;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

let fonts: [PdfFontName, Buffer][] | undefined;

/** The fonts as TrueType, read once per process (about 2.4 MB in all). */
function fontFiles(): [PdfFontName, Buffer][] {
  const resolve = createRequire(import.meta.url).resolve;
  fonts ??= Object.entries(FILES).map(([name, file]) => [
    name as PdfFontName,
    sfntFromWoff(readFileSync(resolve(file))),
  ]);
  return fonts;
}

/** Gives the document the fonts of `PDF_FONT` and sets its text in the regular one. */
export function usePdfFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
  return doc.font(PDF_FONT.regular);
}

/**
 * Everything outside the blocks DejaVu Sans draws in full (Basic Latin, Latin-1, Latin Extended-A
 * and B, IPA, Greek, Cyrillic, Latin Extended Additional, punctuation, arrows, mathematical
 * operators, and the euro, numero and trade mark signs): such a character would print as an
 * empty box, so it prints as '?', which a reader sees stands for something.
 */
const UNDRAWN =
  /[^\t\n\r\x20-\x7e\u00a0-\u02af\u0370-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u03ff\u0400-\u04ff\u1e00-\u1efb\u2010-\u2027\u2030-\u205e\u20ac\u2116\u2122\u2190-\u21ff\u2200-\u22ff]/gu;

/** The text as the embedded sans-serif fonts print it. */
export function printable(text: string): string {
  return text.replace(UNDRAWN, '?');
}
