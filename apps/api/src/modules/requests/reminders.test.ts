import { afterEach, describe, expect, it } from 'vitest';
import { call, outboxFor, signedIn } from '../../test/accounts';
import { requestIdByReference } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRequestSweep } from './reminders';

let t: TestApp;
afterEach(() => t?.close());

const DAY = 86_400_000;
const ukDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

/** A sweep as one instance of the server runs it, on a clock the test sets. */
function sweep(at: () => Date) {
  return createRequestSweep({ db: t.db, env: t.env, storage: t.app.storage, log: t.app.log, now: at });
}

describe('reminders of a footage request', () => {
  it('are each sent once, with two instances at once and after a restart, and stop once the footage is saved', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { siteName: 'Quay car park' });
    await t.db.query('update sites set retention_days = 30 where id = $1', [operator.reply.siteId]);
    const start = Date.now();
    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
      body: {
        name: 'Sam Walker',
        email: 'sam@example.net',
        kind: 'footage',
        // Recorded 20 days ago and kept 30: overwritten 10 days from now.
        footageDate: ukDay(new Date(start - 20 * DAY)),
        timeFrom: '09:00',
        timeTo: '09:15',
        description: 'Blue van',
      },
    });
    const { reference } = res.json();
    const id = await requestIdByReference(t.db, reference);
    const master = String(operator.body.email).toLowerCase();
    const reminders = async () =>
      (await outboxFor(t.db, master))
        .filter((m) => m.subject.startsWith(`${reference}: `))
        .map((m) => m.subject);
    const atReceipt = await reminders();
    expect(atReceipt).toHaveLength(1);

    // Three days before the footage goes: two instances sweep at the same moment.
    let now = new Date(start + 7 * DAY);
    const [a, b] = [sweep(() => now), sweep(() => now)];
    const results = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(results.map((r) => r.reminded).sort()).toEqual([0, 1]);
    const overwrite = new Date(start + 10 * DAY);
    const day = `${overwrite.getUTCDate()} ${overwrite.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })}`;
    expect((await reminders()).slice(1)).toEqual([
      `${reference}: Save the footage before ${day} ${overwrite.getUTCFullYear()}`,
    ]);

    // A restarted instance finds nothing left to send that day.
    const restarted = sweep(() => now);
    expect(await restarted.runOnce()).toEqual({ reminded: 0, documentsDeleted: 0 });
    expect(await reminders()).toHaveLength(2);

    // The last day.
    now = new Date(start + 10 * DAY);
    await restarted.runOnce();
    expect((await reminders()).at(-1)).toBe(
      `${reference}: Last day to save the footage before it is overwritten`,
    );

    // Saved: nothing more about the footage; the answer's dates still come.
    await call(t, 'POST', `/api/requests/${id}/footage-saved`, {
      token: operator.token,
      body: { how: 'locked' },
    });
    const { due_date: due } = await t.db.one<{ due_date: string }>(
      'select due_date from relay_requests where id = $1',
      [id],
    );
    now = new Date(`${due}T12:00:00Z`);
    now = new Date(now.getTime() - 7 * DAY);
    await restarted.runOnce();
    expect((await reminders()).at(-1)).toMatch(new RegExp(`^${reference}: Answer due in 7 days`));
    now = new Date(new Date(`${due}T12:00:00Z`).getTime() - DAY);
    await sweep(() => now).runOnce();
    expect((await reminders()).at(-1)).toMatch(new RegExp(`^${reference}: Answer due tomorrow`));
    now = new Date(new Date(`${due}T12:00:00Z`).getTime() + DAY);
    await sweep(() => now).runOnce();
    expect((await reminders()).at(-1)).toMatch(new RegExp(`^${reference}: Answer overdue since`));
    expect(await reminders()).toHaveLength(6);
    // Every reminder is in the request's history.
    const history = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json().history;
    expect(history.filter((e: { action: string }) => e.action === 'reminder')).toHaveLength(5);
  });

  it('deletes proof of identity 30 days after the request closes, keeping that it was seen', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
      body: { name: 'Jo', email: 'jo@example.net', kind: 'question', message: 'What do you record?' },
    });
    const { reference } = res.json();
    const id = await requestIdByReference(t.db, reference);
    const mail = (await outboxFor(t.db, 'jo@example.net'))[0]?.text_body ?? '';
    const secret = /#(\S+)/.exec(mail)?.[1] ?? '';
    await call(t, 'POST', `/api/requests/${id}/actions`, {
      token: operator.token,
      body: { action: 'ask_identity', body: 'Proof please.' },
    });
    const boundary = '----proof';
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/requests/visitor/${reference}/documents`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-request-key': secret },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="id.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    const { storage_key: key } = await t.db.one<{ storage_key: string }>(
      'select storage_key from request_documents where request_id = $1',
      [id],
    );
    await call(t, 'POST', `/api/requests/${id}/actions`, {
      token: operator.token,
      body: { action: 'answer', outcome: 'no_footage', body: 'We hold no footage of you.' },
    });
    const closedAt = Date.now();

    expect(await sweep(() => new Date(closedAt + 29 * DAY)).runOnce()).toMatchObject({ documentsDeleted: 0 });
    await expect(t.app.storage.get(key)).resolves.toBeDefined();
    expect(await sweep(() => new Date(closedAt + 31 * DAY)).runOnce()).toMatchObject({ documentsDeleted: 1 });
    await expect(t.app.storage.get(key)).rejects.toThrow();
    const view = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(view.documents).toEqual([expect.objectContaining({ filename: 'id.jpg', deleted: true })]);
    expect(view.history.at(-1)).toMatchObject({
      actor: 'system',
      action: 'document_deleted',
      body: 'Deleted id.jpg, 30 days after the request closed',
    });
    expect(await sweep(() => new Date(closedAt + 40 * DAY)).runOnce()).toMatchObject({ documentsDeleted: 0 });
  });
});
