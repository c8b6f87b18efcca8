import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Env } from '../../env';

export interface MailTransport {
  /** Delivers one message; throws when it could not. */
  deliver(message: Mail.Options): Promise<void>;
  close(): void;
}

/** http(s) links in a text, so the log of the development outbox shows what to click. */
export function linksIn(text: string): string[] {
  return [...new Set([...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]))];
}

/** The development outbox: each message an RFC 822 file in `DATA_DIR/outbox`, its links logged. */
function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  // Streamed to the file as it is composed: a message with large attachments is never held whole.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'unix' });
  let sequence = 0;
  return {
    async deliver(message) {
      const info = await composer.sendMail(message);
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${process.pid}-${sequence}.eml`;
      // Written aside and renamed: a reader polling the folder never sees half a message.
      const partial = path.join(dir, `.${name}.partial`);
      try {
        await pipeline(info.message as Readable, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, path.join(dir, name));
      log.info(
        {
          to: message.to,
          subject: message.subject,
          file: path.join(dir, name),
          links: linksIn(String(message.text ?? '')),
        },
        'Mail written to the outbox',
      );
    },
    close() {
      composer.close();
    },
  };
}

function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    // A mail server that does not answer must not hold the worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}

/** SMTP when SMTP_URL is set, else the development outbox in DATA_DIR/outbox. */
export function createMailTransport(
  env: Pick<Env, 'smtpUrl' | 'dataDir'>,
  log: FastifyBaseLogger,
): MailTransport {
  return env.smtpUrl ? smtpTransport(env.smtpUrl) : outboxTransport(path.join(env.dataDir, 'outbox'), log);
}
