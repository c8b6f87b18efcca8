import { requestMessages } from '@app/contract/request-lifecycle';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call, outboxFor, type Registered, signedIn } from '../../test/accounts';
import { requestIdByReference } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A footage request for a window `daysAgo` days back (the visitor's own words are in it). */
const footage = (daysAgo = 2) => ({
  name: 'Sam Walker',
  email: 'sam.walker@example.net',
  kind: 'footage',
  footageDate: iso(new Date(Date.now() - daysAgo * DAY)),
  timeFrom: '14:00',
  timeTo: '14:30',
  location: 'By the pay machine',
  camera: 'Entrance camera',
  description: 'Red coat, black umbrella',
  preferredForm: 'copy',
});

/** The private link of the visitor's acknowledgement: its reference and the secret in its fragment. */
async function privateLink(db: TestApp['db'], email: string) {
  const mails = await outboxFor(db, email);
  const ack = mails.find((m) => m.subject.startsWith('Your request'));
  const match = /https?:\/\/\S+\/request\/(R-[A-Z0-9-]+)#(\S+)/.exec(ack?.text_body ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No private link in: ${ack?.text_body}`);
  return { reference: match[1], secret: match[2], text: ack?.text_body ?? '' };
}

async function send(operator: Registered, body: Record<string, unknown> = footage()) {
  const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body });
  expect(res.statusCode).toBe(200);
  const reference: string = res.json().reference;
  return { reference, id: await requestIdByReference(t.db, reference) };
}

const visitorGet = (reference: string, secret: string) =>
  call(t, 'GET', `/api/requests/visitor/${reference}`, { headers: { 'x-request-key': secret } });

const act = (token: string, id: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/requests/${id}/actions`, { token, body });

/** A PDF as a browser's form sends it: the contact form's parts (`data` and one `uploadFile`). */
function pdfUpload(secret: string) {
  const boundary = '----proof';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 proof of identity\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-request-key': secret },
    payload,
  };
}

describe('a visitor asks an operator for footage', () => {
  it('tells the operator with a link to the request and acknowledges to the visitor with a private link', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { companyName: 'Quayside Parking Ltd', siteName: 'Quay car park' });
    await t.db.query('update sites set retention_days = 14 where id = $1', [operator.reply.siteId]);
    const { reference, id } = await send(operator, footage(5));
    // Random and readable aloud: nothing says how many came before (issue 36, item 27).
    expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    const [toOperator] = await outboxFor(t.db, String(operator.body.email).toLowerCase()).then((m) =>
      m.slice(-1),
    );
    expect(toOperator?.subject).toBe(`${reference}: A copy of footage of me about Quay car park`);
    expect(toOperator?.text_body).toContain('Red coat, black umbrella');
    expect(toOperator?.text_body).toContain('Camera: Entrance camera');
    // Recorded 5 days ago, kept 14 days: overwritten 9 days from now.
    const overwrite = new Date(Date.now() + 9 * DAY);
    expect(toOperator?.text_body).toContain(
      `Save the footage before ${overwrite.getUTCDate()} ${overwrite.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })}`,
    );
    expect(toOperator?.text_body).toContain(`/requests/${id}`);

    const link = await privateLink(t.db, 'sam.walker@example.net');
    expect(link.reference).toBe(reference);
    expect(link.secret).toMatch(/^[\w-]{43}$/);
    expect(link.text).toContain('Quayside Parking Ltd');
    expect(link.text).toContain('What you asked for: A copy of footage of me');
    expect(link.text).toContain('How you would like it: A copy of the recording');
    expect(link.text).toContain('https://ico.org.uk/make-a-complaint');
    // None of the visitor's own words reach an address nobody has confirmed.
    for (const typed of ['Red coat', 'pay machine', 'Entrance camera', 'Sam Walker']) {
      expect(link.text).not.toContain(typed);
    }

    const page = await visitorGet(reference, link.secret);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({
      reference,
      state: 'received',
      operator: 'Quayside Parking Ltd',
      description: 'Red coat, black umbrella',
      actions: ['withdraw'],
      due: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), reason: expect.stringMatching(/^due /) },
    });
    expect(page.json().next).toContain('must answer by');
  });

  it('answers a wrong secret, a guessed reference and a malformed one alike, learning nothing', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { reference } = await send(operator);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    const answers = await Promise.all([
      // One character changed (to one it is not), so the secret is wrong by the least.
      visitorGet(reference, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`),
      visitorGet(reference, ''),
      visitorGet('R-000999', secret),
      visitorGet('R-1', secret),
      visitorGet('nonsense', 'x'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: requestMessages.linkNotValid });
    }
    // A secret in the address (where logs would keep it) opens nothing either.
    const inQuery = await call(t, 'GET', `/api/requests/visitor/${reference}?key=${secret}`);
    expect(inQuery.statusCode).toBe(404);
  });

  it('runs a request from receipt to answer: identity asked and sent, footage saved, answered, closed', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { companyName: 'Harbour Stores Ltd' });
    const { reference, id } = await send(operator);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    // Received ten days ago: the month would end twenty days from now.
    const received = iso(new Date(Date.now() - 10 * DAY));
    await t.db.query('update relay_requests set received_on = $2 where id = $1', [id, received]);

    const asked = await act(operator.token, id, {
      action: 'ask_identity',
      body: 'Please send a photo of your driving licence.',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'awaiting_identity', due: { date: null } });
    const news = (await outboxFor(t.db, 'sam.walker@example.net')).at(-1);
    expect(news?.subject).toBe(`News about your request ${reference}`);
    expect(news?.text_body).toContain('asked you for proof of identity');
    // The operator's words stay on the page, not in the mail.
    expect(news?.text_body).not.toContain('driving licence');

    const waiting = await visitorGet(reference, secret);
    expect(waiting.json()).toMatchObject({
      state: 'awaiting_identity',
      actions: ['send_identity', 'withdraw'],
    });
    expect(waiting.json().history.at(-1)).toMatchObject({
      actor: 'operator',
      action: 'ask_identity',
      body: 'Please send a photo of your driving licence.',
    });

    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/requests/visitor/${reference}/documents`,
      ...pdfUpload(secret),
    });
    expect(upload.statusCode).toBe(200);
    // The month starts again from the day the proof arrived: today.
    const today = new Date();
    const sent = upload.json();
    expect(sent.state).toBe('in_progress');
    expect(sent.due.reason).toMatch(/^due /);
    expect(sent.due.date > iso(new Date(today.getTime() + 27 * DAY))).toBe(true);
    expect(sent.documents).toEqual([
      { filename: 'passport.pdf', uploadedAt: expect.any(String), deleted: false },
    ]);

    const saved = await call(t, 'POST', `/api/requests/${id}/footage-saved`, {
      token: operator.token,
      body: { how: 'exported', note: 'USB stick in the office safe' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().footageSaved).toMatchObject({
      how: 'exported',
      note: 'USB stick in the office safe',
    });
    expect(saved.json().next).toMatch(/^Answer by /);

    const answered = await act(operator.token, id, {
      action: 'answer',
      outcome: 'disclosed',
      body: 'Dear Sam, the footage is ready for you. You can complain to the ICO.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ state: 'answered', outcome: 'disclosed', actions: ['close'] });
    const outcome = await visitorGet(reference, secret);
    expect(outcome.json()).toMatchObject({ state: 'answered', outcome: 'disclosed', actions: [] });
    expect(outcome.json().next).toContain('has answered: Footage disclosed');

    const closed = await act(operator.token, id, { action: 'close' });
    expect(closed.json().state).toBe('closed');
    const history = closed.json().history.map((e: { action: string }) => e.action);
    expect(history).toEqual([
      'received',
      'ask_identity',
      'send_identity',
      'footage_saved',
      'answer',
      'close',
    ]);

    // The link stops working 90 days after the request was answered.
    await t.db.query(
      "update relay_requests set answered_at = now() - interval '92 days', closed_at = now() - interval '91 days' where id = $1",
      [id],
    );
    expect((await visitorGet(reference, secret)).statusCode).toBe(404);
  });

  it('refuses what the state does not allow, with the reason, and an extension after the first month', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await send(operator);
    const closeEarly = await act(operator.token, id, { action: 'close' });
    expect(closeEarly.statusCode).toBe(409);
    expect(closeEarly.json()).toEqual({ message: '"Close" is not possible while the request is received.' });
    const noReasons = await act(operator.token, id, {
      action: 'answer',
      outcome: 'refused_excessive',
      body: 'No.',
    });
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json()).toEqual({ message: requestMessages.reasonsNeeded });
    expect((await act(operator.token, id, { action: 'extend', body: '' })).json()).toEqual({
      message: requestMessages.extendNeedsReason,
    });

    // Received 40 days ago: the first month is over, and so is the chance to extend.
    await t.db.query('update relay_requests set received_on = current_date - 40 where id = $1', [id]);
    const late = await act(operator.token, id, { action: 'extend', body: 'Many cameras to search.' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: requestMessages.extendTooLate });
    const view = await call(t, 'GET', `/api/requests/${id}`, { token: operator.token });
    expect(view.json().actions).not.toContain('extend');
    expect(view.json().extendRefused).toMatch(
      /^Extend by two months is not possible: too late, as an extension had to be asked for by \d{1,2} \w+ \d{4}, the first month's due date\.$/,
    );
    expect(view.json().overdue).toBe(true);

    await t.db.query('update relay_requests set received_on = current_date - 3 where id = $1', [id]);
    const extended = await act(operator.token, id, { action: 'extend', body: 'Many cameras to search.' });
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({
      state: 'extended',
      extension: { reason: 'Many cameras to search.' },
    });
    expect(extended.json().due.reason).toContain('extended on');
    expect(extended.json().extendRefused).toBeNull();
    const again = await act(operator.token, id, { action: 'extend', body: 'More.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This request has already been extended.' });
  });

  it('takes two operators acting at once in turn: one answers, the other is told it is answered', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await send(operator, {
      name: 'Jo',
      email: 'jo@example.net',
      kind: 'question',
      message: 'Hi?',
    });
    const answer = { action: 'answer', outcome: 'no_footage', body: 'We hold no footage of you.' };
    const results = await Promise.all([act(operator.token, id, answer), act(operator.token, id, answer)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('lets the visitor withdraw, after which nothing more can be done', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { reference, id } = await send(operator);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    const withdrawn = await call(t, 'POST', `/api/requests/visitor/${reference}/actions`, {
      headers: { 'x-request-key': secret },
      body: { action: 'withdraw' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn', actions: [] });
    const told = (await outboxFor(t.db, String(operator.body.email).toLowerCase())).at(-1);
    expect(told?.subject).toMatch(/The visitor withdrew their request$/);
    expect((await act(operator.token, id, { action: 'start' })).statusCode).toBe(409);
    const twice = await call(t, 'POST', `/api/requests/visitor/${reference}/actions`, {
      headers: { 'x-request-key': secret },
      body: { action: 'withdraw' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('pauses the clock while the visitor is asked for details and restarts it when they answer', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { reference, id } = await send(operator);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    await t.db.query('update relay_requests set received_on = current_date - 15 where id = $1', [id]);
    const before = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json().due.date;
    const asked = await act(operator.token, id, { action: 'ask_clarification', body: 'Which entrance?' });
    expect(asked.json()).toMatchObject({ state: 'awaiting_clarification', due: { date: null } });
    // Asked ten days ago and answered today: eleven days that do not count.
    await t.db.query(
      `update relay_requests set pauses = jsonb_build_array(jsonb_build_object('from', (current_date - 10)::text, 'to', null)) where id = $1`,
      [id],
    );
    const clarified = await call(t, 'POST', `/api/requests/visitor/${reference}/actions`, {
      headers: { 'x-request-key': secret },
      body: { action: 'clarify', body: 'The north entrance.' },
    });
    expect(clarified.statusCode).toBe(200);
    expect(clarified.json().state).toBe('in_progress');
    expect(clarified.json().due.date > before).toBe(true);
    expect(clarified.json().due.reason).toContain('paused');
  });
});

describe('who may see and do what on the desk', () => {
  it("keeps each company to its own requests, and a plain user from a master's choices", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const { id, reference } = await send(a);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    await t.app.inject({
      method: 'POST',
      url: `/api/requests/visitor/${reference}/documents`,
      ...pdfUpload(secret),
    });
    await act(a.token, id, { action: 'ask_identity', body: 'Proof please.' });
    expect((await call(t, 'GET', `/api/requests/${id}`, { token: b.token })).statusCode).toBe(404);
    expect((await act(b.token, id, { action: 'start' })).statusCode).toBe(404);
    expect(
      (
        await call(t, 'POST', `/api/requests/${id}/footage-saved`, {
          token: b.token,
          body: { how: 'locked' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/requests', { token: b.token })).json().requests).toEqual([]);
    expect((await call(t, 'GET', '/api/requests/summary', { token: b.token })).json()).toEqual({
      counts: { open: 0, awaiting_visitor: 0, due_soon: 0, overdue: 0, closed: 0 },
      nearest: null,
    });
    const listA = (await call(t, 'GET', '/api/requests', { token: a.token })).json();
    expect(listA.requests.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call(t, 'GET', '/api/requests')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/requests.csv', { token: b.token })).body).not.toContain('R-');

    // A plain user of A's company: the desk, yes; a master's choices and proofs of identity, no.
    const plain = await invitedUser(t, a.token, 'colleague@example.com');
    expect((await call(t, 'GET', `/api/requests/${id}`, { token: plain.token })).statusCode).toBe(200);
    expect(
      (
        await call(t, 'PUT', '/api/requests/notify', {
          token: plain.token,
          body: { userIds: [plain.userId] },
        })
      ).statusCode,
    ).toBe(403);
    const settings = await call(t, 'GET', '/api/requests/notify', { token: plain.token });
    expect(settings.json().users.map((u: { notified: boolean }) => u.notified)).toEqual([true, false]);
    // The proof sent before it was asked for was refused; asked for now, it is kept for master users only.
    const detail = (await call(t, 'GET', `/api/requests/${id}`, { token: a.token })).json();
    expect(detail.documents).toHaveLength(0);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/requests/visitor/${reference}/documents`,
          ...pdfUpload(secret),
        })
      ).statusCode,
    ).toBe(200);
    const [doc] = (await call(t, 'GET', `/api/requests/${id}`, { token: a.token })).json().documents;
    const docUrl = `/api/requests/${id}/documents/${doc.id}`;
    expect((await call(t, 'GET', docUrl, { token: plain.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', docUrl, { token: b.token })).statusCode).toBe(404);
    const opened = await call(t, 'GET', docUrl, { token: a.token });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('%PDF-1.4 proof of identity');
    const history = (await call(t, 'GET', `/api/requests/${id}`, { token: a.token })).json().history;
    expect(history.at(-1)).toMatchObject({ action: 'document_viewed', body: 'Opened passport.pdf' });
  });

  it('tells only the users the company chose of new requests', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const settings = await call(t, 'GET', '/api/requests/notify', { token: a.token });
    expect(settings.json().users).toEqual([
      { id: a.reply.userId, userName: a.body.userName, masterUser: true, notified: true },
    ]);
    const off = await call(t, 'PUT', '/api/requests/notify', { token: a.token, body: { userIds: [] } });
    expect(off.json().users[0].notified).toBe(false);
    const before = (await outboxFor(t.db, String(a.body.email).toLowerCase())).length;
    await send(a);
    expect(await outboxFor(t.db, String(a.body.email).toLowerCase())).toHaveLength(before);
  });

  it('keeps the history append-only: no route and no statement changes or removes an entry', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const { id } = await send(a);
    await expect(t.db.query("update request_events set body = 'changed'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from request_events')).rejects.toThrow(/append-only/);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/requests/${id}`,
        headers: { authorization: `Bearer ${a.token}` },
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
    const history = (await call(t, 'GET', `/api/requests/${id}`, { token: a.token })).json().history;
    expect(history).toEqual([expect.objectContaining({ action: 'received', actor: 'visitor' })]);
    // Deleting the whole company still takes its requests and their history with it.
    await t.db.query('delete from relay_requests where id = $1', [id]);
    expect(await t.db.query('select 1 from request_events where request_id = $1', [id])).toEqual([]);
  });

  it('refuses an upload from a wrong link before storing anything, and a file that is not a PDF or JPEG', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const { reference, id } = await send(a);
    const { secret } = await privateLink(t.db, 'sam.walker@example.net');
    await act(a.token, id, { action: 'ask_identity', body: 'Proof please.' });
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/requests/visitor/${reference}/documents`,
      ...pdfUpload('wrong-secret'),
    });
    expect(stranger.statusCode).toBe(404);
    const bad = pdfUpload(secret);
    const notPdf = await t.app.inject({
      method: 'POST',
      url: `/api/requests/visitor/${reference}/documents`,
      headers: bad.headers,
      payload: bad.payload.replace('%PDF-1.4', 'MZ-exec'),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(await t.db.query('select 1 from request_documents')).toEqual([]);
  });

  it('limits requests from one address to a few an hour', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
        body: { ...footage(), email: `visitor${i}@example.net` },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('takes the request posted by the sign page’s form before its scripts arrived, and answers with pages', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const post = (fields: Record<string, string>, remoteAddress = '198.51.100.20') =>
      call(t, 'POST', `/sign/${operator.sticker.signRef}/contact`, {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
      });
    const sentPage = `/sign/${operator.sticker.signRef}/contact/sent#contact`;
    const problemPage = (problem: string) =>
      `/sign/${operator.sticker.signRef}/contact?problem=${problem}#contact`;

    // Every field of the server's form arrives, footage ones empty, for a question: they are dropped.
    const question = await post({
      name: 'Ann Lee',
      email: 'ann.lee@example.net',
      kind: 'question',
      footageDate: '',
      timeFrom: '',
      timeTo: '',
      location: '',
      camera: '',
      description: '',
      message: 'Who keeps the recordings?',
      preferredForm: 'copy',
    });
    expect(question.statusCode).toBe(303);
    expect(question.headers.location).toBe(sentPage);
    expect(question.headers['cache-control']).toBe('no-store');
    const ack = await privateLink(t.db, 'ann.lee@example.net');
    expect(ack.text).toContain('What you asked for: A question');

    const footageAsked = await post({
      ...footage(),
      name: 'Bo Grant',
      email: 'bo.grant@example.net',
      representative: 'yes',
      message: '',
    });
    expect(footageAsked.headers.location).toBe(sentPage);
    const asked = await call(
      t,
      'GET',
      `/api/requests/${await requestIdByReference(t.db, (await privateLink(t.db, 'bo.grant@example.net')).reference)}`,
      {
        token: operator.token,
      },
    );
    expect(asked.json()).toMatchObject({
      kind: 'footage',
      representative: true,
      description: 'Red coat, black umbrella',
    });

    // Incomplete: back to the open form with fixed words, nothing sent.
    const incomplete = await post({ name: 'Cy', email: 'cy@example.net', kind: 'footage', message: '' });
    expect(incomplete.statusCode).toBe(303);
    expect(incomplete.headers.location).toBe(problemPage('invalid'));
    expect(await outboxFor(t.db, 'cy@example.net')).toEqual([]);
    // Larger than any form the page draws (16 KB): refused before it is read.
    const huge = await post({
      name: 'Di',
      email: 'di@example.net',
      kind: 'question',
      message: 'x'.repeat(20_000),
    });
    expect(huge.headers.location).toBe(problemPage('invalid'));
    expect(await outboxFor(t.db, 'di@example.net')).toEqual([]);

    // The same limit as the JSON call: five an hour from one address.
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(
        { name: 'Ed', email: `ed${i}@example.net`, kind: 'question', message: 'Hello' },
        '198.51.100.21',
      );
      statuses.push(String(res.headers.location));
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(sentPage));
    expect(statuses[5]).toBe(problemPage('busy'));
  });

  it('refuses unregistered signs, signs whose operator turned messages off, and incomplete requests', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const incomplete = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
      body: { ...footage(), footageDate: undefined },
    });
    expect(incomplete.statusCode).toBe(400);
    const free = await addSticker(t.db);
    expect(
      (await call(t, 'POST', `/api/signs/${free.signRef}/contact`, { body: footage() })).statusCode,
    ).toBe(409);
    await t.db.query('insert into contact_publications (company_id, show_relay) values ($1, false)', [
      operator.reply.companyId,
    ]);
    expect(
      (await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body: footage() }))
        .statusCode,
    ).toBe(409);
  });

  it("writes the company's request log as CSV, with no cell a spreadsheet would run", async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { siteName: '=HYPERLINK("http://x")' });
    const { reference } = await send(operator);
    const res = await call(t, 'GET', '/api/requests.csv', { token: operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = res.body.split('\r\n');
    expect(header).toBe(
      'reference,kind,state,outcome,site,sign,received,due,footage date,footage overwritten,footage saved,answered,closed',
    );
    expect(row).toContain(`${reference},footage,received,,"'=HYPERLINK(""http://x"")"`);
  });
});

describe('complaints', () => {
  it('are acknowledged within 30 days, counted from the day received', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await send(operator, {
      name: 'Jo',
      email: 'jo@example.net',
      kind: 'complaint',
      message: 'The camera looks into my garden.',
    });
    const view = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    const by = new Date(Date.now() + 29 * DAY);
    expect(view.acknowledgeBy.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(by),
    );
    expect(view.next).toMatch(/^Acknowledge the complaint by /);
    expect(view.actions).toContain('acknowledge');
    const done = await act(operator.token, id, { action: 'acknowledge', body: 'We have your complaint.' });
    expect(done.json()).toMatchObject({ acknowledged: true });
    expect(done.json().actions).not.toContain('acknowledge');
    expect((await outboxFor(t.db, 'jo@example.net')).at(-1)?.text_body).toContain(
      'acknowledged your complaint',
    );
  });
});
