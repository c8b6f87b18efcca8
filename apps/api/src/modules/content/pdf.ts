import { formatUkDate } from '@app/contract/dates';
import { Lexer, type Token, type Tokens } from 'marked';
import PDFDocument from 'pdfkit';
import { PDF_FONT, type PdfFontName, printable, usePdfFonts } from '../../lib/pdf-fonts';

/** Bumped when the layout changes, so every manual is rendered again (it is part of the file's version). */
export const PDF_RENDERER_VERSION = 'pdf-3';

export interface PdfMeta {
  title: string;
  description: string;
  /** The brand name, printed in the footer and recorded as the author. */
  author: string;
  /** The edition and its date (ISO), printed under the description as the download page shows them. */
  version: string;
  released: string;
}

// A fixed date keeps the output byte for byte the same for the same input: the file's size
// and version are then the same on every server that renders it.
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));
const MARGIN = 56;
const BODY_SIZE = 10.5;
const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#999999', codeBack: '#f0f0f0' };

const FONT = PDF_FONT;

interface Run {
  text: string;
  font: PdfFontName;
}

/** Inline tokens as runs of text in one font each (links keep their text; the URL follows in brackets if external). */
function inlineRuns(tokens: Token[] | undefined, font: PdfFontName = FONT.regular): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, FONT.bold));
        break;
      case 'em':
        runs.push(...inlineRuns((token as Tokens.Em).tokens, font === FONT.bold ? FONT.bold : FONT.italic));
        break;
      case 'codespan':
        runs.push({ text: decode((token as Tokens.Codespan).text), font: FONT.mono });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        runs.push(...inlineRuns(link.tokens, font));
        if (/^https?:/.test(link.href)) runs.push({ text: ` (${link.href})`, font });
        break;
      }
      case 'br':
        runs.push({ text: '\n', font });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) runs.push(...inlineRuns(text.tokens, font));
        else runs.push({ text: decode(text.text), font });
        break;
      }
      default:
        runs.push({ text: decode('text' in token ? String(token.text) : token.raw), font });
    }
  }
  return runs;
}

/** marked escapes &, <, >, " and ' in text tokens. */
function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function plain(tokens: Token[] | undefined): string {
  return inlineRuns(tokens)
    .map((run) => run.text)
    .join('');
}

type Doc = PDFKit.PDFDocument;

function writeRuns(doc: Doc, runs: Run[], options: PDFKit.Mixins.TextOptions & { x?: number }): void {
  const { x, ...textOptions } = options;
  const list = runs.length > 0 ? runs : [{ text: '', font: FONT.regular }];
  list.forEach((run, index) => {
    const last = index === list.length - 1;
    doc.font(run.font);
    if (index === 0 && x !== undefined)
      doc.text(printable(run.text), x, doc.y, { ...textOptions, continued: !last });
    else doc.text(printable(run.text), { ...textOptions, continued: !last });
  });
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function renderTable(doc: Doc, table: Tokens.Table): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const columns = table.header.length;
  // Wider columns for longer text, but never narrower than a fair share's half.
  const lengths = table.header.map((cell, c) =>
    Math.max(plain(cell.tokens).length, ...table.rows.map((row) => plain(row[c]?.tokens).length), 4),
  );
  const total = lengths.reduce((a, b) => a + b, 0);
  const minimum = width / columns / 2;
  const raw = lengths.map((length) => Math.max(minimum, (width * length) / total));
  const scale = width / raw.reduce((a, b) => a + b, 0);
  const widths = raw.map((w) => w * scale);
  const pad = 4;

  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE - 1);
    const heights = cells.map((text, c) =>
      doc.heightOfString(printable(text), { width: (widths[c] ?? 0) - 2 * pad }),
    );
    const height = Math.max(...heights) + 2 * pad;
    ensureSpace(doc, height);
    const top = doc.y;
    let x = left;
    cells.forEach((text, c) => {
      const w = widths[c] ?? 0;
      if (bold) doc.rect(x, top, w, height).fillAndStroke(COLOURS.codeBack, COLOURS.rule);
      else doc.rect(x, top, w, height).stroke(COLOURS.rule);
      doc.fillColor(COLOURS.text).text(printable(text), x + pad, top + pad, { width: w - 2 * pad });
      x += w;
    });
    doc.x = left;
    doc.y = top + height;
  };

  doc.lineWidth(0.5);
  drawRow(
    table.header.map((cell) => plain(cell.tokens)),
    true,
  );
  for (const row of table.rows)
    drawRow(
      row.map((cell) => plain(cell.tokens)),
      false,
    );
  doc.moveDown(0.8);
}

function renderList(doc: Doc, list: Tokens.List, depth: number): void {
  const indent = doc.page.margins.left + 14 * (depth + 1);
  const width = doc.page.width - doc.page.margins.right - indent - 14;
  list.items.forEach((item, index) => {
    const start = typeof list.start === 'number' ? list.start : 1;
    const marker = list.ordered ? `${start + index}.` : '\u2022';
    ensureSpace(doc, BODY_SIZE * 2);
    const top = doc.y;
    doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(COLOURS.text);
    doc.text(marker, indent - 14, top, { width: 14, lineBreak: false });
    doc.y = top;
    for (const token of item.tokens) {
      if (token.type === 'list') renderList(doc, token as Tokens.List, depth + 1);
      else if (token.type === 'text' || token.type === 'paragraph')
        writeRuns(doc, inlineRuns((token as Tokens.Text).tokens ?? [token]), {
          x: indent,
          width,
          lineGap: 1.5,
        });
    }
    doc.moveDown(0.25);
  });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4);
}

function renderBlocks(doc: Doc, tokens: Token[], brandTitle: string): void {
  const contentWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const token of tokens) {
    doc.x = doc.page.margins.left;
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        // The document title is printed once at the top already.
        if (heading.depth === 1 && plain(heading.tokens) === brandTitle) break;
        const size = heading.depth <= 1 ? 18 : heading.depth === 2 ? 14 : 12;
        ensureSpace(doc, size * 3);
        doc.moveDown(heading.depth <= 2 ? 0.6 : 0.3);
        doc
          .font(FONT.bold)
          .fontSize(size)
          .fillColor(COLOURS.text)
          .text(printable(plain(heading.tokens)), { width: contentWidth });
        doc.moveDown(0.3);
        break;
      }
      case 'paragraph':
        doc.fontSize(BODY_SIZE).fillColor(COLOURS.text);
        writeRuns(doc, inlineRuns((token as Tokens.Paragraph).tokens), { width: contentWidth, lineGap: 1.5 });
        doc.moveDown(0.6);
        break;
      case 'list':
        renderList(doc, token as Tokens.List, 0);
        break;
      case 'table':
        renderTable(doc, token as Tokens.Table);
        break;
      case 'code': {
        const text = printable((token as Tokens.Code).text);
        doc.font(FONT.mono).fontSize(BODY_SIZE - 1);
        const height = doc.heightOfString(text, { width: contentWidth - 12 }) + 12;
        ensureSpace(doc, height);
        const top = doc.y;
        doc.rect(doc.page.margins.left, top, contentWidth, height).fill(COLOURS.codeBack);
        doc
          .fillColor(COLOURS.text)
          .text(text, doc.page.margins.left + 6, top + 6, { width: contentWidth - 12 });
        doc.y = top + height;
        doc.moveDown(0.6);
        break;
      }
      case 'blockquote':
        doc.fillColor(COLOURS.muted);
        renderBlocks(doc, (token as Tokens.Blockquote).tokens, brandTitle);
        doc.fillColor(COLOURS.text);
        break;
      case 'hr': {
        const y = doc.y + 4;
        doc
          .moveTo(doc.page.margins.left, y)
          .lineTo(doc.page.width - doc.page.margins.right, y)
          .stroke(COLOURS.rule);
        doc.y = y + 8;
        break;
      }
      default:
        break;
    }
  }
}

/** A manual's Markdown as an A4 PDF: title, description, body, and a footer with page numbers. */
export function renderManualPdf(markdown: string, meta: PdfMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: printable(meta.title),
        Subject: printable(meta.description),
        Author: printable(meta.author),
        CreationDate: FIXED_DATE,
        ModDate: FIXED_DATE,
      },
    });
    usePdfFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const width = doc.page.width - 2 * MARGIN;
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(printable(meta.author.toUpperCase()), { width });
    doc.moveDown(0.4);
    doc.font(FONT.bold).fontSize(20).fillColor(COLOURS.text).text(printable(meta.title), { width });
    doc.moveDown(0.3);
    doc.font(FONT.regular).fontSize(11).fillColor(COLOURS.muted).text(printable(meta.description), { width });
    doc.moveDown(0.2);
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(printable(`Version ${meta.version}, ${formatUkDate(meta.released)}`), { width });
    doc.moveDown(0.4);
    const y = doc.y;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .lineWidth(1)
      .stroke(COLOURS.rule);
    doc.y = y + 10;

    renderBlocks(doc, new Lexer({ gfm: true }).lex(markdown), meta.title);

    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const footerY = doc.page.height - MARGIN + 4;
      // Writing below the bottom margin would start a new page; lift the margin while writing.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(COLOURS.muted)
        .text(printable(`${meta.title} · ${meta.author}`), MARGIN, footerY, {
          width: width - 60,
          lineBreak: false,
        });
      doc.text(`Page ${i + 1} of ${range.count}`, doc.page.width - MARGIN - 60, footerY, {
        width: 60,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}
