import PDFDocument from 'pdfkit';
import { PDF_FONT, printable, usePdfFonts } from '../../lib/pdf-fonts';

export interface LetterFacts {
  operator: string;
  reference: string;
  visitorName: string;
  /** The release's date, as people write it. */
  date: string;
  letter: string;
  files: readonly { filename: string; sha256: string; sizeBytes: number }[];
}

/**
 * The reply letter of a disclosure as an A4 PDF in the embedded DejaVu fonts (any name prints),
 * listing the files disclosed with their SHA-256, so the letter itself proves what was sent.
 */
export function renderLetterPdf(facts: LetterFacts): Promise<Buffer> {
  const doc = usePdfFonts(
    new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Disclosure for request ${facts.reference}`, Author: printable(facts.operator) },
    }),
  );
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(PDF_FONT.bold).fontSize(16).text(printable(facts.operator));
  doc.moveDown(0.5).font(PDF_FONT.regular).fontSize(10).text(`Request ${facts.reference} · ${facts.date}`);
  doc
    .moveDown(1.5)
    .fontSize(11)
    .text(`Dear ${printable(facts.visitorName)},`);
  doc.moveDown().text(printable(facts.letter), { lineGap: 2 });
  doc.moveDown(1.5).font(PDF_FONT.bold).text('Files disclosed');
  doc.moveDown(0.5);
  for (const file of facts.files) {
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .text(`${printable(file.filename)} (${file.sizeBytes} bytes)`);
    doc.font(PDF_FONT.mono).fontSize(8).text(`SHA-256 ${file.sha256}`);
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
