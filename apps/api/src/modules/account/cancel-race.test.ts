import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, outboxFor, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';
import { send } from '../../test/workspace';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// Only PostgreSQL has two connections at once; on PGlite one statement runs at a time, so the
// address cannot be taken between the cancel's check and its write.
describe.runIf(testDbKind() === 'postgres')('a cancel link racing a sign-up for the same address', () => {
  it('answers 409 with the taken-address message, never 500, and leaves the account as it was', async () => {
    t = await createTestApp();
    const app = t;
    const owner = await signedIn(app);
    const oldEmail = String(owner.body.email);
    const changed = await send(app, 'PUT', '/api/account', owner.token, {
      title: '',
      firstname: 'Ada',
      surname: 'King',
      tel: '',
      email: 'moved@example.com',
      currentPassword: owner.body.password,
    });
    expect(changed.statusCode).toBe(200);
    const cancelToken =
      linkIn((await outboxFor(app.db, oldEmail)).at(-1)?.text_body ?? '').searchParams.get(
        'cancelEmailToken',
      ) ?? '';
    const [confirmMail] = await outboxFor(app.db, 'moved@example.com');
    const emailToken = linkIn(confirmMail?.text_body ?? '').searchParams.get('emailToken') ?? '';
    const confirmed = await send(app, 'POST', '/api/account/email/confirm', undefined, { token: emailToken });
    expect(confirmed.statusCode).toBe(200);
    const other = await signedIn(app);

    // Another account takes the old address in a transaction not yet committed: the cancel's check
    // cannot see it, and its write waits on the unique index until the other commits.
    let cancelled: ReturnType<typeof send> | undefined;
    await app.db.transaction(async (tx) => {
      await tx.query('update users set email = $1 where id = $2', [oldEmail, other.reply.userId]);
      cancelled = send(app, 'POST', '/api/account/email/cancel', undefined, { token: cancelToken });
      // Wait until the cancel is blocked on this transaction's row (bounded: 10 s).
      for (let i = 0; i < 200; i += 1) {
        const [waiting] = await app.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if ((waiting?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The cancel never waited on the other account’s write');
    });
    const reply = await cancelled;
    expect(reply?.statusCode).toBe(409);
    expect(reply?.json()).toEqual({ message: messages.server.emailTaken });
    const row = await app.db.one<{ email: string }>('select email from users where id = $1', [
      owner.reply.userId,
    ]);
    expect(row.email).toBe('moved@example.com');
  });
});
