import { brandById } from '@app/brands';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { Env } from '../../env';
import { publicOrigin } from '../../lib/public-url';
import { mail } from '../company/mails';
import { enqueueMail } from '../mail/outbox';

const HOUR_MS = 60 * 60_000;
const BATCH = 200;

interface DueSite {
  id: number;
  name: string;
  company_id: number;
}

export interface ReminderJob {
  /** Sends the reminders due now; returns how many sites were reminded. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Once a year after its details were last confirmed, the master users of a site's company are
 * asked to re-confirm them. Due sites are claimed with FOR UPDATE SKIP LOCKED and marked in the
 * same transaction that queues the mail, so several instances running at once remind each site
 * once.
 */
export function createReminderJob(options: {
  db: Db;
  env: Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ReminderJob {
  const { db, env, log } = options;
  const brand = brandById('signs');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<number> {
    return db.transaction(async (tx) => {
      const sites = await tx.query<DueSite>(
        `select id, name, company_id from sites
          where coalesce(details_confirmed_at, created_at) < now() - interval '1 year'
            and (reminder_sent_at is null or reminder_sent_at < now() - interval '1 year')
          order by id limit ${BATCH}
          for update skip locked`,
      );
      if (sites.length === 0) return 0;
      const masters = await tx.query<{ company_id: number; email: string }>(
        `select company_id, email from users
          where master_user = 1 and confirmed_at is not null and company_id = any($1::bigint[])`,
        [sites.map((s) => s.company_id)],
      );
      for (const site of sites) {
        const link = `${publicOrigin(brand, env)}/site?id=${site.id}`;
        for (const master of masters.filter((m) => m.company_id === site.company_id)) {
          await enqueueMail(
            tx,
            mail(brand, master.email, `Are the details of ${site.name} still correct?`, [
              `Once a year we ask you to check what the public sees for your site "${site.name}": its address, the purpose of the scheme, how long recordings are kept and who sees them.`,
              `Please open the site and save it with anything that has changed corrected, or press "Confirm details" beside it on Your sites if nothing has: ${link}`,
              'A site not confirmed for 13 months is shown to the public as "details may be out of date".',
            ]),
          );
        }
      }
      await tx.query('update sites set reminder_sent_at = now() where id = any($1::bigint[])', [
        sites.map((s) => s.id),
      ]);
      return sites.length;
    });
  }

  const tick = () => {
    running = runOnce()
      .then((count) => {
        if (count > 0) log.info({ count }, 'Queued site re-confirmation reminders');
      })
      .catch((error: unknown) => log.error({ err: error }, 'Site reminders failed'));
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs ?? HOUR_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
