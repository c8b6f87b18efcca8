import path from 'node:path';
import { formatUkDate } from '@app/contract/dates';
import { lookupMessages } from '@app/contract/lookup';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../../../e2e/support/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMailWorker } from '../mail/worker';
import { addSticker, call, outboxFor, signedIn } from '../users/test-helpers';
import { dueDate, overwriteDate, ukDate } from './dates';

let t: TestApp;
afterEach(() => t?.close());

const footage = {
  name: 'Sam Walker',
  email: 'sam.walker@example.net',
  kind: 'footage',
  footageDate: '2026-11-20',
  timeFrom: '14:00',
  timeTo: '14:30',
  location: 'By the pay machine',
  description: 'Red coat, black umbrella',
};

describe('contacting the operator', () => {
  it('mails the operator and the visitor, and lists the request with its two dates', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { companyName: 'Quayside Parking Ltd', siteName: 'Quay car park' });
    await t.db.query('update sites set retention_days = 31 where id = $1', [operator.reply.siteId]);

    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef.toLowerCase()}/contact`, {
      body: footage,
    });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    expect(reference).toMatch(/^R-\d{6}$/);
    expect(res.json().message).toBe(lookupMessages.relaySent);
    const due = dueDate(ukDate(new Date()));
    const overwrite = overwriteDate('2026-11-20', 31);
    expect(overwrite).toBe('2026-12-21');

    const [toOperator] = await outboxFor(t.db, operator.body.email.toLowerCase()).then((m) => m.slice(-1));
    expect(toOperator?.subject).toContain(reference);
    expect(toOperator?.text_body).toContain('Sam Walker <sam.walker@example.net>');
    expect(toOperator?.text_body).toContain(`Answer by: ${formatUkDate(due)}`);
    expect(toOperator?.text_body).toContain('overwritten on: 21 December 2026');
    expect(toOperator?.text_body).toContain('Recorded on: 20 November 2026, between 14:00 and 14:30');
    expect(toOperator?.text_body).toContain('Red coat, black umbrella');

    const [ack] = await outboxFor(t.db, footage.email);
    expect(ack?.subject).toContain(reference);
    expect(ack?.text_body).toContain(`Your reference: ${reference}`);
    expect(ack?.text_body).not.toContain(operator.body.email.toLowerCase());

    const list = await call(t, 'GET', '/api/relay/requests', { token: operator.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().requests).toEqual([
      expect.objectContaining({
        reference,
        kind: 'footage',
        siteName: 'Quay car park',
        signRef: operator.sticker.signRef,
        visitorName: 'Sam Walker',
        footageDate: '2026-11-20',
        timeFrom: '14:00',
        timeTo: '14:30',
        dueDate: due,
        overwriteDate: overwrite,
        dueSoon: false,
      }),
    ]);
  });

  it("acknowledges to the visitor with the reference and our own words, never the visitor's text", async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const spam = {
      ...footage,
      name: 'Claim your prize at https://spam.example',
      location: 'Call 0900 000 000 now',
      description: 'Visit https://spam.example/win',
      message: 'You have won! https://spam.example',
    };
    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body: spam });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    const [ack] = await outboxFor(t.db, footage.email);
    const text = ack?.text_body ?? '';
    expect(text).toContain(`Your reference: ${reference}`);
    for (const typed of [spam.name, spam.location, spam.description, spam.message, 'spam.example']) {
      expect(text).not.toContain(typed);
    }
    // Written to the visitor as "you", with dates as people write them.
    expect(text).toContain(
      'You asked the operator for a copy of footage of you, recorded on 20 November 2026, between 14:00 and 14:30.',
    );
    expect(text).toContain(`should answer your request by ${formatUkDate(dueDate(ukDate(new Date())))}`);
    expect(text).not.toMatch(/\bthey want\b|\bthey were\b|\d{4}-\d{2}-\d{2}/);
  });

  it("sets Reply-To to the visitor on the operator's copy, and not on the visitor's", async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
      body: {
        name: 'Jo Bloggs',
        email: 'jo.bloggs@example.net',
        kind: 'question',
        message: 'Who runs this?',
      },
    });
    expect(res.statusCode).toBe(200);
    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    await worker.runOnce();
    await worker.stop();
    const mails = await readOutbox(path.join(t.env.dataDir, 'outbox'));
    const { reference } = res.json();
    const toOperator = mails.find((m) => m.subject.startsWith(`${reference}:`));
    const toVisitor = mails.find((m) => m.to.includes('jo.bloggs@example.net'));
    expect(toOperator?.headers['reply-to']).toBe('jo.bloggs@example.net');
    expect(toOperator?.text).toContain('From: Jo Bloggs <jo.bloggs@example.net>');
    expect(toVisitor).toBeDefined();
    expect(toVisitor?.headers['reply-to']).toBeUndefined();
  });

  it('counts the visitor limit per mailbox, so +tags and Gmail dots do not pass it', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const statuses: number[] = [];
    const spellings = [
      'victim@gmail.com',
      'Victim+1@gmail.com',
      'v.ictim@gmail.com',
      'victim+2@googlemail.com',
    ];
    for (let i = 0; i < 6; i++) {
      const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
        body: { ...footage, email: spellings[i % spellings.length] },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keeps each company to its own requests', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const sent = await call(t, 'POST', `/api/signs/${a.sticker.signRef}/contact`, {
      body: {
        name: 'Jo',
        email: 'jo@example.net',
        kind: 'question',
        message: 'How long do you keep footage?',
      },
    });
    const id = Number(sent.json().reference.slice(2));
    expect((await call(t, 'GET', `/api/relay/requests/${id}`, { token: a.token })).json()).toMatchObject({
      kind: 'question',
      message: 'How long do you keep footage?',
      overwriteDate: null,
    });
    expect((await call(t, 'GET', `/api/relay/requests/${id}`, { token: b.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/relay/requests', { token: b.token })).json()).toEqual({
      requests: [],
    });
    expect((await call(t, 'GET', '/api/relay/requests')).statusCode).toBe(401);
  });

  it('refuses incomplete footage requests, unregistered signs and operators who turned the relay off', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const incomplete = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
      body: { ...footage, footageDate: undefined },
    });
    expect(incomplete.statusCode).toBe(400);

    const free = await addSticker(t.db);
    const unregistered = await call(t, 'POST', `/api/signs/${free.signRef}/contact`, { body: footage });
    expect(unregistered.statusCode).toBe(409);
    expect(unregistered.json()).toEqual({ message: lookupMessages.notRegistered });

    await t.db.query('insert into contact_publications (company_id, show_relay) values ($1, false)', [
      operator.reply.companyId,
    ]);
    const off = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, { body: footage });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ message: lookupMessages.relayOff });
  });

  it('refuses more than a few messages an hour from one address', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(t, 'POST', `/api/signs/${operator.sticker.signRef}/contact`, {
        body: { ...footage, email: `visitor${i}@example.net` },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('lets the operator mark a request answered and open again, and only their own', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const sent = await call(t, 'POST', `/api/signs/${a.sticker.signRef}/contact`, {
      body: {
        name: 'Jo',
        email: 'jo@example.net',
        kind: 'complaint',
        message: 'The camera points at my garden.',
      },
    });
    const id = Number(sent.json().reference.slice(2));
    const path = `/api/relay/requests/${id}`;
    const answeredAt = async () =>
      (
        await t.db.one<{ answered_at: Date | null }>('select answered_at from relay_requests where id = $1', [
          id,
        ])
      ).answered_at;

    expect((await call(t, 'PUT', path, { body: { answered: true } })).statusCode).toBe(401);
    const foreign = await call(t, 'PUT', path, { token: b.token, body: { answered: true } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: lookupMessages.requestNotFound });
    for (const body of [{}, { answered: 'yes' }, { answered: true, note: 'extra' }]) {
      const bad = await call(t, 'PUT', path, { token: a.token, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    expect(await answeredAt()).toBeNull();

    const done = await call(t, 'PUT', path, { token: a.token, body: { answered: true } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id,
      answeredAt: expect.any(String),
      dueSoon: false,
      overwriteSoon: false,
    });
    const first = await answeredAt();
    // Marking it again keeps the first date.
    await call(t, 'PUT', path, { token: a.token, body: { answered: true } });
    expect(await answeredAt()).toEqual(first);
    const list = await call(t, 'GET', '/api/relay/requests', { token: a.token });
    expect(list.json().requests[0]).toMatchObject({ id, answeredAt: done.json().answeredAt });

    const reopened = await call(t, 'PUT', path, { token: a.token, body: { answered: false } });
    expect(reopened.json()).toMatchObject({ id, answeredAt: null });
    expect(await answeredAt()).toBeNull();
  });
});
