import type { BrandId } from '@app/brands';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Env } from '../../env';
import { createStorage, type FileStorage } from '../../lib/storage';
import { type StoredAttachment, senderFor } from './outbox';
import { createMailTransport, type MailTransport } from './transport';

/** How long a claimed message stays reserved for its worker; one that died lets it lapse. */
const CLAIM_MINUTES = 5;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

interface OutboxRow {
  id: number;
  brand: BrandId;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attempts: number;
}

const DAY_MS = 86_400_000;
/** Delivered mail older than the retention is deleted at most this often (by each worker). */
const PURGE_EVERY_MS = 60 * 60_000;

export interface MailWorkerOptions {
  db: Db;
  env: Pick<Env, 'smtpUrl' | 'dataDir' | 'mailFrom' | 'storage' | 'mailRetentionDays'>;
  /** Where attached uploads are kept; default: the storage the environment names. */
  storage?: FileStorage;
  log: FastifyBaseLogger;
  /** Default: SMTP_URL, else the development outbox. */
  transport?: MailTransport;
  /** Pause between looks at the outbox when it had nothing due. */
  pollMs?: number;
  batchSize?: number;
}

export interface MailRun {
  sent: number;
  failed: number;
}

export interface MailWorker {
  /** Delivers the messages due now (one batch). */
  runOnce(): Promise<MailRun>;
  /** Keeps delivering in the background until `stop`. */
  start(): void;
  /** Deletes delivered mail older than MAIL_RETENTION_DAYS; undelivered mail stays with its error. Returns how many. */
  purge(): Promise<number>;
  /** Stops looking for more and waits for the batch in hand to finish. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED in one short statement, so
 * several workers (instances) never send a message twice, and no transaction stays open while a
 * mail server is talked to. A failure is recorded and retried later with a growing pause; the
 * message stays in the outbox until delivered.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, env, log } = options;
  const transport = options.transport ?? createMailTransport(env, log);
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const storage = options.storage ?? createStorage(env.storage, env.dataDir);
  let lastPurge = 0;
  let running: Promise<MailRun> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** One message's files, read when that message is sent: never a whole batch's at once. */
  async function attachmentsOf(id: number) {
    const { attachments } = await db.one<{ attachments: StoredAttachment[] }>(
      'select attachments from mail_outbox where id = $1',
      [id],
    );
    return Promise.all(
      attachments.map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        // Stored uploads are streamed into the message as it is written, never read whole.
        content: 'storageKey' in a ? await storage.getStream(a.storageKey) : Buffer.from(a.content, 'base64'),
      })),
    );
  }

  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      await transport.deliver({
        from: senderFor(row.brand, env),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        attachments: await attachmentsOf(row.id),
      });
    } catch (error) {
      const delay = retryDelayMs(row.attempts);
      log.warn(
        { err: error, mailId: row.id, attempts: row.attempts, retryInMs: delay },
        'Mail delivery failed; it will be retried',
      );
      await db.query(
        `update mail_outbox set locked_until = null, last_error = $2,
           next_attempt_at = now() + $3::double precision * interval '1 millisecond'
         where id = $1`,
        [row.id, String((error as Error).message ?? error).slice(0, 1000), delay],
      );
      return false;
    }
    await db.query(
      'update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = $1',
      [row.id],
    );
    return true;
  }

  async function runBatch(): Promise<MailRun> {
    const rows = await db.query<OutboxRow>(
      `update mail_outbox m
          set locked_until = now() + $2::int * interval '1 minute', attempts = m.attempts + 1
        where m.id in (
          select id from mail_outbox
           where sent_at is null and next_attempt_at <= now()
             and (locked_until is null or locked_until <= now())
           order by next_attempt_at, id
           limit $1
           for update skip locked)
        returning m.id, m.brand, m.to_address, m.subject, m.text_body, m.html_body, m.reply_to, m.attempts`,
      [batchSize, CLAIM_MINUTES],
    );
    const run: MailRun = { sent: 0, failed: 0 };
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (await deliver(row)) run.sent += 1;
      else run.failed += 1;
    }
    if (Date.now() - lastPurge >= PURGE_EVERY_MS) await purge();
    return run;
  }

  async function purge(): Promise<number> {
    lastPurge = Date.now();
    const rows = await db.query(
      `delete from mail_outbox
        where sent_at is not null and sent_at < now() - $1::double precision * interval '1 millisecond'
        returning id`,
      [env.mailRetentionDays * DAY_MS],
    );
    if (rows.length > 0) log.info({ purged: rows.length }, 'Delivered mail past its retention deleted');
    return rows.length;
  }

  function runOnce(): Promise<MailRun> {
    running ??= runBatch().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      let next = pollMs;
      try {
        const run = await runOnce();
        // A full batch: there may be more waiting.
        if (run.sent + run.failed >= batchSize) next = 0;
      } catch (error) {
        log.error({ err: error }, 'Mail worker could not read the outbox');
      }
      schedule(next);
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    purge,
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
