import { afterEach, describe, expect, it } from 'vitest';
import { outboxFor, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput } from '../../test/workspace';
import { createReminderJob } from './job';

let t: TestApp;
afterEach(() => t?.close());

describe('yearly re-confirmation reminders', () => {
  it('two runs at once remind each due site once; re-confirming starts a new year', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const fresh = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Fresh'))).json();
    await t.db.query(
      `update sites set details_confirmed_at = now() - interval '13 months', created_at = now() - interval '2 years' where id = $1`,
      [a.reply.siteId],
    );
    const log = t.app.log;
    const job = () => createReminderJob({ db: t.db, env: t.env, log });
    const counts = await Promise.all([job().runOnce(), job().runOnce()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await job().runOnce()).toBe(0);
    const reminders = (await outboxFor(t.db, String(a.body.email))).filter((m) =>
      m.subject.startsWith('Are the details'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text_body).toContain(`/site?id=${a.reply.siteId}`);
    expect(reminders[0]?.text_body).not.toContain(`id=${fresh.id}`);

    await send(t, 'PUT', `/api/sites/${a.reply.siteId}`, a.token, siteInput(a.body.siteName));
    await t.db.query(`update sites set details_confirmed_at = now() - interval '366 days' where id = $1`, [
      a.reply.siteId,
    ]);
    expect(await job().runOnce()).toBe(1);
  });
});
