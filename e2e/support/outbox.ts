// The outbox as the end-to-end tests read it: the API's own reader (apps/api/src/test/outbox.ts,
// the .eml files the server writes to DATA_DIR/outbox when no SMTP server is configured, decoded
// as a mail client would), with the end-to-end server's outbox as the folder unless one is named.
import { resolve } from 'node:path';
import * as outbox from '../../apps/api/src/test/outbox';
import { E2E_DATA_DIR } from './env';

export type { Mail, MailFilter } from '../../apps/api/src/test/outbox';
export const { parseMail } = outbox;

const defaultDir = () => resolve(E2E_DATA_DIR, 'outbox');

/** Every message in the outbox, oldest first; the end-to-end server's unless `dir` is given. */
export function readOutbox(dir = defaultDir()): Promise<outbox.Mail[]> {
  return outbox.readOutbox(dir);
}

/** The newest message matching `filter`, waited for (see the API's reader); the end-to-end server's outbox unless `dir` is given. */
export function waitForMail(
  filter: outbox.MailFilter | ((mail: outbox.Mail) => boolean),
  { timeoutMs, dir = defaultDir() }: Partial<outbox.WaitForMailOptions> = {},
): Promise<outbox.Mail> {
  return outbox.waitForMail(filter, { dir, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}
