import { type BrandId, brandById } from '@app/brands';
import type { Queryable } from '../../db/db';
import type { Env } from '../../env';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  /** The brand the mail speaks for: its sender name and address (unless MAIL_FROM is set). */
  brand: BrandId;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Puts a message in the outbox; the mail worker delivers it. Pass the transaction of the action
 * the mail belongs to: the mail exists exactly when the action committed, and a failing mail
 * server never undoes the action. Returns the outbox row id.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<number> {
  const attachments = (mail.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content).toString('base64'),
  }));
  const row = await q.one<{ id: number }>(
    `insert into mail_outbox (brand, to_address, subject, text_body, html_body, attachments)
     values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    [mail.brand, mail.to, mail.subject, mail.text, mail.html ?? null, JSON.stringify(attachments)],
  );
  return row.id;
}

/** MAIL_FROM when set, else the brand's own sender: `"Name" <address>`. */
export function senderFor(brand: BrandId, env: Pick<Env, 'mailFrom'>): string {
  if (env.mailFrom) return env.mailFrom;
  const { fromName, fromAddress } = brandById(brand).mail;
  return `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>`;
}
