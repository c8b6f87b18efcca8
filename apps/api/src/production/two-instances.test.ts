import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../modules/mail/outbox';
import { type RunningServer, startServer } from '../start-server';
import { addSticker, linkIn, outboxFor, signUpPayload } from '../test/accounts';
import { freePort } from '../test/free-port';
import { testEnv } from '../test/test-app';
import { createPostgresTestDatabase, type TestDatabase } from '../test/test-db';
import { httpCall, startSmtpServer, type TestSmtpServer, until } from './support';

// Two instances of the server behind one load balancer, as production scales out: each with its own
// connection pool to the same PostgreSQL database, and the same JWT_SECRET.

const JWT_SECRET = 'one-secret-that-every-instance-of-the-service-shares';

// Needs the PostgreSQL test server (CI always has one), whichever project runs it.
describe.runIf(process.env.TEST_DATABASE_URL !== undefined)(
  'two instances on one PostgreSQL database',
  () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let servers: RunningServer[] = [];
    const port = (i: number) => Number(new URL(servers[i]?.address ?? '').port);

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      smtp = await startSmtpServer();
      // Started at the same moment, as a deployment starts its replicas: both migrate and seed.
      servers = await Promise.all(
        [0, 1].map(async () =>
          startServer({
            env: testEnv({
              port: await freePort(),
              databaseUrl: database.url,
              smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
              jwtSecret: JWT_SECRET,
            }),
            logger: false,
          }),
        ),
      );
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await smtp?.close();
      await database?.drop();
    });

    it('a session signed in on one instance is honoured by the other', async () => {
      const db = servers[0]?.db;
      if (!db) throw new Error('no server');
      const body = signUpPayload(await addSticker(db));
      const signUp = await httpCall(port(0), '/api/users/add', { body });
      expect(signUp.json).toMatchObject({ success: true });
      const { userId } = signUp.json as { userId: number };

      const [mail] = await outboxFor(db, body.email.toLowerCase());
      const confirmToken = linkIn(mail?.text_body ?? '').searchParams.get('token');
      const confirmed = await httpCall(port(1), `/api/users/${userId}`, {
        method: 'PUT',
        body: { confirmedAt: new Date().toISOString(), confirmToken, password: body.password },
      });
      expect(confirmed.status).toBe(200);

      for (const [signInOn, useOn] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const login = await httpCall(port(signInOn), '/api/users/login', {
          body: { userName: body.userName, password: body.password },
        });
        expect(login.json).toMatchObject({ status: 'success' });
        const { token } = login.json as { token: string };
        const account = await httpCall(port(useOn), '/api/account', { token });
        expect(account.status).toBe(200);
        expect(account.json).toMatchObject({ userName: body.userName });
      }
    });

    it('login attempts spread over both instances reach the limit at the same count as on one', async () => {
      const attempt = (instance: number, userName: string) =>
        httpCall(port(instance), '/api/users/login', {
          body: { userName, password: 'not the password' },
          localAddress: '127.0.0.21',
        });
      const statusesOn = async (pick: (n: number) => number, userName: string) => {
        const statuses: number[] = [];
        for (let n = 0; n < 12; n++) statuses.push((await attempt(pick(n), userName)).status);
        return statuses;
      };
      const oneInstance = await statusesOn(() => 0, 'nobody-on-one');
      const alternating = await statusesOn((n) => n % 2, 'nobody-on-both');
      // One address guessing at one account: 5 wrong passwords in 15 minutes, then 429.
      expect(oneInstance.indexOf(429)).toBe(5);
      expect(alternating).toEqual(oneInstance);
    });

    it('100 queued mails are sent exactly once while both instances run their mail workers', async () => {
      const db = servers[0]?.db;
      if (!db) throw new Error('no server');
      const subjects = Array.from({ length: 100 }, (_, i) => `Queued message ${i}`);
      // Queued in one go, so both workers find a full outbox at once.
      await db.transaction(async (tx) => {
        for (const [i, subject] of subjects.entries()) {
          await enqueueMail(tx, { brand: 'signs', to: `queued${i}@example.com`, subject, text: 'Hello' });
        }
      });
      const ours = () => smtp.received.filter((mail) => mail.subject.startsWith('Queued message '));
      await until(async () => {
        const waiting = await db.one<{ n: number }>(
          "select count(*) as n from mail_outbox where subject like 'Queued message %' and sent_at is null",
        );
        return waiting.n === 0;
      });

      const received = ours();
      expect(received.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(100);
      const attempts = await db.query<{ attempts: number }>(
        "select attempts from mail_outbox where subject like 'Queued message %'",
      );
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    });
  },
);
