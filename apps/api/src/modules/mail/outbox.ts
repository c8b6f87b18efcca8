import { type BrandId, brandById } from '@app/brands';
import type { Queryable } from '../../db/db';
import type { Env } from '../../env';

/** A file attached to a mail: its bytes, or (for uploads, which may be large) the storage key of a stored file. */
export type MailAttachment = {
  filename: string;
  contentType: string;
} & ({ content: Uint8Array } | { storageKey: string });

/** An attachment as the outbox row keeps it: a storage key, or (small files, older rows) base64 bytes. */
export type StoredAttachment = { filename: string; contentType: string } & (
  | { content: string }
  | { storageKey: string }
);

export interface OutgoingMail {
  /** The brand the mail speaks for: its sender name and address (unless MAIL_FROM is set). */
  brand: BrandId;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where Reply goes: the person the mail is about (a visitor, a sender), never our no-reply sender. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

/**
 * Puts a message in the outbox; the mail worker delivers it. Pass the transaction of the action
 * the mail belongs to: the mail exists exactly when the action committed, and a failing mail
 * server never undoes the action. Returns the outbox row id.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<number> {
  const attachments = (mail.attachments ?? []).map(
    (a): StoredAttachment =>
      'storageKey' in a
        ? { filename: a.filename, contentType: a.contentType, storageKey: a.storageKey }
        : {
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content).toString('base64'),
          },
  );
  const row = await q.one<{ id: number }>(
    `insert into mail_outbox (brand, to_address, subject, text_body, html_body, reply_to, attachments)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb) returning id`,
    [
      mail.brand,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      mail.replyTo ?? null,
      JSON.stringify(attachments),
    ],
  );
  return row.id;
}

/** MAIL_FROM when set, else the brand's own sender: `"Name" <address>`. */
export function senderFor(brand: BrandId, env: Pick<Env, 'mailFrom'>): string {
  if (env.mailFrom) return env.mailFrom;
  const { fromName, fromAddress } = brandById(brand).mail;
  return `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>`;
}
