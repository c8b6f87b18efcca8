import { formatUkDate } from '@app/contract/dates';
import { ukIsoDate } from '@app/contract/legal-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { call, type Registered, signedIn } from '../../test/accounts';
import { requestIdByReference } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';

// The mails of a request as their readers read them, word for word: the visitor's receipt (at an
// address nobody has confirmed: what they chose, never what they typed, docs/decisions/0042), the
// notice to the operator, the reminder and the news of what the visitor did. Dates come from the
// request's own row, formatted as the register writes dates everywhere.

let t: TestApp;
afterEach(() => t?.close());

const DAY = 86_400_000;

interface Mail {
  subject: string;
  text_body: string;
  html_body: string;
}
/** The newest mail in the outbox to `to`, with its HTML part. */
const lastMailTo = (to: string) =>
  t.db.one<Mail>(
    'select subject, text_body, html_body from mail_outbox where to_address = $1 order by id desc limit 1',
    [to],
  );

interface Dates {
  id: number;
  received: string;
  due: string | null;
  overwrite: string | null;
  acknowledgeBy: string | null;
}
async function datesOf(reference: string): Promise<Dates> {
  const id = await requestIdByReference(t.db, reference);
  const row = await t.db.one<{
    received: string;
    due: string | null;
    overwrite: string | null;
    ack: string | null;
  }>(
    `select to_char(received_at at time zone 'Europe/London', 'YYYY-MM-DD') as received, due_date::text as due,
            overwrite_date::text as overwrite, acknowledge_by::text as ack
       from relay_requests where id = $1`,
    [id],
  );
  return { id, received: row.received, due: row.due, overwrite: row.overwrite, acknowledgeBy: row.ack };
}

async function operatorOf(companyName: string, retentionDays: number | null) {
  t = await createTestApp();
  const operator = await signedIn(t, { siteName: 'Quay car park', companyName });
  await t.db.query('update sites set retention_days = $2 where id = $1', [
    operator.reply.siteId,
    retentionDays,
  ]);
  return operator;
}

async function send(operator: Registered, body: Record<string, unknown>) {
  const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body });
  expect(res.statusCode).toBe(200);
  const reference: string = res.json().reference;
  const receipt = await lastMailTo(String(body.email));
  const secret = /\/request\/[A-Z0-9-]+#([A-Za-z0-9_-]{43})\n/.exec(receipt.text_body)?.[1];
  expect(secret, 'the private link with its secret').toBeDefined();
  return { reference, receipt, secret: secret ?? '', dates: await datesOf(reference) };
}

const ICO =
  "If you get no answer in time, or are unhappy with it, you can complain to the Information Commissioner's Office (ICO), the UK's data protection regulator: https://ico.org.uk/make-a-complaint or 0303 123 1113.";
const PRIVATE_PAGE =
  "Your private page shows a copy of everything you sent, where your request has got to, and the operator's messages. You can send what they ask for there, or withdraw the request. Keep this e-mail: anyone with the link can open the page.";
const date = (iso: string | null) => formatUkDate(iso ?? '');

const question = {
  name: 'Jo Bloggs',
  email: 'jo@example.net',
  kind: 'question',
  message: 'What do you record?',
};

describe('the mails of a request', () => {
  it('footage: the receipt repeats what was chosen, the notice says what to save by when, and the HTML part is the same words escaped', async () => {
    const operator = await operatorOf('Quay & Co <Ltd>', 30);
    const master = String(operator.body.email).toLowerCase();
    const footageDate = ukIsoDate(new Date(Date.now() - 5 * DAY));
    const { reference, receipt, secret, dates } = await send(operator, {
      name: 'Sam Walker',
      email: 'sam@example.net',
      kind: 'footage',
      footageDate,
      timeFrom: '09:00',
      timeTo: '09:15',
      description: 'Blue van',
      location: 'By the gate',
      camera: 'Gate camera',
      preferredForm: 'stills',
      representative: true,
      message: 'Line one\nLine <two>',
    });
    const sign = operator.sticker.signRef;
    const link = `http://signs.localhost:3000/request/${reference}#${secret}`;
    expect(receipt.subject).toBe(`Your request ${reference} to Quay & Co <Ltd>`);
    expect(receipt.text_body).toBe(
      [
        'Hello,',
        'You sent a request through the CCTV Sign Register to Quay & Co <Ltd>, who runs the CCTV at Quay car park. We have passed it on to them.',
        `Your reference: ${reference}`,
        'What you asked for: A copy of footage of me',
        `Sign: ${sign} at Quay car park`,
        `Recorded on: ${date(footageDate)}, between 09:00 and 09:15`,
        'How you would like it: Still pictures',
        'You are asking on behalf of someone else (or someone under 16).',
        `Quay & Co <Ltd> must answer by ${date(dates.due)} (due ${date(dates.due)}: one month from receipt on ${date(dates.received)}). They may first ask you to prove who you are: the month starts when that proof arrives.`,
        `${PRIVATE_PAGE}\n${link}`,
        ICO,
        'If you did not send this request, you can ignore this e-mail.',
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
    // Nothing the visitor typed reaches an address nobody has confirmed.
    expect(receipt.text_body).not.toMatch(/Blue van|By the gate|Gate camera|Line one/);
    expect(receipt.html_body).toBe(
      [
        '<p>Hello,</p>',
        '<p>You sent a request through the CCTV Sign Register to Quay &amp; Co &lt;Ltd&gt;, who runs the CCTV at Quay car park. We have passed it on to them.</p>',
        `<p>Your reference: ${reference}</p>`,
        '<p>What you asked for: A copy of footage of me</p>',
        `<p>Sign: ${sign} at Quay car park</p>`,
        `<p>Recorded on: ${date(footageDate)}, between 09:00 and 09:15</p>`,
        '<p>How you would like it: Still pictures</p>',
        '<p>You are asking on behalf of someone else (or someone under 16).</p>',
        `<p>Quay &amp; Co &lt;Ltd&gt; must answer by ${date(dates.due)} (due ${date(dates.due)}: one month from receipt on ${date(dates.received)}). They may first ask you to prove who you are: the month starts when that proof arrives.</p>`,
        `<p>${PRIVATE_PAGE.replace("operator's", 'operator&#39;s')}<br>${link}</p>`,
        `<p>${ICO.replaceAll("'", '&#39;')}</p>`,
        '<p>If you did not send this request, you can ignore this e-mail.</p>',
        '<p>CCTV Sign Register</p>',
      ].join('\n'),
    );

    const notice = await lastMailTo(master);
    expect(notice.subject).toBe(`${reference}: A copy of footage of me about Quay car park`);
    expect(notice.text_body).toBe(
      [
        `Sam Walker asks for a copy of footage of themselves about your sign ${sign} at Quay car park.`,
        `Reference: ${reference}`,
        `Recorded on: ${date(footageDate)}, between 09:00 and 09:15`,
        'Where they were: By the gate',
        'Camera: Gate camera',
        'How to find them: Blue van',
        `Save the footage before ${date(dates.overwrite)}, when your recorder would overwrite it. Mark it saved on the request.`,
        'Message:\nLine one\nLine <two>',
        `Answer by ${date(dates.due)}.`,
        `Open the request: http://signs.localhost:3000/requests/${dates.id}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
    expect(notice.html_body).toContain('<p>Message:<br>Line one<br>Line &lt;two&gt;</p>');
  });

  it('footage at a site that has not said how long it keeps recordings: save it now; no place, camera or form was given', async () => {
    const operator = await operatorOf('Harbour Watch', null);
    const master = String(operator.body.email).toLowerCase();
    const footageDate = ukIsoDate(new Date(Date.now() - 2 * DAY));
    const { reference, receipt, dates } = await send(operator, {
      name: 'Kim Lee',
      email: 'kim@example.net',
      kind: 'footage',
      footageDate,
      timeFrom: '17:30',
      timeTo: '17:45',
      description: 'Red coat',
    });
    const sign = operator.sticker.signRef;
    expect(receipt.text_body.split('\n\n').slice(3, 7)).toEqual([
      'What you asked for: A copy of footage of me',
      `Sign: ${sign} at Quay car park`,
      `Recorded on: ${date(footageDate)}, between 17:30 and 17:45`,
      `Harbour Watch must answer by ${date(dates.due)} (due ${date(dates.due)}: one month from receipt on ${date(dates.received)}). They may first ask you to prove who you are: the month starts when that proof arrives.`,
    ]);
    expect((await lastMailTo(master)).text_body).toBe(
      [
        `Kim Lee asks for a copy of footage of themselves about your sign ${sign} at Quay car park.`,
        `Reference: ${reference}`,
        `Recorded on: ${date(footageDate)}, between 17:30 and 17:45`,
        'How to find them: Red coat',
        'Your site has not said how long its recorder keeps footage: save the footage now, before it is overwritten.',
        `Answer by ${date(dates.due)}.`,
        `Open the request: http://signs.localhost:3000/requests/${dates.id}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
  });

  it('a question: answered through the private page, with no date to answer by', async () => {
    const operator = await operatorOf('Harbour Watch', 30);
    const master = String(operator.body.email).toLowerCase();
    const { reference, receipt, secret, dates } = await send(operator, question);
    const sign = operator.sticker.signRef;
    expect(receipt.text_body).toBe(
      [
        'Hello,',
        'You sent a request through the CCTV Sign Register to Harbour Watch, who runs the CCTV at Quay car park. We have passed it on to them.',
        `Your reference: ${reference}`,
        'What you asked for: A question',
        `Sign: ${sign} at Quay car park`,
        'Harbour Watch will answer you through your private page.',
        `${PRIVATE_PAGE}\nhttp://signs.localhost:3000/request/${reference}#${secret}`,
        ICO,
        'If you did not send this request, you can ignore this e-mail.',
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
    const notice = await lastMailTo(master);
    expect(notice.subject).toBe(`${reference}: A question about Quay car park`);
    expect(notice.text_body).toBe(
      [
        `Jo Bloggs has a question about your sign ${sign} at Quay car park.`,
        `Reference: ${reference}`,
        'Message:\nWhat do you record?',
        `Open the request: http://signs.localhost:3000/requests/${dates.id}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
  });

  it('a complaint: acknowledged within 30 days, then answered', async () => {
    const operator = await operatorOf('Harbour Watch', 30);
    const master = String(operator.body.email).toLowerCase();
    const { reference, receipt, dates } = await send(operator, {
      name: 'Al Smith',
      email: 'al@example.net',
      kind: 'complaint',
      message: 'The camera points at my garden.',
    });
    expect(receipt.text_body.split('\n\n').slice(3, 6)).toEqual([
      'What you asked for: A complaint',
      `Sign: ${operator.sticker.signRef} at Quay car park`,
      'Harbour Watch must acknowledge your complaint within 30 days and tell you what they will do.',
    ]);
    expect(dates.acknowledgeBy).not.toBeNull();
    expect((await lastMailTo(master)).text_body).toBe(
      [
        `Al Smith makes a complaint about your sign ${operator.sticker.signRef} at Quay car park.`,
        `Reference: ${reference}`,
        'Message:\nThe camera points at my garden.',
        `Acknowledge the complaint by ${date(dates.acknowledgeBy)}.`,
        `Answer by ${date(dates.due)}.`,
        `Open the request: http://signs.localhost:3000/requests/${dates.id}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
  });

  it('what happens next: the visitor is told only that something changed; the operator, what the visitor did', async () => {
    const operator = await operatorOf('Harbour Watch', 30);
    const master = String(operator.body.email).toLowerCase();
    const { reference, secret, dates } = await send(operator, question);
    const asked = await call(t, 'POST', `/api/requests/${dates.id}/actions`, {
      token: operator.token,
      body: { action: 'ask_clarification', body: 'Which day was it?' },
    });
    expect(asked.statusCode).toBe(200);
    const news = await lastMailTo('jo@example.net');
    expect(news.subject).toBe(`News about your request ${reference}`);
    expect(news.text_body).toBe(
      [
        'Hello,',
        'The operator has asked you for more details. Open your private page to read it and to answer:',
        `http://signs.localhost:3000/request/${reference}#${secret}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
    expect(news.text_body).not.toContain('Which day');

    // The page the link opens, its reference as a person may retype it (spaces around), and one too long.
    const key = { 'x-request-key': secret };
    const page = await call(t, 'GET', `/api/requests/visitor/%20${reference}%20`, { headers: key });
    expect(page.statusCode).toBe(200);
    expect(page.json().reference).toBe(reference);
    expect(
      (await call(t, 'GET', `/api/requests/visitor/R-${'X'.repeat(19)}`, { headers: key })).statusCode,
    ).toBe(400);

    const withdrawn = await call(t, 'POST', `/api/requests/visitor/${reference}/actions`, {
      headers: { 'x-request-key': secret },
      body: { action: 'withdraw' },
    });
    expect(withdrawn.statusCode).toBe(200);
    const told = await lastMailTo(master);
    expect(told.subject).toBe(`${reference}: The visitor withdrew their request`);
    expect(told.text_body).toBe(
      [
        `The visitor withdrew their request on request ${reference} about Quay car park.`,
        `Open the request: http://signs.localhost:3000/requests/${dates.id}`,
        'CCTV Sign Register\n',
      ].join('\n\n'),
    );
  });
});
