// The server with its request desk's clock moved forward by CLOCK_SHIFT_DAYS, for the journeys that
// need a month to pass (an overdue answer, an extension asked for too late). Started and stopped by
// e2e/support/moved-clock.ts; everything else is the production server as `npm start` runs it.
import { loadEnv } from '../../apps/api/src/env';
import { startServer } from '../../apps/api/src/start-server';

const DAY_MS = 86_400_000;
const shift = Number(process.env.CLOCK_SHIFT_DAYS ?? '0') * DAY_MS;

const server = await startServer({
  env: await loadEnv(),
  clock: () => new Date(Date.now() + shift),
  // The reminders a moved day brings are sent at once, not after the usual minute.
  sweepFirstRunAfterMs: 500,
});
const stop = () => {
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
