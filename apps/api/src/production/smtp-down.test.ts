import { expect, it } from 'vitest';
import { startServer } from '../start-server';
import { addSticker, signUpPayload } from '../test/accounts';
import { freePort } from '../test/free-port';
import { testEnv } from '../test/test-app';
import { createTestDb } from '../test/test-db';
import { httpCall, startSmtpServer, until } from './support';

interface QueuedMail {
  attempts: number;
  sent: boolean;
  last_error: string | null;
  /** Seconds until the worker tries again. */
  retry_in_s: number;
}

it('while the mail server is down, sign-up succeeds and its mail waits; once it is back the mail goes out', async () => {
  const smtpPort = await freePort();
  const db = await createTestDb();
  const server = await startServer({
    env: testEnv({ port: await freePort(), smtpUrl: `smtp://127.0.0.1:${smtpPort}` }),
    db,
    logger: false,
  });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  try {
    const port = Number(new URL(server.address).port);
    const body = signUpPayload(await addSticker(db));
    const signUp = await httpCall(port, '/api/users/add', { body });
    expect(signUp.status).toBe(200);
    expect(signUp.json).toMatchObject({ success: true });

    const queued = () =>
      db.one<QueuedMail>(
        `select attempts, sent_at is not null as sent, last_error,
                extract(epoch from next_attempt_at - now())::float8 as retry_in_s
           from mail_outbox where to_address = $1`,
        [body.email.toLowerCase()],
      );
    // The running worker has tried, failed, and put the message off: it stays queued.
    await until(async () => (await queued()).last_error !== null);
    const failed = await queued();
    expect(failed).toMatchObject({ attempts: 1, sent: false });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.retry_in_s).toBeGreaterThan(20);

    smtp = await startSmtpServer(smtpPort);
    // The pause after the failure has passed.
    await db.query('update mail_outbox set next_attempt_at = now() where to_address = $1', [
      body.email.toLowerCase(),
    ]);
    await until(async () => (await queued()).sent);
    expect(await queued()).toMatchObject({ attempts: 2, sent: true, last_error: null });
    expect(smtp.received.map((mail) => mail.to)).toEqual([[body.email.toLowerCase()]]);
    expect(smtp.received[0]?.subject).toMatch(/^Confirm your .+ account$/);
  } finally {
    await server.close();
    await smtp?.close();
  }
});
