// The desk for police, insurers and solicitors (docs/decisions/0052). The law: DPA 2018 Schedule 2,
// Part 1, paragraph 2 permits (does not require) disclosure for the prevention or detection of crime;
// paragraph 5 does so for legal proceedings and advice (5(3)) or where the law requires it (5(2)).
// The operator decides each case and the history records the basis and the reasons.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, outboxFor, type Registered, signedIn } from '../../test/accounts';
import { requestIdByReference } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invitedUser } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

const police = {
  requester: 'police',
  name: 'PC Dana Reid',
  collarNumber: '4471',
  force: 'Avon and Somerset Constabulary',
  station: 'Bristol Central',
  email: 'dana.reid@avonandsomerset.police.uk',
  crimeReference: '5224/0131/26',
  offence: 'Theft from a motor vehicle',
  incidentDate: '2026-11-20',
  incidentTime: '21:15',
  incidentPlace: 'Level 2, near the lifts',
  authorisingName: 'Jo Marsh',
  authorisingRank: 'inspector',
  message: 'Cameras covering level 2 from 21:00 to 21:30.',
};

const solicitor = {
  requester: 'solicitor',
  name: 'Priya Shah',
  firm: 'Shah & Co Solicitors',
  email: 'priya@shahco.example',
  caseReference: 'SC/2211',
  legalBasis: 'legal_claims',
  incidentDate: '2026-11-18',
  incidentPlace: 'Entrance barrier',
  message: 'The collision at the entrance barrier at about 08:40.',
};

/** The parts the browser's form sends: `data` as JSON and, when given, one `uploadFile`. */
function official(data: unknown, file?: { name: string; bytes: string; type?: string }) {
  const boundary = '----official';
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
  ];
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n${file.bytes}\r\n`,
    );
  parts.push(`--${boundary}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: parts.join(''),
  };
}

const authority = { name: 'authority.pdf', bytes: '%PDF-1.4 signed authority of the client' };

let client = 0;
/** Each call from its own client address, so the per-address limit (5 an hour) is not what answers. */
const file = (signRef: string, data: unknown, attached?: Parameters<typeof official>[1]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/signs/${signRef}/official`,
    remoteAddress: `198.51.100.${(client++ % 250) + 1}`,
    ...official(data, attached),
  });

async function filed(
  operator: Registered,
  data: unknown = police,
  attached?: Parameters<typeof official>[1],
) {
  const res = await file(operator.sticker.signRef, data, attached);
  expect(res.statusCode, res.body).toBe(200);
  const reference: string = res.json().reference;
  return { reference, id: await requestIdByReference(t.db, reference) };
}

/** The private link mailed to `email`: of its first request, or of the request `reference`. */
async function privateLink(email: string, reference?: string) {
  const mails = await outboxFor(t.db, email);
  const ack = mails.find(
    (m) =>
      m.subject.startsWith('Your request') && (!reference || m.text_body.includes(`/request/${reference}#`)),
  );
  const match = /\/request\/(R-[A-Z0-9-]+)#(\S+)/.exec(ack?.text_body ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No private link in: ${ack?.text_body}`);
  return { reference: match[1], secret: match[2] };
}

/** The files stored under the authorities' folder (none after a refused request). */
async function storedAuthorities(): Promise<string[]> {
  const entries = await readdir(path.join(t.env.dataDir, 'uploads', 'authority'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const decline = {
  decision: 'decline',
  basis: 'crime',
  reasons: ['too_broad', 'not_authorised'],
  reasonsText: 'The authorising officer is a sergeant; the window asked for is a whole evening.',
};

describe('a police officer files a request from a sign', () => {
  it('gives a reference and a private page, and the operator sees every field', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { companyName: 'Quayside Parking Ltd' });
    const { reference, id } = await filed(operator);
    expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const link = await privateLink(police.email);
    expect(link.reference).toBe(reference);
    const page = await call(t, 'GET', `/api/requests/visitor/${reference}`, {
      headers: { 'x-request-key': link.secret },
    });
    expect(page.json()).toMatchObject({ kind: 'third_party', state: 'received', footageDate: '2026-11-20' });
    expect(page.json().next).toBe(
      'Quayside Parking Ltd has your request and will decide whether to disclose the footage. They may write to you here first.',
    );

    const details = await call(t, 'GET', `/api/requests/${id}/third-party`, { token: operator.token });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      requester: 'police',
      basis: 'crime',
      decision: null,
      handedOver: null,
    });
    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(desk.next).toBe('Check who is asking, then decide whether to disclose and record why.');
    expect(details.json().details).toEqual([
      { label: 'Name', value: 'PC Dana Reid' },
      { label: 'Collar number', value: '4471' },
      { label: 'Force', value: 'Avon and Somerset Constabulary' },
      { label: 'Station', value: 'Bristol Central' },
      { label: 'Work e-mail', value: 'dana.reid@avonandsomerset.police.uk' },
      { label: 'Crime reference', value: '5224/0131/26' },
      { label: 'Offence', value: 'Theft from a motor vehicle' },
      { label: 'Incident date', value: '20 November 2026' },
      { label: 'Incident time', value: '21:15' },
      { label: 'Incident place', value: 'Level 2, near the lifts' },
      { label: 'Authorising officer', value: 'Jo Marsh' },
      { label: 'Authorising officer’s rank', value: 'Inspector' },
      { label: 'Footage needed', value: 'Cameras covering level 2 from 21:00 to 21:30.' },
    ]);
    const stored = await t.db.one<{ action: string; detail: unknown }>(
      "select action, detail from request_events where request_id = $1 and action = 'third_party_received'",
      [id],
    );
    // Paragraph 2 (crime) is the basis a police request points to.
    expect(stored.detail).toEqual({
      requester: 'police',
      organisation: 'Avon and Somerset Constabulary',
      theirReference: '5224/0131/26',
      basis: 'crime',
    });
  });

  it('refuses an incomplete form, a rank below inspector, unknown fields and an attachment', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const sign = operator.sticker.signRef;
    const refused = [
      await file(sign, { ...police, crimeReference: '' }),
      await file(sign, { ...police, authorisingRank: 'sergeant' }),
      await file(sign, { ...police, extra: 'x' }),
      await file(sign, { ...police, requester: 'bailiff' }),
      await file(sign, { ...police, incidentTime: '25:00' }),
      await file(sign, { ...police, name: 'PC Reid\nBcc: x@example.com' }),
      await file(sign, police, authority),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(refused[0]?.json().message).toBe('Enter the crime reference.');
    expect(refused[1]?.json().message).toBe('Choose the authorising officer’s rank: inspector or above.');
    expect(refused[6]?.json().message).toBe('A police request takes no attachment.');
    expect(await t.db.query('select 1 from relay_requests')).toEqual([]);
    expect(await t.db.query('select 1 from request_documents')).toEqual([]);
    expect(await storedAuthorities()).toEqual([]);
  });

  it('counts the mail it sends: 5 an hour to one work e-mail', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      // Each from its own client address: the e-mail's own count is what stops the sixth.
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/signs/${operator.sticker.signRef}/official`,
        remoteAddress: `203.0.113.${i + 1}`,
        ...official({ ...police, email: i % 2 ? 'Dana.Reid+x@avonandsomerset.police.uk' : police.email }),
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts 5 an hour from one client address, before the body is read', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/signs/${operator.sticker.signRef}/official`,
        remoteAddress: '203.0.113.9',
        ...official({ ...police, email: `officer${i}@avonandsomerset.police.uk` }),
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('an insurer or a solicitor files a request', () => {
  it("keeps the client's authority as the request's document, for master users", async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await filed(operator, solicitor, authority);
    const details = (
      await call(t, 'GET', `/api/requests/${id}/third-party`, { token: operator.token })
    ).json();
    // Paragraph 5(3): legal proceedings, advice, establishing or defending legal rights.
    expect(details.basis).toBe('legal_claims');
    expect(details.details).toContainEqual({ label: 'Firm', value: 'Shah & Co Solicitors' });
    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(desk.documents).toEqual([expect.objectContaining({ filename: 'authority.pdf', deleted: false })]);
    expect(await storedAuthorities()).toEqual(['1-authority.pdf']);
    const plain = await invitedUser(t, operator.token, 'colleague@example.com');
    const docUrl = `/api/requests/${id}/documents/${desk.documents[0].id}`;
    expect((await call(t, 'GET', docUrl, { token: plain.token })).statusCode).toBe(403);
  });

  it('refuses a missing authority and a file that is not what its name says, storing nothing', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const sign = operator.sticker.signRef;
    const missing = await file(sign, { ...solicitor, requester: 'insurer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Attach your client's signed authority: a PDF or a JPEG photo.");
    const disguised = await file(sign, solicitor, { name: 'authority.pdf', bytes: 'MZ not a pdf at all' });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toMatch(/is not a PDF or JPG file/);
    const noBasis = await file(sign, { ...solicitor, legalBasis: 'curiosity' }, authority);
    expect(noBasis.statusCode).toBe(400);
    expect(noBasis.json().message).toBe('Choose the legal basis.');
    expect(await t.db.query('select 1 from relay_requests')).toEqual([]);
    expect(await t.db.query('select 1 from request_documents')).toEqual([]);
    expect(await storedAuthorities()).toEqual([]);
  });
});

describe('the operator decides', () => {
  it('declines with reasons: the history records the basis, the requester is mailed and their page says so', async () => {
    t = await createTestApp();
    const operator = await signedIn(t, { companyName: 'Quayside Parking Ltd' });
    const { id, reference } = await filed(operator);
    const { secret } = await privateLink(police.email);
    const before = (await outboxFor(t.db, police.email)).length;
    const res = await call(t, 'POST', `/api/requests/${id}/third-party/decision`, {
      token: operator.token,
      body: decline,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().decision).toMatchObject({ ...decline, by: operator.body.userName });

    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(desk.state).toBe('answered');
    expect(desk.history.at(-1)).toMatchObject({
      action: 'third_party_declined',
      fromState: 'received',
      toState: 'answered',
      body: [
        'Declined to disclose.',
        'Basis: Prevention or detection of crime, or catching or prosecuting offenders (DPA 2018, Schedule 2, paragraph 2).',
        'Reasons: The request is too broad or not specific enough; Not authorised at inspector rank or above.',
        decline.reasonsText,
      ].join('\n'),
    });
    const event = await t.db.one<{ detail: unknown }>(
      "select detail from request_events where request_id = $1 and action = 'third_party_declined'",
      [id],
    );
    expect(event.detail).toEqual({
      decision: 'decline',
      basis: 'crime',
      reasons: ['too_broad', 'not_authorised'],
      reasonsText: decline.reasonsText,
      recipient: {
        name: 'PC Dana Reid',
        organisation: 'Avon and Somerset Constabulary',
        email: 'dana.reid@avonandsomerset.police.uk',
      },
    });

    const mails = await outboxFor(t.db, police.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text_body).toContain(
      'Quayside Parking Ltd has declined to disclose the footage you asked for, and says why.',
    );
    // Only that it changed: the reasons are on the private page, not in a mail.
    expect(mails.at(-1)?.text_body).not.toContain('sergeant');
    const page = (
      await call(t, 'GET', `/api/requests/visitor/${reference}`, { headers: { 'x-request-key': secret } })
    ).json();
    expect(page.next).toBe(
      'Quayside Parking Ltd has declined to disclose the footage. Their reasons are below.',
    );
    expect(page.history.at(-1)).toMatchObject({ action: 'third_party_declined' });

    const again = await call(t, 'POST', `/api/requests/${id}/third-party/decision`, {
      token: operator.token,
      body: { ...decline, decision: 'disclose', reasons: ['specific'] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('discloses on the basis chosen, then records the footage handed over outside the product', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await filed(operator, solicitor, authority);
    const early = await call(t, 'POST', `/api/requests/${id}/third-party/handed-over`, {
      token: operator.token,
      body: { what: 'Clip', when: '2026-11-27T10:00', toWhom: 'Priya Shah', how: 'Their upload link' },
    });
    expect(early.statusCode).toBe(409);
    // No footage goes through the locker before the decision to disclose is recorded.
    const releaseFirst = () =>
      call(t, 'POST', `/api/requests/${id}/disclosures`, {
        token: operator.token,
        body: { fileIds: [999_999], letter: 'The footage of the collision you asked for.' },
      });
    const tooSoon = await releaseFirst();
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({
      message:
        'Record your decision to disclose, with its legal basis, before releasing footage to the police, an insurer or a solicitor.',
    });
    const disclose = await call(t, 'POST', `/api/requests/${id}/third-party/decision`, {
      token: operator.token,
      body: {
        decision: 'disclose',
        basis: 'legal_claims',
        reasons: ['specific', 'authority_shown'],
        reasonsText: 'Signed client authority for a claim about this collision.',
      },
    });
    expect(disclose.statusCode).toBe(200);
    // Once decided, the release is judged on its files (this one names none of the request's).
    const decided = await releaseFirst();
    expect(decided.json().message).not.toContain('Record your decision to disclose');
    expect((await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json().state).toBe(
      'in_progress',
    );
    const handed = {
      what: 'Entrance camera, 08:35 to 08:45 (one MP4, 41 MB)',
      when: '2026-11-27T10:00',
      toWhom: 'Priya Shah, Shah & Co Solicitors',
      how: 'The firm’s secure upload link',
    };
    const res = await call(t, 'POST', `/api/requests/${id}/third-party/handed-over`, {
      token: operator.token,
      body: handed,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().handedOver).toMatchObject(handed);
    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(desk.state).toBe('answered');
    expect(desk.history.at(-1)).toMatchObject({
      action: 'handed_over_outside',
      body: 'Handed over outside the product: Entrance camera, 08:35 to 08:45 (one MP4, 41 MB), on 27 November 2026 at 10:00, to Priya Shah, Shah & Co Solicitors, by The firm’s secure upload link.',
    });
    const event = await t.db.one<{ detail: unknown }>(
      "select detail from request_events where request_id = $1 and action = 'handed_over_outside'",
      [id],
    );
    expect(event.detail).toEqual({
      basis: 'legal_claims',
      ...handed,
      recipient: { name: 'Priya Shah', organisation: 'Shah & Co Solicitors', email: 'priya@shahco.example' },
    });
  });

  it('refuses another company, a plain user, reasons of the other decision and too few words', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const { id } = await filed(a);
    const plain = await invitedUser(t, a.token, 'colleague@example.com');
    const decideAs = (token: string, body: unknown) =>
      call(t, 'POST', `/api/requests/${id}/third-party/decision`, { token, body });
    expect((await call(t, 'GET', `/api/requests/${id}/third-party`, { token: b.token })).statusCode).toBe(
      404,
    );
    expect((await decideAs(b.token, decline)).statusCode).toBe(404);
    // A plain user may read the request but not decide it: deciding is for master users.
    expect((await call(t, 'GET', `/api/requests/${id}/third-party`, { token: plain.token })).statusCode).toBe(
      200,
    );
    expect((await decideAs(plain.token, decline)).statusCode).toBe(403);
    const short = await decideAs(a.token, { ...decline, reasonsText: 'No.' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Write why, in at least 20 characters: it is the record.');
    const mixed = await decideAs(a.token, { ...decline, reasons: ['specific'] });
    expect(mixed.statusCode).toBe(400);
    const none = await decideAs(a.token, { ...decline, reasons: [] });
    expect(none.statusCode).toBe(400);
    const noBasis = await decideAs(a.token, { ...decline, basis: 'because' });
    expect(noBasis.statusCode).toBe(400);
    // A request that is not a third party's has no decision to take.
    const question = await call(t, 'POST', `/api/signs/${a.sticker.signRef}/contact`, {
      body: { name: 'Sam', email: 'sam@example.net', kind: 'question', message: 'Hello' },
    });
    const otherId = await requestIdByReference(t.db, question.json().reference);
    expect(
      (
        await call(t, 'POST', `/api/requests/${otherId}/third-party/decision`, {
          token: a.token,
          body: decline,
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.db.query("select 1 from request_events where action like 'third_party_d%'")).toEqual([]);
  });
});

describe('what the desk keeps of a third party’s request', () => {
  it("shows the solicitor's fields under their labels, the basis they claim, and the receipt in the history", async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await filed(operator, { ...solicitor, legalBasis: 'required_by_law' }, authority);
    const details = (
      await call(t, 'GET', `/api/requests/${id}/third-party`, { token: operator.token })
    ).json();
    // Paragraph 5(2): required by law or by a court order.
    expect(details.basis).toBe('required_by_law');
    expect(details.details).toEqual([
      { label: 'Name', value: 'Priya Shah' },
      { label: 'Work e-mail', value: 'priya@shahco.example' },
      { label: 'Incident date', value: '18 November 2026' },
      { label: 'Incident place', value: 'Entrance barrier' },
      { label: 'Firm', value: 'Shah & Co Solicitors' },
      { label: 'Claim or case reference', value: 'SC/2211' },
      {
        label: 'Legal basis',
        value: 'Required by law or by a court order (DPA 2018, Schedule 2, paragraph 5(2))',
      },
      { label: 'Footage needed', value: solicitor.message },
    ]);
    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    // Nothing of a visitor's footage form: no camera, description or representative.
    expect(desk).toMatchObject({ kind: 'third_party', camera: '', description: '', representative: false });
    const received = (history: { action: string; body: string }[]) =>
      history.find((entry) => entry.action === 'third_party_received')?.body;
    expect(received(desk.history)).toBe(
      "A solicitor: Shah & Co Solicitors, reference SC/2211. The client's authority: authority.pdf.",
    );
    const police = await filed(operator);
    const policeDesk = (await call(t, 'GET', `/api/requests/${police.id}`, { token: operator.token })).json();
    expect(received(policeDesk.history)).toBe(
      'The police: Avon and Somerset Constabulary, reference 5224/0131/26.',
    );
  });

  it('refuses two files and an over-long sign reference before storing anything', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const boundary = '----two';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 ${name}\r\n`;
    const two = await t.app.inject({
      method: 'POST',
      url: `/api/signs/${operator.sticker.signRef}/official`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(solicitor)}\r\n`,
        part('one.pdf'),
        part('two.pdf'),
        `--${boundary}--\r\n`,
      ].join(''),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'Attach one file only.' });
    const long = await file('A'.repeat(41), police);
    expect(long.statusCode).toBe(400);
    expect(await t.db.query('select 1 from relay_requests')).toEqual([]);
    expect(await storedAuthorities()).toEqual([]);
  });
});

describe('each refusal of the decision and the hand-over, and the next step after it', () => {
  const disclose = {
    decision: 'disclose',
    basis: 'crime',
    reasons: ['specific'],
    reasonsText: 'A named offence, a narrow window, authorised by an inspector.',
  };
  const handed = {
    what: 'Level 2 camera',
    when: '2026-11-27T10:00',
    toWhom: 'PC Dana Reid',
    how: 'Force upload link',
  };
  const post = (operator: { token: string }, path: string, body: unknown) =>
    call(t, 'POST', path, { token: operator.token, body });
  /** The requester withdraws `reference` from the private page its mail links to. */
  const withdrawAsRequester = async (reference: string) =>
    call(t, 'POST', `/api/requests/visitor/${reference}/actions`, {
      headers: { 'x-request-key': (await privateLink(police.email, reference)).secret },
      body: { action: 'withdraw' },
    });

  it('is decided once: a second decision is refused with why, and the first stands', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await filed(operator);
    expect((await post(operator, `/api/requests/${id}/third-party/decision`, disclose)).statusCode).toBe(200);
    const again = await post(operator, `/api/requests/${id}/third-party/decision`, decline);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This request has been decided already.' });
    const desk = (await call(t, 'GET', `/api/requests/${id}`, { token: operator.token })).json();
    expect(desk.state).toBe('in_progress');
    expect(desk.history.at(-1)).toMatchObject({
      action: 'third_party_disclosed',
      body: [
        'Decided to disclose.',
        'Basis: Prevention or detection of crime, or catching or prosecuting offenders (DPA 2018, Schedule 2, paragraph 2).',
        'Reasons: The request is specific: date, time, place and purpose given.',
        disclose.reasonsText,
      ].join('\n'),
    });
    // Disclosing mails the requester nothing: the footage or the hand-over is what they get.
    expect((await outboxFor(t.db, police.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your request R-/),
    ]);
    // The next step: the hand-over, recorded once.
    expect((await post(operator, `/api/requests/${id}/third-party/handed-over`, handed)).statusCode).toBe(
      200,
    );
    const twice = await post(operator, `/api/requests/${id}/third-party/handed-over`, handed);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'The hand-over has been recorded already.' });
    const details = (
      await call(t, 'GET', `/api/requests/${id}/third-party`, { token: operator.token })
    ).json();
    expect(details.handedOver).toMatchObject(handed);
  });

  it('may be decided while being dealt with, waiting for details or extended, not once withdrawn', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const started = await filed(operator);
    await post(operator, `/api/requests/${started.id}/actions`, { action: 'start' });
    expect(
      (await post(operator, `/api/requests/${started.id}/third-party/decision`, decline)).statusCode,
    ).toBe(200);
    const asked = await filed(operator);
    const clarify = await post(operator, `/api/requests/${asked.id}/actions`, {
      action: 'ask_clarification',
      body: 'Which level of the car park?',
    });
    expect(clarify.json().state).toBe('awaiting_clarification');
    expect(
      (await post(operator, `/api/requests/${asked.id}/third-party/decision`, disclose)).statusCode,
    ).toBe(200);
    // Waiting for details again when it is handed over: answered.
    const again = await post(operator, `/api/requests/${asked.id}/actions`, {
      action: 'ask_clarification',
      body: 'And the exact time?',
    });
    expect(again.json().state).toBe('awaiting_clarification');
    expect(
      (await post(operator, `/api/requests/${asked.id}/third-party/handed-over`, handed)).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${asked.id}`, { token: operator.token })).json().state).toBe(
      'answered',
    );

    // Its time extended (a complex request): still to be decided.
    const extended = await filed(operator);
    await post(operator, `/api/requests/${extended.id}/actions`, { action: 'start' });
    const extend = await post(operator, `/api/requests/${extended.id}/actions`, {
      action: 'extend',
      body: 'Several cameras and a long window to review.',
    });
    expect(extend.json().state).toBe('extended');
    expect(
      (await post(operator, `/api/requests/${extended.id}/third-party/decision`, disclose)).statusCode,
    ).toBe(200);

    // Withdrawn by the requester from their private page: nothing is left to decide.
    const withdrawn = await filed(operator);
    expect((await withdrawAsRequester(withdrawn.reference)).statusCode).toBe(200);
    const late = await post(operator, `/api/requests/${withdrawn.id}/third-party/decision`, disclose);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This request is no longer open: it cannot be decided.' });
  });

  it('a hand-over waits for a decision to disclose: refused before one and after declining', async () => {
    t = await createTestApp();
    const operator = await signedIn(t);
    const { id } = await filed(operator);
    const early = await post(operator, `/api/requests/${id}/third-party/handed-over`, handed);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Record the decision to disclose, with its reasons, first.' });
    await post(operator, `/api/requests/${id}/third-party/decision`, decline);
    const declined = await post(operator, `/api/requests/${id}/third-party/handed-over`, handed);
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toEqual({ message: 'Record the decision to disclose, with its reasons, first.' });
    // Disclosed, then withdrawn by the requester: a hand-over already made is still recorded, and
    // the request stays withdrawn.
    const gone = await filed(operator, { ...police, crimeReference: '5224/0777/26' });
    await post(operator, `/api/requests/${gone.id}/third-party/decision`, disclose);
    await withdrawAsRequester(gone.reference);
    expect(
      (await post(operator, `/api/requests/${gone.id}/third-party/handed-over`, handed)).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${gone.id}`, { token: operator.token })).json().state).toBe(
      'withdrawn',
    );
    const other = await filed(operator, { ...police, crimeReference: '5224/0999/26' });
    const missing = await post(operator, `/api/requests/${other.id + 1000}/third-party/handed-over`, handed);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });
});
