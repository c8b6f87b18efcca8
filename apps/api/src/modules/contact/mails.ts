import type { BrandConfig } from '@app/brands';
import type { OutgoingMail } from '../mail/outbox';
import type { UploadedFile } from './form-parts';

/** `12 KB`, `3.4 MB` */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface StaffMailInput {
  brand: BrandConfig;
  /** What arrived: "the contact form", "the partnership form". */
  formName: string;
  to: string;
  reference: string;
  senderName: string;
  senderEmail: string;
  subject: string;
  /** Label and value of each field, in form order; empty values are left out. */
  fields: [label: string, value: string][];
  files: UploadedFile[];
}

/** The message as staff read it: every field, the attachments listed (and attached), Reply-To the sender. */
export function staffMail(input: StaffMailInput): Omit<OutgoingMail, 'attachments'> {
  const from = input.senderEmail ? `${input.senderName} <${input.senderEmail}>` : input.senderName;
  const lines = input.fields
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`));
  const attachments =
    input.files.length === 0
      ? 'Attachments: none'
      : `Attachments (${input.files.length}, attached to this email):\n${input.files
          .map((f) => `- ${f.fileName} (${f.contentType}, ${formatBytes(f.size)})`)
          .join('\n')}`;
  const text = [
    `A message came through ${input.formName} of ${input.brand.name}.`,
    `Reference: ${input.reference}\nFrom: ${from}`,
    lines.join('\n'),
    attachments,
    input.senderEmail
      ? `Reply to ${input.senderEmail} and quote the reference ${input.reference}.`
      : `Quote the reference ${input.reference} in any reply.`,
  ].join('\n\n');
  return {
    brand: input.brand.id,
    to: input.to,
    subject: `[${input.reference}] ${input.subject}`,
    text: `${text}\n`,
    // Pressing Reply answers the sender, not our no-reply address.
    ...(input.senderEmail ? { replyTo: input.senderEmail } : {}),
  };
}

/**
 * The acknowledgement to the sender, at an address nobody has confirmed: the reference and our own
 * words. It repeats nothing they typed, not even their name, so the form cannot be used to send
 * someone else a message of one's own choosing.
 */
export function acknowledgementMail(input: {
  brand: BrandConfig;
  to: string;
  reference: string;
  what: 'message' | 'application';
}): OutgoingMail {
  const text = [
    'Hello,',
    `Thank you for contacting ${input.brand.name}. We have received your ${input.what} and will reply as soon as we can, usually within one working day.`,
    `Your reference is ${input.reference}. Please quote it if you write to us about this ${input.what}.`,
    `If you did not send this ${input.what}, you can ignore this email.`,
    input.brand.name,
  ].join('\n\n');
  return {
    brand: input.brand.id,
    to: input.to,
    subject: `We have received your ${input.what} (${input.reference})`,
    text: `${text}\n`,
  };
}
