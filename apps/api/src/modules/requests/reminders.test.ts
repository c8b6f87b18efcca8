import { formatUkDate } from '@app/contract/dates';
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
    const sent = history.filter((e: { action: string }) => e.action === 'reminder');
    expect(sent).toHaveLength(5);
    expect(sent[0]).toMatchObject({ actor: 'system', actorName: 'Reminder' });
    // The reminder itself: what and by when, and where to act.
    expect((await outboxFor(t.db, master)).at(-1)?.text_body).toBe(
      `${(await reminders()).at(-1)?.slice(reference.length + 2)}: request ${reference} about Quay car park.\n\nOpen the request: http://signs.localhost:3000/requests/${id}\n\nCCTV Sign Register\n`,
    );
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
      actorName: 'Retention',
      action: 'document_deleted',
      body: 'Deleted id.jpg, 30 days after the request closed',
    });
    expect(await sweep(() => new Date(closedAt + 40 * DAY)).runOnce()).toMatchObject({ documentsDeleted: 0 });
  });
});

describe('which reminders a sweep sends', () => {
  /** A request to `operator`'s sign; its id, reference and due date. */
  async function request(operator: Awaited<ReturnType<typeof signedIn>>, body: Record<string, unknown>) {
    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body });
    expect(res.statusCode).toBe(200);
    const reference: string = res.json().reference;
    const id = await requestIdByReference(t.db, reference);
    const { due } = await t.db.one<{ due: string }>(
      'select due_date::text as due from relay_requests where id = $1',
      [id],
    );
    return { id, reference, due };
  }
  const complaint = (email: string) => ({
    name: 'Al Smith',
    email,
    kind: 'complaint',
    message: 'Too close.',
  });
  const noon = (isoDay: string, days = 0) => new Date(new Date(`${isoDay}T12:00:00Z`).getTime() + days * DAY);
  const subjects = async (to: string, reference: string) =>
    (await outboxFor(t.db, to)).map((m) => m.subject).filter((s) => s.startsWith(`${reference}: `));

  it("sends each company's reminders to its own master users only", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const ra = await request(a, complaint('one@example.net'));
    const rb = await request(b, complaint('two@example.net'));
    await sweep(() => noon(ra.due, -7)).runOnce();
    const [mastersA, mastersB] = [String(a.body.email).toLowerCase(), String(b.body.email).toLowerCase()];
    expect((await subjects(mastersA, ra.reference)).slice(1)).toEqual([
      expect.stringMatching(/: Answer due in 7 days, by /),
    ]);
    expect((await subjects(mastersB, rb.reference)).slice(1)).toEqual([
      expect.stringMatching(/: Answer due in 7 days, by /),
    ]);
    expect(await subjects(mastersA, rb.reference)).toEqual([]);
    expect(await subjects(mastersB, ra.reference)).toEqual([]);
  });

  it('sends a reminder a day late, not later (a stale "due tomorrow" a week on), but "overdue" whenever it runs', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const master = String(operator.body.email).toLowerCase();
    const { reference, due } = await request(operator, complaint('late@example.net'));
    // No sweep ran on its day; the next, a day later, still reminds.
    await sweep(() => noon(due, -6)).runOnce();
    expect((await subjects(master, reference)).slice(1)).toEqual([
      `${reference}: Answer due in 7 days, by ${formatUkDate(due)}`,
    ]);
    // Nothing ran for days around the due date: only "overdue" is still worth sending.
    await sweep(() => noon(due, 3)).runOnce();
    expect((await subjects(master, reference)).slice(1)).toEqual([
      `${reference}: Answer due in 7 days, by ${formatUkDate(due)}`,
      `${reference}: Answer overdue since ${formatUkDate(due)}`,
    ]);
  });

  it('sends nothing about a request that was answered without its reminders being planned again', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const master = String(operator.body.email).toLowerCase();
    const { id, reference, due } = await request(operator, complaint('answered@example.net'));
    // Answered by a path that leaves its planned reminders in place (as a third party's declined request is).
    await t.db.query("update relay_requests set state = 'answered', answered_at = now() where id = $1", [id]);
    expect(await sweep(() => noon(due, -7)).runOnce()).toMatchObject({ reminded: 1 });
    expect((await subjects(master, reference)).slice(1)).toEqual([]);
  });

  it('sends a backlog larger than one batch (200) in one sweep', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const master = String(operator.body.email).toLowerCase();
    const { id, reference, due } = await request(operator, complaint('backlog@example.net'));
    // 250 "overdue" reminders, one for each of the 250 days after the due date.
    await t.db.query(
      `insert into request_jobs (request_id, kind, run_on)
       select $1, 'overdue', $2::date + g from generate_series(1, 250) g
       on conflict do nothing`,
      [id, due],
    );
    const done = await sweep(() => noon(due, 251)).runOnce();
    // With the complaint's own three (two of them stale by then, so not sent).
    expect(done.reminded).toBe(252);
    expect(
      (await subjects(master, reference)).filter((s) => s.includes('Answer overdue since')),
    ).toHaveLength(250);
    expect(
      await t.db.query('select id from request_jobs where sent_at is null and request_id = $1', [id]),
    ).toEqual([]);
  });
});
