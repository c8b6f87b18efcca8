import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { brandById } from '@app/brands';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../start-server';
import { addSticker, call, signUpPayload } from '../../test/accounts';
import { freePort } from '../../test/free-port';
import { parseMail, readOutbox, waitForMail } from '../../test/outbox';
import { tempDir } from '../../test/temp-dir';
import { createTestApp, type TestApp, testEnv } from '../../test/test-app';
import { createTestDb } from '../../test/test-db';
import { enqueueMail } from './outbox';
import type { MailTransport } from './transport';
import { createMailWorker, retryDelayMs } from './worker';

let t: TestApp;
afterEach(() => t?.close());

const outboxDir = () => path.join(t.env.dataDir, 'outbox');

async function signUpOn(host: string, email: string) {
  const res = await call(t, 'POST', '/api/users/add', {
    body: signUpPayload(await addSticker(t.db), { email }),
    headers: { host },
  });
  expect(res.json()).toMatchObject({ success: true });
}

/** An SMTP server that speaks just enough of the protocol to take messages. */
async function smtpListener() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test.localhost ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test.localhost\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A JSON POST over a real connection, with a Host header of our choosing (fetch would not send it). */
function postJson(port: number, urlPath: string, host: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('mail', () => {
  it("writes each brand's mail to the development outbox with that brand's sender and links on its own origin", async () => {
    t = await createTestApp({ env: { publicUrlPattern: 'https://{host}.example.test' } });
    await signUpOn('dvr.localhost:3000', 'dvr-owner@example.com');
    // A forged Host header cannot steer the link: unknown hosts are the default brand.
    await signUpOn('evil.example:666', 'signs-owner@example.com');

    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    await worker.stop();

    const mails = await readOutbox(outboxDir());
    const dvr = mails.find((m) => m.to === 'dvr-owner@example.com');
    const dvrBrand = brandById('dvr');
    expect(dvr?.from).toBe(`${dvrBrand.mail.fromName} <${dvrBrand.mail.fromAddress}>`);
    expect(dvr?.subject).toBe(`Confirm your ${dvrBrand.name} account`);
    expect(dvr?.text).toContain(dvrBrand.name);
    expect(dvr?.links).toHaveLength(1);
    expect(dvr?.links[0]).toMatch(/^https:\/\/dvr\.example\.test\/\?userId=\d+&token=[\w-]{43}$/);

    const signs = mails.find((m) => m.to === 'signs-owner@example.com');
    expect(signs?.from).toBe('CCTV Sign Register <no-reply@cctvsignregister.co.uk>');
    expect(signs?.links[0]).toMatch(/^https:\/\/signs\.example\.test\/\?userId=/);
    expect(JSON.stringify(mails)).not.toContain('evil');

    const sent = await t.db.query<{ sent_at: Date | null; attempts: number }>(
      'select sent_at, attempts from mail_outbox',
    );
    expect(sent.map((r) => [r.sent_at instanceof Date, r.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    // Delivered mail is not sent again.
    const again = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    expect(await again.runOnce()).toEqual({ sent: 0, failed: 0 });
    await again.stop();
  });

  it('MAIL_FROM replaces every brand sender; attachments travel with the message', async () => {
    t = await createTestApp({ env: { mailFrom: 'Register Desk <desk@example.test>' } });
    await enqueueMail(t.db, {
      brand: 'nvr',
      to: 'someone@example.com',
      subject: 'Your datasheet',
      text: 'Attached.',
      attachments: [
        { filename: 'sheet.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') },
      ],
    });
    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    await worker.runOnce();
    await worker.stop();
    const [mail] = await readOutbox(outboxDir());
    expect(mail?.from).toBe('Register Desk <desk@example.test>');
    expect(mail?.text).toBe('Attached.');
    expect(mail?.headers['content-type']).toMatch(/^multipart\/mixed/);
    const raw = await readFile(mail?.file ?? '', 'latin1');
    expect(raw).toContain('filename=sheet.pdf');
    expect(raw).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
  });

  it('deletes delivered mail after the retention days, and keeps undelivered mail with its error', async () => {
    t = await createTestApp({ env: { mailRetentionDays: 30 } });
    const mail = { brand: 'signs' as const, subject: 'Hello', text: 'Hi.' };
    const old = await enqueueMail(t.db, { ...mail, to: 'old@example.com' });
    const recent = await enqueueMail(t.db, { ...mail, to: 'recent@example.com' });
    const failed = await enqueueMail(t.db, { ...mail, to: 'failed@example.com' });
    await t.db.query("update mail_outbox set sent_at = now() - interval '31 days' where id = $1", [old]);
    await t.db.query("update mail_outbox set sent_at = now() - interval '29 days' where id = $1", [recent]);
    await t.db.query(
      "update mail_outbox set attempts = 9, last_error = 'mailbox full', created_at = now() - interval '90 days', next_attempt_at = now() + interval '1 hour' where id = $1",
      [failed],
    );
    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    expect(await worker.purge()).toBe(1);
    await worker.stop();
    expect(await t.db.query('select to_address, last_error from mail_outbox order by id')).toEqual([
      { to_address: 'recent@example.com', last_error: null },
      { to_address: 'failed@example.com', last_error: 'mailbox full' },
    ]);
  });

  it('when the mail server is down, sign-up still succeeds and the mail is delivered on a later try', async () => {
    const closedPort = await freePort();
    t = await createTestApp({ env: { smtpUrl: `smtp://127.0.0.1:${closedPort}` } });
    await signUpOn('signs.localhost', 'patient@example.com');

    const down = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    expect(await down.runOnce()).toEqual({ sent: 0, failed: 1 });
    await down.stop();
    const failed = await t.db.one<{
      attempts: number;
      last_error: string;
      due_later: boolean;
      sent_at: Date | null;
    }>(
      "select attempts, last_error, next_attempt_at > now() + interval '20 seconds' as due_later, sent_at from mail_outbox",
    );
    expect(failed).toMatchObject({ attempts: 1, due_later: true, sent_at: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await smtpListener();
    try {
      const up = createMailWorker({
        db: t.db,
        env: { ...t.env, smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
        log: t.app.log,
      });
      // Not due yet: the pause after a failure is respected.
      expect(await up.runOnce()).toEqual({ sent: 0, failed: 0 });
      await t.db.query('update mail_outbox set next_attempt_at = now()');
      expect(await up.runOnce()).toEqual({ sent: 1, failed: 0 });
      await up.stop();

      expect(smtp.received).toHaveLength(1);
      const mail = parseMail(smtp.received[0] ?? '');
      expect(mail.to).toBe('patient@example.com');
      expect(mail.links[0]).toMatch(/^http:\/\/signs\.localhost:3000\/\?userId=\d+&token=/);
      const row = await t.db.one<{ attempts: number; sent: boolean; last_error: string | null }>(
        'select attempts, sent_at is not null as sent, last_error from mail_outbox',
      );
      expect(row).toEqual({ attempts: 2, sent: true, last_error: null });
    } finally {
      await smtp.close();
    }
  });

  it('two workers at once deliver each message exactly once', async () => {
    t = await createTestApp();
    for (let i = 0; i < 12; i++) {
      await enqueueMail(t.db, {
        brand: 'signs',
        to: `n${i}@example.com`,
        subject: `Message ${i}`,
        text: 'Hello',
      });
    }
    const delivered: string[] = [];
    const counting = (): MailTransport => ({
      async deliver(message) {
        await new Promise((resolve) => setImmediate(resolve));
        delivered.push(String(message.to));
      },
      close() {},
    });
    const workers = [1, 2].map(() =>
      createMailWorker({ db: t.db, env: t.env, log: t.app.log, transport: counting(), batchSize: 5 }),
    );
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.stop()));
    expect(delivered.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `n${i}@example.com`).sort());
  });

  it('the running worker delivers mail as it arrives, and stops when asked', async () => {
    t = await createTestApp();
    const delivered: string[] = [];
    const worker = createMailWorker({
      db: t.db,
      env: t.env,
      log: t.app.log,
      pollMs: 10,
      transport: {
        async deliver(message) {
          delivered.push(String(message.subject));
        },
        close() {},
      },
    });
    worker.start();
    await enqueueMail(t.db, { brand: 'signs', to: 'a@example.com', subject: 'First', text: 'x' });
    while (delivered.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.stop();
    await enqueueMail(t.db, { brand: 'signs', to: 'a@example.com', subject: 'After stop', text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered).toEqual(['First']);
  });

  it('the running server delivers the outbox as mail arrives', async () => {
    const dataDir = await tempDir('server-mail');
    const port = await freePort();
    const db = await createTestDb();
    const server = await startServer({ env: testEnv({ port, dataDir }), db, logger: false });
    try {
      const sticker = await addSticker(db);
      const reply = await postJson(
        port,
        '/api/users/add',
        `voice.localhost:${port}`,
        signUpPayload(sticker, { email: 'voice-owner@example.com' }),
      );
      expect(reply).toMatchObject({ success: true });
      const mail = await waitForMail(
        { to: 'voice-owner@example.com' },
        { dir: path.join(dataDir, 'outbox') },
      );
      expect(mail.subject).toBe(`Confirm your ${brandById('voice').name} account`);
      expect(mail.links[0]).toMatch(new RegExp(`^http://voice\\.localhost:${port}/\\?userId=\\d+&token=`));
    } finally {
      await server.close();
    }
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 10, 30].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});
