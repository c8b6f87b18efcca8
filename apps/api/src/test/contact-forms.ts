import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

// Helpers of the contact and partnership tests: multipart bodies built byte by byte, as a
// browser sends them, and counts of everything a message leaves behind.

export type FormPart =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; contentType: string; bytes: Uint8Array };

/** A multipart/form-data body and its content type. */
export function multipart(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push('filename' in part ? Buffer.from(part.bytes) : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small but real JPEG header (SOI + JFIF APP0), padded to `size` bytes. */
export function jpegBytes(size = 2048): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  bytes[size - 2] = 0xff;
  bytes[size - 1] = 0xd9;
  return bytes;
}

export function pdfBytes(size = 1024): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(Buffer.from('%PDF-1.7\n'));
  bytes.set(Buffer.from('%%EOF\n'), size - 6);
  return bytes;
}

/** A Windows program: "MZ" header. */
export function exeBytes(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]);
  return bytes;
}

export function dataPart(fields: Record<string, unknown>): FormPart {
  return { name: 'data', value: JSON.stringify(fields) };
}

export function filePart(
  filename: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
): FormPart {
  return { name: 'uploadFile', filename, contentType, bytes };
}

export function postForm(
  t: TestApp,
  url: string,
  parts: FormPart[],
  options: { host?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, host: options.host ?? 'signs.localhost' },
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Every file under DATA_DIR/uploads. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const dir = path.join(t.env.dataDir, 'uploads');
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Messages, files and mails stored so far. */
export async function storedCounts(t: TestApp) {
  const row = await t.db.one<{ messages: number; files: number; mails: number }>(
    `select (select count(*) from contact_messages) as messages,
            (select count(*) from contact_message_files) as files,
            (select count(*) from mail_outbox) as mails`,
  );
  return { ...row, filesOnDisk: (await storedFiles(t)).length };
}

export const NOTHING_STORED = { messages: 0, files: 0, mails: 0, filesOnDisk: 0 };

export interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

export function outbox(t: TestApp): Promise<OutboxRow[]> {
  return t.db.query<OutboxRow>(
    'select to_address, subject, text_body, attachments from mail_outbox order by id',
  );
}
