import { inflateSync } from 'node:zlib';

// Reading back the PDFs pdfkit writes: their streams, and their text with its font, size and place.

export interface PdfStream {
  dict: string;
  body: Buffer;
}

/** Every stream of a PDF with its dictionary, inflated where it is compressed. */
export function pdfStreams(pdf: Buffer): PdfStream[] {
  const raw = pdf.toString('latin1');
  const found: PdfStream[] = [];
  const streams = /<<((?:[^<>]|<<[^<>]*>>)*)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const dict = m[1] ?? '';
    const body = pdf.subarray(start, raw.indexOf('endstream', start));
    found.push({ dict, body: dict.includes('/FlateDecode') ? inflateSync(body) : body });
  }
  return found;
}

/** The PDF's objects by number, as text: enough to follow a font resource to its name. */
function pdfObject(pdf: Buffer, id: string): string {
  const raw = pdf.toString('latin1');
  const at = raw.indexOf(`\n${id} 0 obj`);
  return raw.slice(at, raw.indexOf('endobj', at));
}

/** The inflated stream of the PDF's object `id`. */
function streamOf(pdf: Buffer, id: string): Buffer {
  const raw = pdf.toString('latin1');
  const at = raw.indexOf(`\n${id} 0 obj`);
  const start = raw.indexOf('stream\n', at) + 'stream\n'.length;
  return inflateSync(pdf.subarray(start, raw.indexOf('endstream', start)));
}

/**
 * A font's codes to the text they stand for, read from its ToUnicode map as pdfkit writes it for
 * an embedded font (`<first> <last> [<text> <text> ...]`, UTF-16BE, a two-byte code per glyph).
 */
function toUnicode(pdf: Buffer, fontObject: string): Map<string, string> {
  const map = new Map<string, string>();
  const id = /\/ToUnicode (\d+) 0 R/.exec(fontObject)?.[1];
  if (!id) return map;
  for (const [, first, list] of streamOf(pdf, id)
    .toString('latin1')
    .matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
    [...(list ?? '').matchAll(/<([0-9a-f ]*)>/g)].forEach(([, utf16], i) => {
      const code = (Number.parseInt(first ?? '', 16) + i).toString(16).padStart(4, '0');
      map.set(
        code,
        Buffer.from((utf16 ?? '').replace(/ /g, ''), 'hex')
          .swap16()
          .toString('utf16le'),
      );
    });
  }
  return map;
}

export interface TextRun {
  text: string;
  /** The font's PostScript name, without the tag of its subset. */
  font: string;
  size: number;
  /** Left edge and baseline in PDF points from the page's bottom-left corner. */
  x: number;
  y: number;
}

/** Each piece of text the page shows, with its font, size and position, as pdfkit writes them. */
export function textRuns(pdf: Buffer): TextRun[] {
  const raw = pdf.toString('latin1');
  const fonts = new Map<string, { base: string; codes: Map<string, string> }>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const object = pdfObject(pdf, id ?? '');
    const base = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(object)?.[1];
    if (name && base) fonts.set(name, { base, codes: toUnicode(pdf, object) });
  }
  const runs: TextRun[] = [];
  for (const { dict, body } of pdfStreams(pdf)) {
    if (dict.includes('/Image')) continue;
    let x = 0;
    let y = 0;
    let font: { base: string; codes: Map<string, string> } | undefined;
    let size = 0;
    const ops = /([-\d.]+) ([-\d.]+) Tm|\/(F\d+) ([\d.]+) Tf|\[([^\]]*)\]\s*TJ/g;
    for (const op of body.toString('latin1').matchAll(ops)) {
      if (op[1] !== undefined) {
        x = Number(op[1]);
        y = Number(op[2]);
      } else if (op[3] !== undefined) {
        font = fonts.get(op[3]);
        size = Number(op[4]);
      } else {
        const hex = [...(op[5] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
        const codes = hex.match(/.{4}/g) ?? [];
        const text = codes.map((code) => font?.codes.get(code) ?? '\ufffd').join('');
        runs.push({ text, font: font?.base ?? '', size, x, y });
      }
    }
  }
  return runs;
}
