import { messages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, outboxFor, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser, send, snapshot } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

// Issue 36, item 8: invitations no longer vanish after "Invitation sent.": a master user sees the
// pending ones and sends them again or cancels them; two companies' invitations never mix.

const invite = (token: string, email: string) => send(t, 'POST', '/api/company/add', token, { email });
const list = async (token: string) => {
  const res = await send(t, 'GET', '/api/company/invitations', token);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; email: string; sentAt: string; expiresAt: string; expired: boolean }[];
};
const linkOf = (text: string) => linkIn(text).searchParams.get('token') ?? '';

describe('pending invitations', () => {
  it("lists each company's own, newest first, and never the other company's", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    await invite(a.token, 'first@example.com');
    await invite(b.token, 'theirs@example.com');
    await invite(a.token, 'second@example.com');
    await t.db.query(
      "update invitations set created_at = now() - interval '1 hour' where email = 'first@example.com'",
    );
    const ofA = await list(a.token);
    expect(ofA.map((i) => i.email)).toEqual(['second@example.com', 'first@example.com']);
    expect(ofA[0]).toMatchObject({ expired: false });
    expect(new Date(ofA[0]?.expiresAt ?? '').getTime() - new Date(ofA[0]?.sentAt ?? '').getTime()).toBe(
      7 * 24 * 3_600_000,
    );
    expect((await list(b.token)).map((i) => i.email)).toEqual(['theirs@example.com']);

    // Accepted, it is no longer pending.
    const [mail] = await outboxFor(t.db, 'second@example.com');
    await send(t, 'POST', '/api/company/invitations/accept', undefined, {
      token: linkOf(mail?.text_body ?? ''),
      userName: 'secondperson',
      password: 'long enough pass',
    });
    expect((await list(a.token)).map((i) => i.email)).toEqual(['first@example.com']);
  });

  it('sends one again with a new link (the old one dies) and a new week; cancels one, whose link dies', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await invite(a.token, 'late@example.com');
    await invite(a.token, 'wrong@example.com');
    await t.db.query(
      "update invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' where email = 'late@example.com'",
    );
    const [late, wrong] = [...(await list(a.token))].sort((x, y) => x.email.localeCompare(y.email));
    expect(late).toMatchObject({ email: 'late@example.com', expired: true });
    const [oldMail] = await outboxFor(t.db, 'late@example.com');
    const oldToken = linkOf(oldMail?.text_body ?? '');

    const resent = await send(t, 'POST', `/api/company/invitations/${late?.id}/resend`, a.token);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(
      'Invitation sent again to late@example.com. The link in the earlier mail no longer works.',
    );
    expect(resent.json().invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: late?.id, email: 'late@example.com', expired: false }),
      ]),
    );
    const mails = await outboxFor(t.db, 'late@example.com');
    expect(mails).toHaveLength(2);
    const newToken = linkOf(mails[1]?.text_body ?? '');
    expect(newToken).not.toBe(oldToken);
    expect((await send(t, 'GET', `/api/company/invitations/${oldToken}`)).statusCode).toBe(400);
    expect((await send(t, 'GET', `/api/company/invitations/${newToken}`)).json()).toEqual({
      companyName: a.body.companyName,
      email: 'late@example.com',
    });

    const cancelled = await send(t, 'DELETE', `/api/company/invitations/${wrong?.id}`, a.token);
    expect(cancelled.json()).toEqual({
      message: 'Invitation to wrong@example.com cancelled: its link no longer works.',
      invitations: [expect.objectContaining({ email: 'late@example.com' })],
    });
    const [wrongMail] = await outboxFor(t.db, 'wrong@example.com');
    const accepted = await send(t, 'POST', '/api/company/invitations/accept', undefined, {
      token: linkOf(wrongMail?.text_body ?? ''),
      userName: 'wrongperson',
      password: 'long enough pass',
    });
    expect(accepted.json()).toEqual({ message: workspaceMessages.invitationInvalid });
  });

  it("another company's invitation can be neither sent again nor cancelled; plain users and strangers get nothing", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const plain = await invitedUser(t, a.token, 'plain@example.com');
    await invite(b.token, 'theirs@example.com');
    const [theirs] = await list(b.token);
    const before = await snapshot(t);
    const mailsBefore = await t.db.query('select id from mail_outbox');
    const resend = await send(t, 'POST', `/api/company/invitations/${theirs?.id}/resend`, a.token);
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toEqual({ message: messages.server.notFound });
    expect((await send(t, 'DELETE', `/api/company/invitations/${theirs?.id}`, a.token)).statusCode).toBe(404);
    expect((await send(t, 'GET', '/api/company/invitations', plain.token)).statusCode).toBe(403);
    expect(
      (await send(t, 'POST', `/api/company/invitations/${theirs?.id}/resend`, plain.token)).statusCode,
    ).toBe(403);
    expect((await send(t, 'GET', '/api/company/invitations')).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
    expect(await t.db.query('select id from mail_outbox')).toEqual(mailsBefore);
  });

  it('sending again is limited like inviting: 3 mails a day to one mailbox, counting the first', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    await invite(a.token, 'patient@example.com');
    const [one] = await list(a.token);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await send(t, 'POST', `/api/company/invitations/${one?.id}/resend`, a.token)).statusCode);
    expect(answers).toEqual([200, 200, 429]);
    expect(await outboxFor(t.db, 'patient@example.com')).toHaveLength(3);
  });

  it('sending again is limited per inviting user: with invitations, 10 mails an hour', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    for (let i = 1; i <= 5; i++) expect((await invite(a.token, `p${i}@example.com`)).statusCode).toBe(200);
    const pending = await list(a.token);
    const answers = [];
    for (const invitation of [...pending, ...pending.slice(0, 1)])
      answers.push(
        (await send(t, 'POST', `/api/company/invitations/${invitation.id}/resend`, a.token)).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
