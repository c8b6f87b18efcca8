import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandById } from '@app/brands';
import { contactMessages, partnerTypeOptions } from '@app/contract/contact';
import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dataPart,
  exeBytes,
  filePart,
  jpegBytes,
  NOTHING_STORED,
  outbox,
  pdfBytes,
  postForm,
  storedCounts,
} from '../../test/contact-forms';
import { readOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMailWorker } from '../mail/worker';

let t: TestApp;
afterEach(() => t?.close());

const URL = '/api/partner/send-partnership-email';
const signs = brandById('signs');

const application = {
  companyName: 'Northern Signs Ltd',
  name: 'Mary Somerville',
  email: 'mary@northernsigns.example',
  confirmEmail: 'mary@northernsigns.example',
  phone: '0113 496 0002',
  partnerType: 'Sign maker or printer',
  website: 'https://northernsigns.example',
  message: 'We print about 400 CCTV signs a month and would like to add your sticker panel.',
};

describe('POST /api/partner/send-partnership-email', () => {
  it('stores the application with its PDF and mails the register staff and the applicant', async () => {
    t = await createTestApp();
    const brochure = pdfBytes(4000);
    // From a sister site too, the application goes to the register's own staff.
    const res = await postForm(t, URL, [dataPart(application), filePart('brochure.pdf', brochure)], {
      host: 'dvr.localhost',
    });
    expect(res.statusCode).toBe(200);
    const { reference, message } = res.json();
    // Random and readable aloud: no count of applications shows in it (decision 0051).
    expect(reference).toMatch(/^P-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(message).toBe(contactMessages.partnershipSent(reference));

    const row = await t.db.one<{ kind: string; brand: string; sender_name: string }>(
      'select kind, brand, sender_name from contact_messages where reference = $1',
      [reference],
    );
    expect(row).toEqual({ kind: 'partnership', brand: 'signs', sender_name: 'Mary Somerville' });

    const [staff, ack] = await outbox(t);
    expect(staff?.to_address).toBe(signs.mail.staffAddress);
    expect(staff?.subject).toBe(
      `[${reference}] Partnership application: Northern Signs Ltd (Sign maker or printer)`,
    );
    expect(staff?.text_body).toContain('Type of partner: Sign maker or printer');
    expect(staff?.text_body).toContain(`About your business: ${application.message}`);
    const stored = await t.db.one<{ storage_path: string }>('select storage_path from contact_message_files');
    expect(stored.storage_path).toMatch(/^uploads\/partnership\/[0-9a-f-]{36}\/1-brochure\.pdf$/);
    expect(new Uint8Array(await readFile(path.join(t.env.dataDir, stored.storage_path)))).toEqual(brochure);
    // The outbox refers to the stored file; it never holds the file's bytes.
    expect(staff?.attachments).toEqual([
      { filename: 'brochure.pdf', contentType: 'application/pdf', storageKey: stored.storage_path },
    ]);
    expect(ack?.to_address).toBe(application.email);
    expect(ack?.subject).toBe(`We have received your application (${reference})`);
    // Nothing the applicant typed goes to the unconfirmed address, not even their name.
    expect(ack?.text_body).not.toContain(application.name);
    expect(ack?.text_body).not.toContain(application.message);
    expect(await storedCounts(t)).toEqual({ messages: 1, files: 1, mails: 2, filesOnDisk: 1 });
  });

  it('sets Reply-To to the applicant on the staff copy', async () => {
    t = await createTestApp();
    const res = await postForm(t, URL, [dataPart(application)]);
    expect(res.statusCode).toBe(200);
    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    await worker.runOnce();
    await worker.stop();
    const mails = await readOutbox(path.join(t.env.dataDir, 'outbox'));
    const staff = mails.find((m) => m.to.includes(signs.mail.staffAddress));
    expect(staff?.headers['reply-to']).toBe(application.email);
  });

  it('needs no attachment', async () => {
    t = await createTestApp();
    const res = await postForm(t, URL, [dataPart({ ...application, phone: '', website: '' })]);
    expect(res.statusCode).toBe(200);
  });

  describe('refuses, with a clear message and nothing stored', () => {
    const cases: [string, () => Parameters<typeof postForm>[2], string][] = [
      [
        'a missing company',
        () => [dataPart({ ...application, companyName: undefined })],
        contactMessages.requiredField('Company Name'),
      ],
      [
        'an unknown kind of partner',
        () => [dataPart({ ...application, partnerType: 'Reseller' })],
        contactMessages.chooseOne('Type of partner', partnerTypeOptions),
      ],
      [
        'e-mail addresses that do not match',
        () => [dataPart({ ...application, confirmEmail: 'someone@else.example' })],
        messages.signUp.emailsDoNotMatch,
      ],
      [
        'an unknown field',
        () => [dataPart({ ...application, discount: '50%' })],
        contactMessages.unknownFields(['discount']),
      ],
      [
        'a program renamed to .pdf',
        () => [dataPart(application), filePart('brochure.pdf', exeBytes())],
        contactMessages.fileType('brochure.pdf'),
      ],
      [
        'more than 3 files',
        () => [dataPart(application), ...[1, 2, 3, 4].map((n) => filePart(`p${n}.jpg`, jpegBytes()))],
        contactMessages.tooManyFiles,
      ],
    ];
    for (const [what, parts, message] of cases) {
      it(what, async () => {
        t = await createTestApp();
        const res = await postForm(t, URL, parts());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
        expect(await storedCounts(t)).toEqual(NOTHING_STORED);
      });
    }
  });

  it('is rate limited per client address', async () => {
    t = await createTestApp();
    const from = { remoteAddress: '203.0.113.20' };
    for (let i = 0; i < 5; i += 1) {
      expect((await postForm(t, URL, [dataPart({ ...application, name: '' })], from)).statusCode).toBe(400);
    }
    const limited = await postForm(t, URL, [dataPart(application)], from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(await storedCounts(t)).toEqual(NOTHING_STORED);
  });
});
