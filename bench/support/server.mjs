// The production server for a benchmark: `node scripts/start.mjs` on a fresh data directory of its
// own (embedded database, content seeded at start), on loopback, with brand sites at
// http://<brand>.localhost:<port>. Stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `keepData`: start on the data directory as a previous server left it (else it starts afresh).
 * `quiet`: the server logs at its own default level and its standard output is dropped (a
 * benchmark of the production defaults, whose request log would flood the terminal).
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, keepData?: boolean, quiet?: boolean }} options
 * @returns {Promise<{ origin: (brand: string) => string, base: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startServer({ port, dataDir, env = {}, keepData = false, quiet = false }) {
  const dir = resolve(root, dataDir);
  if (!keepData) rmSync(dir, { recursive: true, force: true });
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      NODE_ENV: 'production',
      PUBLIC_URL_PATTERN: `http://{host}.localhost:${port}`,
      ...(quiet ? {} : { LOG_LEVEL: 'warn' }),
      ...env,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', (code) => done(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((done) => setTimeout(() => done('waiting'), 250))]);
    if (early !== 'waiting') throw new Error(`the server exited with ${early} before it was ready`);
    const ready = await fetch(`${base}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server was not ready within 240 s');
    }
  }
  return {
    base,
    pid: child.pid,
    origin: (brand) => `http://${brand}.localhost:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Headless Debian Chromium with the flags this machine needs (scripts/chromium.json); never a downloaded browser. */
const launchOptions = JSON.parse(readFileSync(join(root, 'scripts/chromium.json'), 'utf8'));
export const chromiumOptions = {
  ...launchOptions,
  executablePath: process.env.CHROMIUM_PATH ?? launchOptions.executablePath,
};
