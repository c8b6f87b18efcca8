import { messages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, outboxFor, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser, send, snapshot } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

describe('company users', () => {
  it('an invited person chooses a user name and password from the mailed link, once', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'POST', '/api/company/add', a.token, { email: 'New.Person@Example.com' });
    const [mail] = await outboxFor(t.db, 'new.person@example.com');
    expect(mail?.subject).toContain(a.body.companyName);
    const token = linkIn(mail?.text_body ?? '').searchParams.get('token') ?? '';
    const info = await send(t, 'GET', `/api/company/invitations/${token}`);
    expect(info.json()).toEqual({ companyName: a.body.companyName, email: 'new.person@example.com' });
    const accepted = await send(t, 'POST', '/api/company/invitations/accept', undefined, {
      token,
      userName: 'newperson',
      password: 'long enough pass',
    });
    expect(accepted.statusCode).toBe(200);
    const again = await send(t, 'POST', '/api/company/invitations/accept', undefined, {
      token,
      userName: 'another',
      password: 'long enough pass',
    });
    expect(again.json()).toEqual({ message: workspaceMessages.invitationInvalid });
    const users = (await send(t, 'GET', `/api/users/company/${a.reply.companyId}`, a.token)).json();
    expect(users).toEqual([
      expect.objectContaining({ userName: 'newperson', masterUser: 0, email: 'new.person@example.com' }),
      expect.objectContaining({ id: a.reply.userId, masterUser: 1 }),
    ]);
  });

  it('seam: an invitation accepted after it expired is refused with 400 and creates no user', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await send(t, 'POST', '/api/company/add', a.token, { email: 'late.person@example.com' });
    const [mail] = await outboxFor(t.db, 'late.person@example.com');
    const token = linkIn(mail?.text_body ?? '').searchParams.get('token') ?? '';
    // Seven days pass (the link's lifetime).
    await t.db.query("update invitations set expires_at = now() - interval '1 second'");
    const before = await snapshot(t);
    const accepted = await send(t, 'POST', '/api/company/invitations/accept', undefined, {
      token,
      userName: 'latecomer',
      password: 'long enough pass',
    });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual({ message: workspaceMessages.invitationInvalid });
    expect(await snapshot(t)).toEqual(before);
    const login = await send(t, 'POST', '/api/users/login', undefined, {
      userName: 'latecomer',
      password: 'long enough pass',
    });
    expect(login.statusCode).toBe(401);
  });

  it('an address that already has an account cannot be invited', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const res = await send(t, 'POST', '/api/company/add', a.token, { email: b.body.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.server.emailTaken });
  });

  it('sends at most 3 invitations a day to one mailbox, however its address is spelt', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const spellings = [
      'victim@gmail.com',
      'Victim+1@gmail.com',
      'v.i.c.t.i.m@googlemail.com',
      'victim+2@gmail.com',
    ];
    const answers = [];
    for (const email of spellings)
      answers.push((await send(t, 'POST', '/api/company/add', a.token, { email })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const sent = await t.db.query(
      "select to_address from mail_outbox where to_address like '%mail.com' order by id",
    );
    expect(sent.map((row) => row.to_address)).toEqual(spellings.slice(0, 3).map((e) => e.toLowerCase()));
    // Another mailbox is not held up by the first.
    expect(
      (await send(t, 'POST', '/api/company/add', a.token, { email: 'other@example.com' })).statusCode,
    ).toBe(200);
  });

  it('sends at most 10 invitations an hour for one inviting user', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const answers = [];
    for (let i = 1; i <= 11; i++) {
      answers.push(
        (await send(t, 'POST', '/api/company/add', a.token, { email: `person${i}@example.com` })).statusCode,
      );
    }
    expect(answers).toEqual([...Array(10).fill(200), 429]);
  });

  it('makes and unmakes master users, always keeping one, and removes users', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const plain = await invitedUser(t, a.token, 'second@example.com');
    const last = await send(t, 'PUT', `/api/company/users/${a.reply.userId}`, a.token, { masterUser: 0 });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: workspaceMessages.lastMaster });
    const promoted = await send(t, 'PUT', `/api/company/users/${plain.userId}`, a.token, { masterUser: 1 });
    expect(promoted.json().every((u: { masterUser: number }) => u.masterUser === 1)).toBe(true);
    // The promoted user may now use the company pages with the session they had.
    expect((await send(t, 'GET', `/api/company/${a.reply.companyId}`, plain.token)).statusCode).toBe(200);
    const demoted = await send(t, 'PUT', `/api/company/users/${a.reply.userId}`, plain.token, {
      masterUser: 0,
    });
    expect(demoted.statusCode).toBe(200);
    const self = await send(t, 'DELETE', `/api/company/users/${plain.userId}`, plain.token);
    expect(self.json()).toEqual({ message: workspaceMessages.cannotRemoveSelf });
    const removed = await send(t, 'DELETE', `/api/company/users/${a.reply.userId}`, plain.token);
    expect(removed.json().map((u: { id: number }) => u.id)).toEqual([plain.userId]);
    expect((await send(t, 'GET', '/api/account', a.token)).statusCode).toBe(401);
  });

  it('company details: bad bodies are refused with the field named and nothing changes', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const before = await snapshot(t);
    const empty = await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, { name: ' ' });
    expect(empty.json()).toEqual({ message: 'Please fill out the required field: Company Name' });
    const invite = await send(t, 'POST', '/api/company/add', a.token, { email: 'nope' });
    expect(invite.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    const saved = await send(t, 'PUT', `/api/company/${a.reply.companyId}`, a.token, {
      name: 'Renamed Ltd',
      town: 'York',
    });
    expect(saved.json()).toMatchObject({ name: 'Renamed Ltd', town: 'York', address1: '' });
  });
});
