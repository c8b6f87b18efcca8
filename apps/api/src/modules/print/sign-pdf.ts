import type { Scheme } from '@app/contract/lookup';
import PDFDocument from 'pdfkit';

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

const A4_WIDTH = 595.28;
const YELLOW = '#ffd400';
const BLACK = '#111111';

/** The standard PDF fonts only know Windows-1252: anything else prints as '?'. */
const printable = (text: string) =>
  text.replace(/[^\t\n\r\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d]/g, '?');

function contactLines(scheme: Scheme): string[] {
  const c = scheme.contact;
  const lines: string[] = [];
  if (c.phone) lines.push(`Tel: ${c.phone}`);
  if (c.email) lines.push(`E-mail: ${c.email}`);
  if (c.address) lines.push(c.address);
  if (c.relay) lines.push('Or scan the code to contact the operator');
  return lines;
}

/**
 * A printable warning sign: 'CCTV in operation', the operator, the purpose, the published
 * contact, the QR code and the reference. Every measure scales with the page, so A3 is A4 enlarged
 * and both stay legible at a distance (headline about 4% of the page width).
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
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const k = doc.page.width / A4_WIDTH;
  const width = doc.page.width;
  const margin = 36 * k;
  const inner = width - 2 * margin;

  doc.rect(0, 0, width, doc.page.height).fill(YELLOW);
  doc
    .lineWidth(8 * k)
    .rect(margin / 2, margin / 2, width - margin, doc.page.height - margin)
    .stroke(BLACK);

  let y = margin * 1.5;
  doc
    .fillColor(BLACK)
    .font('Helvetica-Bold')
    .fontSize(54 * k);
  doc.text('CCTV in operation', margin, y, { width: inner, align: 'center' });
  y = doc.y + 18 * k;

  doc
    .font('Helvetica')
    .fontSize(18 * k)
    .text('Images are being recorded and monitored by', margin, y, {
      width: inner,
      align: 'center',
    });
  doc
    .font('Helvetica-Bold')
    .fontSize(34 * k)
    .text(printable(art.scheme.operator), { width: inner, align: 'center' });
  y = doc.y + 16 * k;

  if (art.scheme.purpose) {
    doc
      .font('Helvetica')
      .fontSize(15 * k)
      .text(printable(art.scheme.purpose.slice(0, 400)), margin, y, {
        width: inner,
        align: 'center',
      });
    y = doc.y + 16 * k;
  }

  doc.font('Helvetica-Bold').fontSize(20 * k);
  for (const line of contactLines(art.scheme)) {
    doc.text(printable(line), margin, y, { width: inner, align: 'center' });
    y = doc.y + 4 * k;
  }

  const qrSize = 200 * k;
  const qrY = Math.max(y + 16 * k, doc.page.height - margin * 1.5 - qrSize - 70 * k);
  doc.image(art.qrPng, (width - qrSize) / 2, qrY, { width: qrSize, height: qrSize });

  doc
    .font('Helvetica')
    .fontSize(14 * k)
    .text('Sign reference', margin, qrY + qrSize + 8 * k, { width: inner, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(36 * k)
    .text(art.signRef, { width: inner, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(11 * k)
    .text(printable(art.pageUrl), { width: inner, align: 'center' });

  doc.end();
  return done;
}
