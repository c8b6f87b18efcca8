import type { Scheme } from './lookup';

/**
 * The words of the printed warning sign, shared by the PDF the server makes and the preview the
 * owner sees before printing, so the preview says what the paper will.
 */
export const signWording = {
  headline: 'CCTV',
  inOperation: 'in operation',
  recorded: 'Images are being monitored and recorded',
  operatedBy: 'This scheme is operated by',
  scan: 'Scan with your phone to see who runs this scheme and how to reach them',
  referenceLabel: 'Sign reference',
  relay: 'Or scan the code to contact the operator',
} as const;

/** A line of the sign's contact block: the ways to reach the operator (bold), and their note (plain). */
export interface SignContactLine {
  kind: 'phone' | 'email' | 'address' | 'note' | 'relay';
  text: string;
}

/** The contact block of the sign, in the order it prints: what the operator chose to publish. */
export function signContactLines(contact: Scheme['contact']): SignContactLine[] {
  const lines: SignContactLine[] = [];
  if (contact.phone) lines.push({ kind: 'phone', text: `Tel: ${contact.phone}` });
  if (contact.email) lines.push({ kind: 'email', text: `E-mail: ${contact.email}` });
  if (contact.address) lines.push({ kind: 'address', text: contact.address });
  if (contact.contactText) lines.push({ kind: 'note', text: contact.contactText });
  if (contact.relay) lines.push({ kind: 'relay', text: signWording.relay });
  return lines;
}
