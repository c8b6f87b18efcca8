import { createHash } from 'node:crypto';
import type { BrandId } from '@app/brands';
import { messageReference } from '@app/contract/contact';
import type { Db } from '../../db/db';
import type { FileStorage } from '../../lib/storage';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import type { UploadedFile } from './form-parts';

export type MessageKind = 'contact' | 'partnership';

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
 * The storage key of a message's file: `uploads/<kind>/<id>/<position>-<name>`, under DATA_DIR
 * (outside anything the server serves) or in the bucket. The position keeps two files of the
 * same name apart.
 */
export function uploadKey(kind: MessageKind, id: number, position: number, fileName: string): string {
  return `uploads/${kind}/${id}/${position}-${fileName}`;
}

/**
 * Stores a message, its files and both mails together: the row, the files' rows and the outbox
 * entries commit in one transaction, and the files are written inside it (and removed if it
 * fails), so a message is either kept whole with its mails queued, or not at all. A mail
 * server that is down only delays delivery: the outbox retries. Returns the reference.
 */
export async function storeMessage(
  deps: { db: Db; storage: FileStorage },
  message: InboundMessage,
): Promise<string> {
  const stored: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await tx.one<{ id: number }>(
        `insert into contact_messages (kind, brand, sender_name, sender_email, fields)
         values ($1, $2, $3, $4, $5::jsonb) returning id`,
        [
          message.kind,
          message.brand,
          message.senderName,
          message.senderEmail,
          JSON.stringify(message.fields),
        ],
      );
      const reference = messageReference(message.kind, row.id);
      await tx.query('update contact_messages set reference = $2 where id = $1', [row.id, reference]);

      for (const [index, file] of message.files.entries()) {
        const position = index + 1;
        const key = uploadKey(message.kind, row.id, position, file.fileName);
        await deps.storage.put(key, file.bytes, file.contentType);
        stored.push(key);
        await tx.query(
          `insert into contact_message_files
             (message_id, position, file_name, content_type, size_bytes, sha256, storage_path)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            row.id,
            position,
            file.fileName,
            file.contentType,
            file.bytes.length,
            createHash('sha256').update(file.bytes).digest('hex'),
            key,
          ],
        );
      }

      await enqueueMail(tx, {
        ...message.staffMail(reference),
        attachments: message.files.map((f) => ({
          filename: f.fileName,
          contentType: f.contentType,
          content: f.bytes,
        })),
      });
      if (message.acknowledgement) await enqueueMail(tx, message.acknowledgement(reference));
      return reference;
    });
  } catch (error) {
    // The rows are rolled back; the files stored for them go too.
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
}
