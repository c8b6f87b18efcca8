import PDFDocument from 'pdfkit';
import { PDF_FONT, usePdfFonts } from '../../lib/pdf-fonts';

export interface ArtworkSpec {
  size: 'A3' | 'A4' | 'A5';
  layout: 'portrait' | 'landscape';
}

export interface ArtworkMeta {
  title: string;
  /** The register's address as printed on the sign, e.g. www.cctvsignregister.co.uk */
  registerHost: string;
  author: string;
}

// A fixed date: the same artwork gives the same bytes on every server and every start.
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));
const YELLOW = '#ffd200';
const BLACK = '#111111';
const GREY = '#555555';
const BOLD = PDF_FONT.bold;
const REGULAR = PDF_FONT.regular;

type Doc = PDFKit.PDFDocument;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The usual CCTV pictogram: a camera on a wall bracket, looking down to the left. */
function drawCamera(doc: Doc, cx: number, cy: number, size: number): void {
  const u = size / 100;
  doc.save();
  doc.translate(cx, cy);
  // Wall plate and arm.
  doc.rect(38 * u, -30 * u, 10 * u, 44 * u).fill(BLACK);
  doc
    .moveTo(40 * u, -6 * u)
    .lineTo(14 * u, -6 * u)
    .lineTo(14 * u, 4 * u)
    .lineTo(40 * u, 4 * u)
    .closePath()
    .fill(BLACK);
  // Body, tilted down towards the viewer's left.
  doc.rotate(18, { origin: [0, 0] });
  doc.roundedRect(-44 * u, -26 * u, 64 * u, 28 * u, 4 * u).fill(BLACK);
  // Hood over the lens end.
  doc
    .moveTo(-52 * u, -30 * u)
    .lineTo(-36 * u, -30 * u)
    .lineTo(-36 * u, -24 * u)
    .lineTo(-52 * u, -24 * u)
    .closePath()
    .fill(BLACK);
  // Lens.
  doc.circle(-44 * u, -12 * u, 9 * u).fill(YELLOW);
  doc.circle(-44 * u, -12 * u, 5 * u).fill(BLACK);
  doc.restore();
}

function centredText(
  doc: Doc,
  text: string,
  box: Box,
  y: number,
  font: string,
  size: number,
  colour = BLACK,
): number {
  doc.font(font).fontSize(size).fillColor(colour);
  doc.text(text, box.x, y, { width: box.w, align: 'center', lineBreak: false });
  return y + size * 1.15;
}

function drawHero(doc: Doc, box: Box, scale: number): void {
  doc.rect(box.x, box.y, box.w, box.h).fill(YELLOW);
  const icon = Math.min(box.w * 0.42, box.h * 0.42);
  const title = Math.min(box.w * 0.3, box.h * 0.24);
  const subtitle = Math.min(title * 0.36, 40 * scale);
  const total = icon * 0.75 + title * 1.15 + subtitle * 1.15;
  let y = box.y + (box.h - total) / 2;
  drawCamera(doc, box.x + box.w / 2, y + icon * 0.42, icon);
  y += icon * 0.75;
  y = centredText(doc, 'CCTV', box, y, BOLD, title);
  centredText(doc, 'IN OPERATION', box, y, BOLD, subtitle);
}

/** A caption with a ruled line to write on. */
function writeOnLine(doc: Doc, label: string, x: number, y: number, w: number, scale: number): number {
  doc
    .font(BOLD)
    .fontSize(15 * scale)
    .fillColor(BLACK)
    .text(label, x, y, { width: w });
  const lineY = doc.y + 34 * scale;
  doc
    .moveTo(x, lineY)
    .lineTo(x + w, lineY)
    .lineWidth(1.2 * scale)
    .strokeColor(GREY)
    .stroke();
  return lineY + 18 * scale;
}

function drawDetails(doc: Doc, box: Box, scale: number, meta: ArtworkMeta): void {
  const pad = 24 * scale;
  const x = box.x + pad;
  const w = box.w - 2 * pad;
  let y = box.y + pad;
  doc
    .font(REGULAR)
    .fontSize(16 * scale)
    .fillColor(BLACK)
    .text('Images are being monitored and recorded.', x, y, { width: w });
  y = doc.y + 16 * scale;
  y = writeOnLine(doc, 'This scheme is operated by:', x, y, w, scale);
  writeOnLine(doc, 'For the purpose of:', x, y, w, scale);

  // The sticker panel, at the foot, and the line that tells people what to do with its reference.
  const panelW = Math.min(w * 0.44, 220 * scale);
  const panelH = 96 * scale;
  const panelY = box.y + box.h - pad - panelH;
  doc
    .roundedRect(x, panelY, panelW, panelH, 8 * scale)
    .dash(6 * scale, { space: 4 * scale })
    .lineWidth(1.5 * scale)
    .strokeColor(GREY)
    .stroke()
    .undash();
  doc
    .font(REGULAR)
    .fontSize(10 * scale)
    .fillColor(GREY)
    .text('Place the register sticker here', x + 8 * scale, panelY + panelH / 2 - 6 * scale, {
      width: panelW - 16 * scale,
      align: 'center',
    });
  const textX = x + panelW + 16 * scale;
  const textW = w - panelW - 16 * scale;
  doc
    .font(BOLD)
    .fontSize(14 * scale)
    .fillColor(BLACK)
    .text('Who runs these cameras?', textX, panelY, { width: textW });
  doc
    .font(REGULAR)
    .fontSize(12 * scale)
    .text('Look up the sign reference on the sticker at', textX, doc.y + 4 * scale, { width: textW });
  doc
    .font(BOLD)
    .fontSize(12 * scale)
    .text(meta.registerHost, textX, doc.y + 2 * scale, { width: textW });
  doc
    .font(REGULAR)
    .fontSize(11 * scale)
    .fillColor(GREY)
    .text('to see the operator, the purpose and how to contact them.', textX, doc.y + 2 * scale, {
      width: textW,
    });
}

/**
 * A print-ready CCTV warning sign: camera symbol and "CCTV in operation" on yellow, lines for
 * the operator's name and purpose, and a panel for the register sticker with the instruction
 * to look its reference up. Vector only, so it prints sharp at any size.
 */
export function renderSignArtwork(spec: ArtworkSpec, meta: ArtworkMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: spec.size,
      layout: spec.layout,
      margin: 0,
      info: {
        Title: meta.title,
        Author: meta.author,
        Subject: 'CCTV warning sign artwork',
        CreationDate: FIXED_DATE,
        ModDate: FIXED_DATE,
      },
    });
    usePdfFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    // Sizes are designed on A4 portrait and scaled with the shorter side.
    const scale = Math.min(width, height) / 595.28;
    const margin = 20 * scale;
    const inner: Box = { x: margin, y: margin, w: width - 2 * margin, h: height - 2 * margin };

    if (spec.layout === 'portrait') {
      const heroH = inner.h * 0.5;
      drawHero(doc, { ...inner, h: heroH }, scale);
      drawDetails(doc, { ...inner, y: inner.y + heroH, h: inner.h - heroH }, scale, meta);
    } else {
      const heroW = inner.w * 0.42;
      drawHero(doc, { ...inner, w: heroW }, scale);
      drawDetails(doc, { ...inner, x: inner.x + heroW, w: inner.w - heroW }, scale, meta);
    }
    doc
      .roundedRect(margin / 2, margin / 2, width - margin, height - margin, 10 * scale)
      .lineWidth(6 * scale)
      .strokeColor(BLACK)
      .stroke();
    doc.end();
  });
}
