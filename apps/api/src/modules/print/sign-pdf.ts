import type { Scheme } from '@app/contract/lookup';
import { signContactLines, signWording } from '@app/contract/sign-wording';
import PDFDocument from 'pdfkit';
import { PDF_FONT, printable, usePdfFonts } from '../../lib/pdf-fonts';

export const SIGN_SIZES = ['A4', 'A3'] as const;
export type SignSize = (typeof SIGN_SIZES)[number];

export interface SignArtwork {
  signRef: string;
  scheme: Scheme;
  /** The sign's public page, also encoded in the QR code. */
  pageUrl: string;
  qrPng: Buffer;
  size: SignSize;
}

type Doc = PDFKit.PDFDocument;
type Font = typeof PDF_FONT.regular | typeof PDF_FONT.bold;
const REGULAR = PDF_FONT.regular;
const BOLD = PDF_FONT.bold;

const A4_WIDTH = 595.28;
const YELLOW = '#ffd400';
const BLACK = '#111111';
const WHITE = '#ffffff';
/** Extra space between wrapped lines, as a share of the font size. */
const LINE_GAP = 0.12;

/** One piece of text set for a width: at most `maxLines` lines, shrunk from `size` towards `minSize` to get there. */
interface TextPiece {
  text: string;
  font: Font;
  size: number;
  minSize: number;
  maxLines: number;
  /** Kept on one line down to this size before it may wrap (a name or an address reads best whole). */
  oneLineDownTo?: number;
  /** Capitals only: no room kept below the line for descenders or a following line. */
  capitals?: boolean;
}

/** A piece as it will be printed: its font size and the height it takes. */
interface SetText extends TextPiece {
  height: number;
}

function lineHeight(doc: Doc, font: Font, size: number): number {
  doc.font(font).fontSize(size);
  return doc.heightOfString('Xg', { lineGap: size * LINE_GAP });
}

/**
 * The largest size from `size` down to `minSize` at which the text takes no more than its lines
 * (a word too long for a line is broken, never left sticking out). Text still too long at the
 * smallest size is cut at its last line with an ellipsis when printed.
 */
function setText(doc: Doc, piece: TextPiece, width: number): SetText {
  if (piece.oneLineDownTo !== undefined && piece.maxLines > 1) {
    const { oneLineDownTo, ...rest } = piece;
    const one = setText(doc, { ...rest, minSize: oneLineDownTo, maxLines: 1 }, width);
    if (fitsLines(doc, one, width, 1)) return one;
    return setText(doc, rest, width);
  }
  let size = piece.size;
  for (;;) {
    doc.font(piece.font).fontSize(size);
    const one = lineHeight(doc, piece.font, size);
    const height = doc.heightOfString(piece.text, { width, lineGap: size * LINE_GAP });
    const lines = Math.round(height / one);
    if (lines <= piece.maxLines)
      return { ...piece, size, height: piece.capitals ? height - size * 0.3 : height };
    const next = Math.max(piece.minSize, size * 0.94);
    if (next === size) return { ...piece, size, height: one * piece.maxLines };
    size = next;
  }
}

function fitsLines(doc: Doc, t: SetText, width: number, lines: number): boolean {
  doc.font(t.font).fontSize(t.size);
  const height = doc.heightOfString(t.text, { width, lineGap: t.size * LINE_GAP });
  return Math.round(height / lineHeight(doc, t.font, t.size)) <= lines;
}

function drawText(doc: Doc, t: SetText, x: number, y: number, width: number, align: 'center' | 'left') {
  doc
    .fillColor(BLACK)
    .font(t.font)
    .fontSize(t.size)
    .text(t.text, x, y, {
      width,
      align,
      lineGap: t.size * LINE_GAP,
      // Never past its own box: no text runs on to a second page or over the next block.
      height: t.capitals ? t.height + t.size * 0.3 + 1 : t.height + 1,
      ellipsis: true,
    });
}

/**
 * The camera pictogram, drawn as vector paths: a box camera with its sun visor and lens, tilted
 * down towards the viewer's left, on an arm from a wall bracket. `height` is the drawing's height;
 * it is 1.7 times as wide.
 */
function drawCamera(doc: Doc, centreX: number, top: number, height: number) {
  const unit = height / 100;
  doc.save();
  doc.translate(centreX - 85 * unit, top).scale(unit);
  doc.fillColor(BLACK);
  // Wall bracket, and the arm from it down to the camera's mount.
  doc.roundedRect(154, 0, 16, 52, 3).fill();
  doc.rect(118, 14, 40, 11).fill();
  doc.rect(118, 14, 11, 30).fill();
  // The camera, its front tipped down towards the viewer's left.
  doc.save();
  doc.rotate(-15, { origin: [124, 44] });
  // Body, with a light stripe that reads as a camera's side panel.
  doc.roundedRect(34, 40, 100, 36, 6).fill();
  doc.fillColor(YELLOW).roundedRect(48, 62, 72, 5, 2).fill();
  // Sun visor over the body, reaching past its front.
  doc.fillColor(BLACK).polygon([18, 30], [138, 30], [138, 42], [26, 42]).fill();
  // The lens: a barrel at the front with its glass.
  doc.rect(16, 44, 20, 28).fill();
  doc.fillColor(YELLOW).circle(20, 58, 6).fill();
  doc.restore();
  doc.restore();
}

/** The contact block's lines (shared with the owner's preview), each set as the sign sets it. */
function contactPieces(scheme: Scheme): TextPiece[] {
  const bold = (text: string, maxLines: number): TextPiece => ({
    text: printable(text),
    font: BOLD,
    size: 24,
    minSize: 11,
    maxLines,
  });
  return signContactLines(scheme.contact).map(({ kind, text }): TextPiece => {
    switch (kind) {
      case 'email':
        return { ...bold(text, 2), oneLineDownTo: 13 };
      case 'address':
        return { ...bold(text, 2), oneLineDownTo: 16 };
      case 'note':
        return { text: printable(text), font: REGULAR, size: 18, minSize: 10, maxLines: 3 };
      default:
        return bold(text, 1);
    }
  });
}

/** Every piece and measure of the sign for one page, at text scale `s` (1 unless the content is long). */
function layout(doc: Doc, art: SignArtwork, s: number) {
  const W = doc.page.width;
  const H = doc.page.height;
  const k = W / A4_WIDTH;
  const margin = 40 * k;
  const inner = W - 2 * margin;
  const scaled = (p: TextPiece): TextPiece => ({
    ...p,
    size: p.size * k * s,
    minSize: p.minSize * k,
    ...(p.oneLineDownTo === undefined
      ? {}
      : { oneLineDownTo: Math.min(p.oneLineDownTo * k, p.size * k * s) }),
  });
  const centred = (p: TextPiece) => setText(doc, scaled(p), inner);

  // 'CCTV' as large as a sign maker would set it, 'in operation' under it.
  const cctv = centred({
    text: signWording.headline,
    font: BOLD,
    size: 120,
    minSize: 48,
    maxLines: 1,
    capitals: true,
  });
  const inOperation = centred({
    text: signWording.inOperation,
    font: BOLD,
    size: 56,
    minSize: 24,
    maxLines: 1,
  });
  const recorded = centred({
    text: signWording.recorded,
    font: REGULAR,
    size: 22,
    minSize: 12,
    maxLines: 1,
  });
  const purpose = art.scheme.purpose.trim()
    ? centred({
        text: printable(art.scheme.purpose.trim()),
        font: REGULAR,
        size: 18,
        minSize: 10,
        maxLines: 4,
      })
    : null;
  const operatedBy = centred({
    text: signWording.operatedBy,
    font: REGULAR,
    size: 18,
    minSize: 10,
    maxLines: 1,
  });
  const operator = centred({
    text: printable(art.scheme.operator),
    font: BOLD,
    size: 40,
    minSize: 14,
    maxLines: 2,
    oneLineDownTo: 28,
  });
  const contact = contactPieces(art.scheme).map(centred);

  // The QR panel: the code on white, and beside it what it is for and the sign's reference.
  const panelPad = 14 * k;
  const qrMin = 165 * k * s;
  const qrMax = Math.min(250 * k, inner * 0.5);
  const column = (qr: number) => inner - 2 * panelPad - qr - 16 * k;
  const columnText = (qr: number) => {
    const width = column(qr);
    const set = (p: TextPiece) => setText(doc, scaled(p), width);
    return {
      width,
      scan: set({
        text: signWording.scan,
        font: BOLD,
        size: 20,
        minSize: 10,
        maxLines: 4,
      }),
      refLabel: set({ text: signWording.referenceLabel, font: REGULAR, size: 14, minSize: 8, maxLines: 1 }),
      ref: set({ text: art.signRef, font: BOLD, size: 30, minSize: 10, maxLines: 1 }),
      url: set({ text: printable(art.pageUrl), font: REGULAR, size: 11, minSize: 6, maxLines: 2 }),
    };
  };
  const columnHeight = (c: ReturnType<typeof columnText>) =>
    c.scan.height + 10 * k + c.refLabel.height + c.ref.height + 4 * k + c.url.height;

  const rule = 4 * k;
  const textHeights =
    cctv.height +
    inOperation.height +
    recorded.height +
    (purpose?.height ?? 0) +
    operatedBy.height +
    operator.height +
    contact.reduce((sum, t) => sum + t.height, 0);
  // Blocks, top to bottom: camera, headline + recorded (+ purpose), rule, operated by + operator,
  // contact, panel. Their gaps grow to fill the page; these are the least.
  const gapCount = 5;
  const minGap = 10 * k;
  const cameraMin = 110 * k * s;
  const cameraMax = 200 * k;
  const panelFor = (qr: number) => Math.max(qr, columnHeight(columnText(qr))) + 2 * panelPad;
  const fixed = textHeights + rule + gapCount * minGap + 6 * k * contact.length;
  const available = H - 2 * margin;
  let qr = qrMin;
  let camera = cameraMin;
  let spare = available - fixed - camera - panelFor(qr);
  if (spare < 0) return null;
  // The room left goes to the code first (easier to scan from further away), then the pictogram,
  // then evenly between the blocks.
  const grow = (now: number, max: number, share: number) => Math.min(max - now, Math.max(0, spare * share));
  const qrGrowth = grow(qr, qrMax, 1);
  qr += qrGrowth;
  spare = available - fixed - camera - panelFor(qr);
  if (spare < 0) {
    qr -= qrGrowth;
    spare = available - fixed - camera - panelFor(qr);
  }
  const cameraGrowth = grow(camera, cameraMax, 0.6);
  camera += cameraGrowth;
  spare -= cameraGrowth;
  return {
    W,
    H,
    k,
    margin,
    inner,
    cctv,
    inOperation,
    recorded,
    purpose,
    operatedBy,
    operator,
    contact,
    rule,
    camera,
    qr,
    panelPad,
    column: columnText(qr),
    panelHeight: panelFor(qr),
    gap: minGap + spare / gapCount,
  };
}

/**
 * A printable warning sign, laid out as a sign maker would: the camera pictogram, 'CCTV in
 * operation', the purpose, the operator, the published contact and, at the foot, the QR code with
 * the sign's reference, filling the page. Every measure scales with the page, so A3 is A4
 * enlarged; long text shrinks (and at worst is cut with an ellipsis) rather than leave its box.
 */
export function renderSignPdf(art: SignArtwork): Promise<Buffer> {
  const doc = new PDFDocument({
    size: art.size,
    margin: 0,
    info: {
      Title: `CCTV sign ${art.signRef}`,
      Author: art.scheme.operator,
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
  });
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The largest text that fits the page: long purposes and names bring everything down a little.
  let l = layout(doc, art, 1);
  for (let s = 0.92; !l && s > 0.5; s -= 0.08) l = layout(doc, art, s);
  l ??= layout(doc, art, 0.5);
  if (!l) throw new Error('The sign does not fit the page');
  const { W, H, k, margin, inner } = l;

  doc.rect(0, 0, W, H).fill(YELLOW);
  doc
    .lineWidth(10 * k)
    .rect(margin / 2, margin / 2, W - margin, H - margin)
    .stroke(BLACK);

  let y = margin;
  drawCamera(doc, W / 2, y, l.camera);
  y += l.camera + l.gap;

  for (const t of [l.cctv, l.inOperation, l.recorded, ...(l.purpose ? [l.purpose] : [])]) {
    drawText(doc, t, margin, y, inner, 'center');
    y += t.height;
  }
  y += l.gap;
  doc.rect(margin + inner * 0.15, y, inner * 0.7, l.rule).fill(BLACK);
  y += l.rule + l.gap;

  for (const t of [l.operatedBy, l.operator]) {
    drawText(doc, t, margin, y, inner, 'center');
    y += t.height;
  }
  y += l.gap;
  for (const t of l.contact) {
    drawText(doc, t, margin, y, inner, 'center');
    y += t.height + 6 * k;
  }
  y += l.gap;

  // The panel sits on the foot of the page whatever the rounding above.
  const panelY = H - margin - l.panelHeight;
  doc.roundedRect(margin, panelY, inner, l.panelHeight, 10 * k).fill(WHITE);
  const qrX = margin + l.panelPad;
  doc.image(art.qrPng, qrX, panelY + (l.panelHeight - l.qr) / 2, { width: l.qr, height: l.qr });
  const c = l.column;
  const colX = qrX + l.qr + 16 * k;
  let cy = panelY + l.panelPad;
  drawText(doc, c.scan, colX, cy, c.width, 'left');
  cy += c.scan.height + 10 * k;
  drawText(doc, c.refLabel, colX, cy, c.width, 'left');
  cy += c.refLabel.height;
  drawText(doc, c.ref, colX, cy, c.width, 'left');
  cy += c.ref.height + 4 * k;
  drawText(doc, c.url, colX, cy, c.width, 'left');

  doc.end();
  return done;
}
