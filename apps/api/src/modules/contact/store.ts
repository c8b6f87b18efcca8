import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandId } from '@app/brands';
import { messageReference } from '@app/contract/contact';
import type { Db } from '../../db/db';
import type { Env } from '../../env';
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

/** Where a message's files are kept: under DATA_DIR, outside anything the server serves. */
export function uploadsDir(env: Pick<Env, 'dataDir'>, kind: MessageKind, id: number): string {
  return path.join(env.dataDir, 'uploads', kind, String(id));
}

/**
 * Stores a message, its files and both mails together: the row, the files' rows and the outbox
 * entries commit in one transaction, and the files are written inside it (and removed if it
 * fails), so a message is either kept whole with its mails queued, or not at all. A mail
 * server that is down only delays delivery: the outbox retries. Returns the reference.
 */
export async function storeMessage(
  deps: { db: Db; env: Pick<Env, 'dataDir'> },
  message: InboundMessage,
): Promise<string> {
  let dir: string | undefined;
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

      if (message.files.length > 0) {
        dir = uploadsDir(deps.env, message.kind, row.id);
        await mkdir(dir, { recursive: true });
      }
      for (const [index, file] of message.files.entries()) {
        const position = index + 1;
        // The position prefix keeps two files of the same name apart.
        const stored = path.join(dir ?? '', `${position}-${file.fileName}`);
        await writeFile(stored, file.bytes, { flag: 'wx', mode: 0o600 });
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
            path.relative(deps.env.dataDir, stored).split(path.sep).join('/'),
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
    if (dir) await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
