import { formatUkDate } from '@app/contract/dates';
import { daysUntil, ukIsoDate } from '@app/contract/legal-clock';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Env } from '../../env';
import type { FileStorage } from '../../lib/storage';
import { enqueueMail } from '../mail/outbox';
import { reminderMail } from './mails';
import type { JobKind, RequestRow } from './repository';
import * as repo from './repository';
import { brandOf, plannedJobs } from './service';

const MINUTE_MS = 60_000;
/** Reminders claimed per transaction; the sweep repeats until none are left. */
const BATCH = 200;
/** Proof of identity is deleted this many days after its request was answered, withdrawn or closed. */
export const DOCUMENT_KEEP_DAYS = 30;

export interface RequestSweep {
  /** Sends the reminders due today and deletes proofs past their time; returns what it did. */
  runOnce(): Promise<{ reminded: number; documentsDeleted: number }>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Whether a reminder still applies when its day comes (the footage may be saved, the request
 * answered): only while its kind is still planned (none is once the request is closed).
 */
function stillDue(kind: JobKind, row: RequestRow): string | null {
  if (!plannedJobs(row).some((job) => job.kind === kind)) return null;
  switch (kind) {
    case 'save_soon':
      return `Save the footage before ${formatUkDate(row.overwrite_date ?? '')}`;
    case 'save_last_day':
      return 'Last day to save the footage before it is overwritten';
    case 'due_soon':
      return `Answer due in 7 days, by ${formatUkDate(row.due_date ?? '')}`;
    case 'due_tomorrow':
      return `Answer due tomorrow, ${formatUkDate(row.due_date ?? '')}`;
    case 'overdue':
      return `Answer overdue since ${formatUkDate(row.due_date ?? '')}`;
  }
}

/**
 * The request desk's timed work: reminders to the company's master users (footage to save before
 * it is overwritten, answers due) and the deletion of proofs of identity no longer needed. Jobs are
 * rows in PostgreSQL (request_jobs), claimed FOR UPDATE SKIP LOCKED and marked sent in the same
 * transaction as their mail, so each is sent once with several instances and across restarts
 * (docs/decisions/0043). `now` is the clock, so tests can move time.
 */
export function createRequestSweep(options: {
  db: Db;
  env: Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  now?: () => Date;
  intervalMs?: number;
  firstRunAfterMs?: number;
}): RequestSweep {
  const { db, env, log, storage } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function remindBatch(): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const jobs = await repo.claimDueJobs(tx, ukIsoDate(at), BATCH);
      const rows = new Map(
        (await repo.requestsByIds(tx, [...new Set(jobs.map((j) => j.request_id))])).map((r) => [r.id, r]),
      );
      const masters = await repo.masterEmails(tx, [...new Set([...rows.values()].map((r) => r.company_id))]);
      const today = ukIsoDate(at);
      for (const job of jobs) {
        // A reminder whose day went by while no instance ran is stale ("due tomorrow" a week late),
        // except the one that says the answer is overdue.
        if (job.kind !== 'overdue' && daysUntil(job.run_on, today) < -1) continue;
        const row = rows.get(job.request_id);
        const what = row ? stillDue(job.kind, row) : null;
        if (!row || !what) continue;
        for (const { email } of masters.filter((m) => m.company_id === row.company_id)) {
          await enqueueMail(tx, reminderMail(brandOf(row), env, email, row, what));
        }
        await repo.appendEvent(tx, {
          requestId: row.id,
          companyId: row.company_id,
          actor: 'system',
          actorName: 'Reminder',
          action: 'reminder',
          body: what,
          at,
        });
      }
      await repo.markJobsSent(
        tx,
        jobs.map((j) => j.id),
        at,
      );
      return jobs.length;
    });
  }

  async function deleteBatch(): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const expired = await repo.expiredDocuments(tx, at, DOCUMENT_KEEP_DAYS, BATCH);
      for (const doc of expired) {
        await storage.delete(doc.storage_key);
        await repo.markDocumentDeleted(tx, doc.id, at);
        await repo.appendEvent(tx, {
          requestId: doc.request_id,
          companyId: doc.company_id,
          actor: 'system',
          actorName: 'Retention',
          action: 'document_deleted',
          body: `Deleted ${doc.filename}, ${DOCUMENT_KEEP_DAYS} days after the request closed`,
          at,
        });
      }
      return expired.length;
    });
  }

  async function runOnce() {
    let reminded = 0;
    let documentsDeleted = 0;
    for (let n = await remindBatch(); n > 0; n = n === BATCH ? await remindBatch() : 0) reminded += n;
    for (let n = await deleteBatch(); n > 0; n = n === BATCH ? await deleteBatch() : 0) documentsDeleted += n;
    return { reminded, documentsDeleted };
  }

  const tick = () => {
    running = runOnce()
      .then((done) => {
        if (done.reminded + done.documentsDeleted > 0) log.info(done, 'Request reminders and deletions done');
      })
      .catch((error: unknown) => log.error({ err: error }, 'Request reminders failed'));
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      // The first sweep a minute after start, not during it: a start (or a quick restart) stays quiet.
      timer = setTimeout(() => {
        tick();
        timer = setInterval(tick, options.intervalMs ?? 15 * MINUTE_MS);
        timer.unref();
      }, options.firstRunAfterMs ?? MINUTE_MS);
      timer.unref();
    },
    async stop() {
      if (timer) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      timer = undefined;
      await running;
    },
  };
}
