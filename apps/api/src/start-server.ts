import { brands } from '@app/brands';
import { type App, type BuildAppOptions, buildApp } from './app';
import { removeServerInfo, writeServerInfo } from './cli/server-info';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { runSeeds } from './db/seed';
import type { ResolvedEnv } from './env';
import { publicOrigin } from './lib/public-url';
import { createMailWorker } from './modules/mail/worker';
import { createReminderJob } from './modules/reminders/job';
import { createRequestSweep } from './modules/requests/reminders';
import { seeds } from './seeds';

export interface StartServerOptions {
  env: ResolvedEnv;
  /** An open database to use instead of the one the environment names (tests). */
  db?: Db;
  logger?: BuildAppOptions['logger'];
  /** Runs after the app is built and before it listens (tests add routes here). */
  configure?: (app: App) => void | Promise<void>;
  /** The request desk's clock and how soon its sweep first runs (default: the real clock, after a minute). */
  clock?: () => Date;
  sweepFirstRunAfterMs?: number;
}

export interface RunningServer {
  app: App;
  db: Db;
  /** Where it listens, e.g. http://127.0.0.1:3000 */
  address: string;
  /**
   * Stops taking connections, lets requests in progress finish (kept-alive connections get 503
   * meanwhile), lets the mail worker finish the message in hand, then closes the database.
   * Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, builds the app and listens on HOST:PORT. */
export async function startServer({
  env,
  db: givenDb,
  logger,
  configure,
  clock,
  sweepFirstRunAfterMs,
}: StartServerOptions): Promise<RunningServer> {
  let app: App | undefined;
  const db =
    givenDb ??
    (await openDb(env, (error) => app?.log.error({ err: error }, 'Idle database connection failed')));
  try {
    const applied = await migrate(db);
    await runSeeds(db, env, seeds);
    app = await buildApp({
      env,
      db,
      ...(logger === undefined ? {} : { logger }),
      ...(clock ? { clock } : {}),
    });
    if (applied.length) app.log.info({ migrations: applied }, 'Applied database migrations');
    await configure?.(app);
    const address = await app.listen({ host: env.host, port: env.port });
    const sites = brands.map((brand) => `${brand.id} ${publicOrigin(brand, env)}`).join(', ');
    app.log.info(`Brand sites: ${sites}`);

    const running = app;
    // The sticker CLI reaches this server through these instead of opening its database.
    const { port } = new URL(address);
    await writeServerInfo(
      env.dataDir,
      { pid: process.pid, port: Number(port), host: env.host },
      app.adminToken,
    );
    // Delivers the outbox through SMTP_URL, or into DATA_DIR/outbox.
    const mailWorker = createMailWorker({ db, env, log: app.log, storage: app.storage });
    mailWorker.start();
    // Asks master users once a year to re-confirm each site's details.
    const reminderJob = createReminderJob({ db, env, log: app.log });
    reminderJob.start();
    // Reminds operators to save footage and answer requests in time; deletes proofs of identity after use.
    const requestSweep = createRequestSweep({
      db,
      env,
      log: app.log,
      storage: app.storage,
      now: app.clock,
      ...(sweepFirstRunAfterMs === undefined ? {} : { firstRunAfterMs: sweepFirstRunAfterMs }),
    });
    requestSweep.start();
    let closing: Promise<void> | undefined;
    return {
      app: running,
      db,
      address,
      close() {
        closing ??= removeServerInfo(env.dataDir)
          .catch((error: unknown) =>
            running.log.warn({ err: error }, 'Could not remove DATA_DIR/server.json'),
          )
          .then(() => running.close())
          .finally(() => reminderJob.stop())
          .finally(() => requestSweep.stop())
          .finally(() => mailWorker.stop())
          .finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
