import { EnvError, loadEnv } from './env';
import { setHeapGrowth } from './lib/heap-growth';
import { type RunningServer, startServer } from './start-server';

const FORCE_EXIT_AFTER_MS = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  setHeapGrowth();
  // Heard from the first moment: the server answers as soon as it listens, a little before its
  // start has finished, so a stop asked for meanwhile is carried out once it has started (a second
  // one exits at once) instead of killing the process mid-start.
  let stopAskedFor: string | undefined;
  let onStop = (reason: string) => {
    if (stopAskedFor !== undefined) process.exit(1);
    stopAskedFor = reason;
  };
  process.on('SIGTERM', (signal) => onStop(signal));
  process.on('SIGINT', (signal) => onStop(signal));
  let server: RunningServer;
  try {
    const env = await loadEnv();
    try {
      server = await startServer({ env });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        fail(`Port ${env.port} on ${env.host} is already in use: stop the other server or set PORT.`);
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    console.error(error);
    fail('The server could not start (see the error above).');
  }

  const { log } = server.app;
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) {
      log.warn(`${reason} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${reason}: finishing requests in progress, then stopping`);
    setTimeout(() => {
      log.error(`Still busy after ${FORCE_EXIT_AFTER_MS / 1000} s: exiting without waiting`);
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS).unref();
    server.close().then(
      // The log lines still waiting in memory are written before the process ends.
      () => server.app.closeLogs().finally(() => process.exit(0)),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  onStop = stop;
  if (stopAskedFor !== undefined) stop(stopAskedFor);
  // Started by scripts/start.mjs: if it dies without passing a signal on, stop as if told to.
  if (process.send) {
    process.on('disconnect', () => stop('Parent process gone'));
    process.channel?.unref();
  }
}

await main();
