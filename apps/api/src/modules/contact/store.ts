import type { BrandId } from '@app/brands';
import type { Db } from '../../db/db';
import { newReference } from '../../lib/references';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import type { UploadedFile } from './form-parts';

export type MessageKind = 'contact' | 'partnership';

/** How many random references a message draws before giving up (one is nearly always enough). */
const REFERENCE_DRAWS = 5;

export interface InboundMessage {
  kind: MessageKind;
  brand: BrandId;
  senderName: string;
  senderEmail: string;
  fields: Record<string, string>;
  files: UploadedFile[];
  /** The mail to staff; the stored files are attached to it. */
  staffMail: (reference: string) => Omit<OutgoingMail, 'attachments'>;
  /** The acknowledgement to the sender, if there is an address to send it to. */
  acknowledgement?: (reference: string) => OutgoingMail;
}

/**
 * Stores a message, its files' rows and both mails together: the row, the files' rows and the
 * outbox entries commit in one transaction, so a message is either kept whole with its mails
 * queued, or not at all (the caller discards the stored files then). The staff mail refers to
 * the stored files; the mail worker reads them when it sends. A mail server that is down only
 * delays delivery: the outbox retries. Returns the reference.
 */
export async function storeMessage(deps: { db: Db }, message: InboundMessage): Promise<string> {
  return deps.db.transaction(async (tx) => {
    // Random (C-7KX4-M2QD, P-…): no brand's count of messages shows, nor one brand's sequence in
    // another's. Taken already (once in a trillion or so), another is drawn.
    let row: { id: number } | undefined;
    let reference = '';
    for (let tries = 0; !row && tries < REFERENCE_DRAWS; tries++) {
      reference = newReference(message.kind === 'contact' ? 'C' : 'P');
      row = await tx.maybeOne<{ id: number }>(
        `insert into contact_messages (kind, brand, sender_name, sender_email, fields, reference)
         values ($1, $2, $3, $4, $5::jsonb, $6) on conflict (reference) do nothing returning id`,
        [
          message.kind,
          message.brand,
          message.senderName,
          message.senderEmail,
          JSON.stringify(message.fields),
          reference,
        ],
      );
    }
    if (!row) throw new Error('No free message reference after several draws');

    for (const [index, file] of message.files.entries()) {
      await tx.query(
        `insert into contact_message_files
           (message_id, position, file_name, content_type, size_bytes, sha256, storage_path)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [row.id, index + 1, file.fileName, file.contentType, file.size, file.sha256, file.storageKey],
      );
    }

    await enqueueMail(tx, {
      ...message.staffMail(reference),
      attachments: message.files.map((f) => ({
        filename: f.fileName,
        contentType: f.contentType,
        storageKey: f.storageKey,
      })),
    });
    if (message.acknowledgement) await enqueueMail(tx, message.acknowledgement(reference));
    return reference;
  });
}
