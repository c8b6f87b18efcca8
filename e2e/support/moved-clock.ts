import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { E2E_DATA_DIR, E2E_PORT, type TestServer } from './env';

/**
 * A server of its own, on its own port and data directory, whose request desk lives `days` ahead of
 * today: start it, let things happen, stop it and start it again further on (the same database).
 */
export interface MovedClockServer extends TestServer {
  /** Starts (or restarts) the server with its clock `days` ahead, once it answers /api/health. */
  startAt(days: number): Promise<void>;
  stop(): Promise<void>;
}

export function movedClockServer(portOffset = 40): MovedClockServer {
  const port = E2E_PORT + portOffset;
  const dataDir = `${E2E_DATA_DIR}-moved-clock`;
  let child: ChildProcess | undefined;
  let output = '';
  // The first start of a run begins from an empty data directory; later ones keep the database.
  let fresh = true;

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGTERM');
    await exited;
  }

  async function startAt(days: number) {
    await stop();
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/moved-clock-server.ts'], {
      env: {
        ...process.env,
        CLOCK_SHIFT_DAYS: String(days),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PUBLIC_URL_PATTERN: `http://{host}.localhost:${port}`,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`The moved-clock server stopped:\n${output}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((done) => setTimeout(done, 250));
    }
    await stop();
    throw new Error(`The moved-clock server did not answer within 90 s:\n${output}`);
  }

  return {
    port,
    dataDir,
    startAt: async (days) => {
      if (fresh) await rm(dataDir, { recursive: true, force: true });
      fresh = false;
      await startAt(days);
    },
    stop,
  };
}
