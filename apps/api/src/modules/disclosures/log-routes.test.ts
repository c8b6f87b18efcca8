import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, outboxFor, signedIn } from '../../test/accounts';
import { footageRequest } from '../../test/footage-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploadedWhole } from '../../test/tus-upload';
import { invitedUser } from '../../test/workspace';
import { ACCESS_BASIS, csvCell, PRIVATE_INDIVIDUAL } from './log-service';

// The ICO's guidance on video surveillance expects a record of each disclosure: the date, who it
// went to, their organisation and the reason (docs/decisions/0053-the-disclosure-log.md).

let t: TestApp;
afterEach(() => t?.close());

const DAY = 86_400_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

/** RFC 4180 read back: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) throw new Error('The CSV does not end with CRLF');
  return rows;
}

async function listening() {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** An operator whose request has one file released to its visitor. */
async function releasedBy(base: string, visitorName: string, email: string, filename: string) {
  const operator = await signedIn(t);
  const request = await footageRequest(t, operator, email, visitorName);
  const bytes = png(50_000);
  const { id: fileId } = await uploadedWhole(t, base, operator.token, request.id, filename, bytes);
  const res = await call(t, 'POST', `/api/requests/${request.id}/disclosures`, {
    token: operator.token,
    body: { fileIds: [fileId], letter: 'Here is the footage you asked for.' },
  });
  expect(res.statusCode).toBe(200);
  return { operator, request, bytes, disclosure: res.json() as { id: number; letter: { sha256: string } } };
}

const log = (token: string) => call(t, 'GET', '/api/company/disclosure-log', { token });
const csv = (token: string) => call(t, 'GET', '/api/company/disclosure-log.csv', { token });

describe("the company's disclosure log", { timeout: 120_000 }, () => {
  it('shows each company its own disclosures only, on the page and in the CSV, and never to a plain user', async () => {
    const base = await listening();
    const a = await releasedBy(base, 'Sam Walker', 'sam@example.net', 'gate.png');
    const b = await releasedBy(base, 'Jo Bloggs', 'jo@example.net', 'lane.png');

    const aLog = (await log(a.operator.token)).json();
    expect(aLog.total).toBe(1);
    expect(aLog.entries).toEqual([
      expect.objectContaining({
        kind: 'released',
        reference: a.request.reference,
        recipient: 'Sam Walker',
        organisation: PRIVATE_INDIVIDUAL,
        legalBasis: ACCESS_BASIS,
        items: [
          { filename: 'gate.png', sha256: sha256(a.bytes), sizeBytes: 50_000 },
          {
            filename: 'Reply letter (PDF)',
            sha256: a.disclosure.letter.sha256,
            sizeBytes: expect.any(Number),
          },
        ],
        authorisedBy: a.operator.body.userName,
        state: 'available',
        revokedAt: null,
        downloads: 0,
      }),
    ]);
    // B's visitor downloads their file (code mailed, exchanged for a grant): B's log counts it.
    const visitorPath = `/api/requests/visitor/${b.request.reference}/disclosures/${b.disclosure.id}`;
    const key = { 'x-request-key': b.request.secret };
    expect((await call(t, 'POST', `${visitorPath}/code`, { headers: key })).statusCode).toBe(200);
    const code = /Your download code: (\d+)/.exec(
      (await outboxFor(t.db, 'jo@example.net')).at(-1)?.subject ?? '',
    )?.[1];
    const grant = (await call(t, 'POST', `${visitorPath}/grant`, { headers: key, body: { code } })).json()
      .grant;
    const item = (await log(b.operator.token)).json().entries[0];
    const itemId = (
      await t.db.one<{ id: number }>('select id from disclosure_items where disclosure_id = $1', [
        b.disclosure.id,
      ])
    ).id;
    const got = await t.app.inject({
      method: 'GET',
      url: `${visitorPath}/files/${itemId}`,
      headers: { 'x-disclosure-grant': grant },
    });
    expect(got.statusCode).toBe(200);
    expect(item.downloads).toBe(0);
    const bLog = (await log(b.operator.token)).json();
    expect(
      bLog.entries.map((e: { reference: string; downloads: number }) => [e.reference, e.downloads]),
    ).toEqual([[b.request.reference, 1]]);
    const bCsv = (await csv(b.operator.token)).body;
    expect(bCsv).toContain(sha256(b.bytes));
    expect(bCsv).not.toContain(a.request.reference);
    expect(bCsv).not.toContain(sha256(a.bytes));
    expect(bCsv).not.toContain('Sam Walker');

    // A's plain user: the desk yes, the log no (it names who received footage of whom).
    const plain = await invitedUser(t, a.operator.token, 'colleague@example.com');
    expect((await log(plain.token)).statusCode).toBe(403);
    expect((await csv(plain.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/company/disclosure-log')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/company/disclosure-log.csv')).statusCode).toBe(401);
  });

  it('writes the CSV cell by cell, with revocations, downloads and third-party decisions, no cell a spreadsheet would run', async () => {
    const base = await listening();
    const a = await releasedBy(base, 'Sam Walker', 'sam@example.net', 'gate, "north".png');
    const revoked = await call(
      t,
      'POST',
      `/api/requests/${a.request.id}/disclosures/${a.disclosure.id}/revoke`,
      {
        token: a.operator.token,
      },
    );
    expect(revoked.statusCode).toBe(200);
    // A decline and a hand-over as the third-party desk writes them in the history (decision 0052),
    // with what a requester typed made to look like formulas.
    const event = (minutes: number, action: string, body: string, detail: object) =>
      t.db.query(
        `insert into request_events (request_id, company_id, at, actor, actor_name, action, body, detail)
         values ($1, $2, $3, 'operator', 'alice', $4, $5, $6::jsonb)`,
        [
          a.request.id,
          a.operator.reply.companyId,
          new Date(Date.now() + minutes * 60_000),
          action,
          body,
          JSON.stringify(detail),
        ],
      );
    const recipient = {
      name: '=HYPERLINK("http://evil.example")',
      organisation: '+West Yorkshire Police',
      email: 'dana.wells@westyorkshire.police.uk',
    };
    await event(1, 'third_party_declined', 'Declined.', {
      decision: 'decline',
      basis: 'crime',
      reasons: ['too_broad'],
      reasonsText: '-The request names no time; we hold 30 days of footage.',
      recipient,
    });
    await event(2, 'handed_over_outside', 'Handed over.', {
      basis: 'crime',
      what: '@SUM(A1) entrance camera 14:00-14:30',
      when: '2026-11-20T15:30',
      toWhom: 'PC 4821 Dana Wells',
      how: "The force's upload link",
      recipient,
    });
    // Their kind of entry only: the history's other entries stay out of the log.
    await event(3, 'message_sent', 'Hello', {});

    const res = await csv(a.operator.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="disclosure-log.csv"/);
    expect(res.headers['cache-control']).toBe('no-store');
    // No byte-order mark: the first bytes are the first column's name.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([...Buffer.from('date')]);

    const [header, handed, decline, release, ...rest] = parseCsv(res.body);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'date',
      'kind',
      'reference',
      'recipient',
      'organisation',
      'legal basis',
      'what was disclosed',
      'sha256',
      'authorised by',
      'expires',
      'revoked',
      'revoked by',
      'state',
      'downloads',
      'note',
    ]);
    expect(handed).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'handed_over_outside',
      a.request.reference,
      'PC 4821 Dana Wells',
      "'+West Yorkshire Police",
      'Prevention or detection of crime, or catching or prosecuting offenders (DPA 2018, Schedule 2, paragraph 2)',
      "'@SUM(A1) entrance camera 14:00-14:30",
      '',
      'alice',
      '',
      '',
      '',
      'recorded',
      '',
      "Handed over 2026-11-20T15:30 (UK time), The force's upload link",
    ]);
    expect(decline).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'third_party_declined',
      a.request.reference,
      `'=HYPERLINK("http://evil.example")`,
      "'+West Yorkshire Police",
      'Prevention or detection of crime, or catching or prosecuting offenders (DPA 2018, Schedule 2, paragraph 2)',
      '',
      '',
      'alice',
      '',
      '',
      '',
      'declined',
      '',
      'The request is too broad or not specific enough. -The request names no time; we hold 30 days of footage.',
    ]);
    const listed = (await log(a.operator.token)).json().entries[2];
    expect(release).toEqual([
      listed.at,
      'released',
      a.request.reference,
      'Sam Walker',
      PRIVATE_INDIVIDUAL,
      ACCESS_BASIS,
      // The release keeps the comma of the uploaded name and makes its quotes safe for a download's header.
      'gate, _north_.png\nReply letter (PDF)',
      `${sha256(a.bytes)}\n${a.disclosure.letter.sha256}`,
      a.operator.body.userName,
      listed.expiresAt,
      listed.revokedAt,
      a.operator.body.userName,
      'revoked',
      '0',
      '',
    ]);
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.at)).toBe(14 * DAY);
  });

  it('guards every formula start and quotes what needs it', () => {
    expect(
      ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1', 'plain', 'a,b', 'say "hi"', 'x\ny', null, 7].map(csvCell),
    ).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@A1",
      "'\t=1",
      `"'\r=1"`,
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"x\ny"',
      '',
      '7',
    ]);
  });
});
