import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logCapture } from '../../test/log-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from './outbox';
import type { MailTransport } from './transport';
import { createMailWorker } from './worker';

let t: TestApp;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/** A worker's logger whose lines the test reads. */
function capturedLog() {
  const { lines, logger } = logCapture();
  return { lines, log: pino({ level: logger.level }, logger.stream) };
}

const mail = (to: string, text = 'Hello.') => ({ brand: 'signs' as const, to, subject: `For ${to}`, text });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the development outbox', () => {
  it('writes each message as its own file with Unix line ends, and logs where it is and what to click', async () => {
    t = await createTestApp();
    const { lines, log } = capturedLog();
    const text =
      'Confirm: https://signs.localhost/confirm?token=abc (or http://dvr.localhost/x). Again: https://signs.localhost/confirm?token=abc';
    await enqueueMail(t.db, mail('a@example.com', text));
    await enqueueMail(t.db, mail('b@example.com', 'No links here.'));
    const worker = createMailWorker({ db: t.db, env: t.env, log });
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    await worker.stop();

    const dir = path.join(t.env.dataDir, 'outbox');
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d+-\d+-\d+\.eml$/);
    expect(files.map((file) => file.split('-')[2])).toEqual(['1.eml', '2.eml']);
    expect(await readFile(path.join(dir, files[0] ?? ''), 'latin1')).not.toContain('\r');

    const written = lines.filter((line) => line.msg === 'Mail written to the outbox');
    expect(written).toEqual([
      expect.objectContaining({
        to: 'a@example.com',
        subject: 'For a@example.com',
        file: path.join(dir, files[0] ?? ''),
        links: ['https://signs.localhost/confirm?token=abc', 'http://dvr.localhost/x'],
      }),
      expect.objectContaining({ to: 'b@example.com', links: [] }),
    ]);
  });
});

describe('a delivery that fails', () => {
  it('is logged with the message and its attempt, and keeps the first 1,000 characters of the error', async () => {
    t = await createTestApp();
    const { lines, log } = capturedLog();
    const id = await enqueueMail(t.db, mail('a@example.com'));
    const failing: MailTransport = {
      async deliver() {
        throw new Error(`5.2.2 ${'mailbox full '.repeat(100)}`);
      },
      close() {},
    };
    const worker = createMailWorker({ db: t.db, env: t.env, log, transport: failing });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    await worker.stop();
    const row = await t.db.one<{ last_error: string }>('select last_error from mail_outbox where id = $1', [
      id,
    ]);
    expect(row.last_error).toHaveLength(1000);
    expect(row.last_error.startsWith('5.2.2 mailbox full')).toBe(true);
    expect(lines.filter((line) => line.msg === 'Mail delivery failed; it will be retried')).toEqual([
      expect.objectContaining({ level: 40, mailId: id, attempts: 1, retryInMs: 30_000 }),
    ]);
  });
});

describe('delivered mail past its retention', () => {
  const sentLongAgo = async (to: string) => {
    const id = await enqueueMail(t.db, mail(to));
    await t.db.query("update mail_outbox set sent_at = now() - interval '31 days' where id = $1", [id]);
  };
  const left = async () =>
    (await t.db.query<{ to_address: string }>('select to_address from mail_outbox order by id')).map(
      (row) => row.to_address,
    );

  it('is deleted by the first batch, then again only an hour later, and each deletion is logged', async () => {
    t = await createTestApp({ env: { mailRetentionDays: 30 } });
    const { lines, log } = capturedLog();
    const silent: MailTransport = { async deliver() {}, close() {} };
    const worker = createMailWorker({ db: t.db, env: t.env, log, transport: silent });
    await sentLongAgo('first@example.com');
    await sentLongAgo('second@example.com');
    await worker.runOnce();
    expect(await left()).toEqual([]);

    await sentLongAgo('third@example.com');
    await worker.runOnce();
    expect(await left()).toEqual(['third@example.com']);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 59 * 60_000);
    await worker.runOnce();
    expect(await left()).toEqual(['third@example.com']);
    vi.spyOn(Date, 'now').mockReturnValue(now + 61 * 60_000);
    await worker.runOnce();
    expect(await left()).toEqual([]);
    // Nothing left to delete: nothing logged.
    expect(await worker.purge()).toBe(0);
    await worker.stop();

    expect(
      lines
        .filter((line) => line.msg === 'Delivered mail past its retention deleted')
        .map((line) => line.purged),
    ).toEqual([2, 1]);
  });
});

describe('the running worker', () => {
  it('takes full batches one after another without waiting, then waits its pause for new mail', async () => {
    t = await createTestApp();
    const delivered: string[] = [];
    const worker = createMailWorker({
      db: t.db,
      env: t.env,
      log: t.app.log,
      pollMs: 60_000,
      batchSize: 2,
      transport: {
        async deliver(message) {
          delivered.push(String(message.to));
        },
        close() {},
      },
    });
    for (const n of [1, 2, 3, 4, 5]) await enqueueMail(t.db, mail(`n${n}@example.com`));
    worker.start();
    for (let i = 0; i < 1000 && delivered.length < 5; i++) await pause(10);
    expect(delivered).toEqual([1, 2, 3, 4, 5].map((n) => `n${n}@example.com`));

    await enqueueMail(t.db, mail('later@example.com'));
    await pause(300);
    await worker.stop();
    expect(delivered).toHaveLength(5);
  });

  it('stopped during a delivery, finishes it and then looks for no more', async () => {
    t = await createTestApp();
    const delivered: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const delivering = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const worker = createMailWorker({
      db: t.db,
      env: t.env,
      log: t.app.log,
      pollMs: 10,
      transport: {
        async deliver(message) {
          if (delivered.length === 0) {
            entered();
            await held;
          }
          delivered.push(String(message.to));
        },
        close() {},
      },
    });
    await enqueueMail(t.db, mail('first@example.com'));
    worker.start();
    await delivering;
    const stopped = worker.stop();
    release();
    await stopped;
    await enqueueMail(t.db, mail('after@example.com'));
    await pause(200);
    expect(delivered).toEqual(['first@example.com']);
  });
});
