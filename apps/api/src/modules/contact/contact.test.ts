import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brandById } from '@app/brands';
import { contactMessages, UPLOAD_MAX_BYTES } from '@app/contract/contact';
import { messages } from '@app/contract/messages';
import type Mail from 'nodemailer/lib/mailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dataPart,
  exeBytes,
  filePart,
  jpegBytes,
  multipart,
  NOTHING_STORED,
  outbox,
  pdfBytes,
  postForm,
  storedCounts,
  storedFiles,
} from '../../test/contact-forms';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3';
import { readOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMailWorker } from '../mail/worker';

let t: TestApp;
afterEach(() => t?.close());

const signs = brandById('signs');
const dvr = brandById('dvr');

const signsMessage = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace.hopper@example.com',
  confirmEmail: 'Grace.Hopper@example.com',
  mobilePhone: '07700 900123',
  companyName: 'Harbour Lights Café',
  subject: 'Moving a sign to our new shop',
  message: 'We are moving to a new unit.\nHow do we move our registered sign to the new site?',
};

const dvrMessage = {
  firstName: 'Alan',
  lastName: 'Turing',
  enduserTrade: 'Trade',
  company: 'Bletchley Security',
  forAttentionOf: 'Support',
  email: 'alan@example.com',
  confirmEmail: 'alan@example.com',
  serial_no: 'AH-8CH-0042',
  message: 'The recorder shows no picture on channel 3.',
};

const quietLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as Parameters<typeof createMailWorker>[0]['log'];

describe('POST /api/contact-us', () => {
  it('stores the message and its JPG, and queues the staff mail with the file and an acknowledgement', async () => {
    t = await createTestApp();
    const photo = jpegBytes(5000);
    const res = await postForm(t, '/api/contact-us', [
      dataPart(signsMessage),
      filePart('C:\\Users\\grace\\Pictures\\sign by the door.JPG', photo, 'image/jpeg'),
    ]);

    expect(res.statusCode).toBe(200);
    const reply = res.json();
    // Random and readable aloud: no brand's count of messages shows in it (issue 36, item 27).
    expect(reply.reference).toMatch(/^C-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(reply.message).toBe(contactMessages.sent(reply.reference));

    const row = await t.db.one<{
      id: number;
      brand: string;
      sender_email: string;
      fields: Record<string, string>;
    }>('select id, brand, sender_email, fields from contact_messages where reference = $1', [
      reply.reference,
    ]);
    expect(row.brand).toBe('signs');
    expect(row.sender_email).toBe('grace.hopper@example.com');
    expect(row.fields).toMatchObject({ subject: signsMessage.subject, message: signsMessage.message });

    const files = await t.db.query<{
      file_name: string;
      content_type: string;
      size_bytes: number;
      storage_path: string;
    }>(
      'select file_name, content_type, size_bytes, storage_path from contact_message_files where message_id = $1',
      [row.id],
    );
    expect(files).toEqual([
      {
        file_name: 'sign by the door.JPG',
        content_type: 'image/jpeg',
        size_bytes: 5000,
        storage_path: expect.stringMatching(/^uploads\/contact\/[0-9a-f-]{36}\/1-sign by the door\.JPG$/),
      },
    ]);
    const onDisk = await readFile(path.join(t.env.dataDir, files[0]?.storage_path ?? ''));
    expect(new Uint8Array(onDisk)).toEqual(photo);

    const [staff, ack, ...rest] = await outbox(t);
    expect(rest).toEqual([]);
    expect(staff?.to_address).toBe(signs.mail.staffAddress);
    expect(staff?.subject).toContain(reply.reference);
    expect(staff?.subject).toContain(signsMessage.subject);
    expect(staff?.text_body).toContain('From: Grace Hopper <grace.hopper@example.com>');
    expect(staff?.text_body).toContain(`Message:\n${signsMessage.message}`);
    expect(staff?.text_body).toContain('Company Name: Harbour Lights Café');
    // The outbox refers to the stored file; it never holds the file's bytes.
    expect(staff?.attachments).toEqual([
      { filename: 'sign by the door.JPG', contentType: 'image/jpeg', storageKey: files[0]?.storage_path },
    ]);
    expect(ack?.to_address).toBe('grace.hopper@example.com');
    expect(ack?.subject).toBe(`We have received your message (${reply.reference})`);
    // Nothing the sender typed, not even the name they gave.
    expect(ack?.text_body).toMatch(/^Hello,\n/);
    expect(ack?.text_body).not.toContain('Grace');
    expect(ack?.text_body).toContain(`Your reference is ${reply.reference}.`);
    // The acknowledgement does not echo what was typed.
    expect(ack?.text_body).not.toContain('new unit');
    expect(ack?.attachments).toEqual([]);
  });

  it('delivers the staff mail with the attachment through the mail transport', async () => {
    t = await createTestApp();
    const report = pdfBytes(3000);
    const res = await postForm(t, '/api/contact-us', [
      dataPart(signsMessage),
      filePart('report.pdf', report),
    ]);
    expect(res.statusCode).toBe(200);

    const delivered: Mail.Options[] = [];
    const worker = createMailWorker({
      db: t.db,
      env: t.env,
      log: quietLog,
      transport: { deliver: async (m) => void delivered.push(m), close: () => undefined },
    });
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    await worker.stop();

    const staff = delivered.find((m) => m.to === signs.mail.staffAddress);
    const [attached, ...more] = staff?.attachments ?? [];
    expect(more).toEqual([]);
    expect(attached).toMatchObject({ filename: 'report.pdf', contentType: 'application/pdf' });
    // The stored file is streamed into the message, not read whole first.
    const content = attached?.content;
    expect(content).toBeInstanceOf(Readable);
    const chunks: Buffer[] = [];
    for await (const chunk of content as Readable) chunks.push(chunk as Buffer);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(report);
    expect(delivered.find((m) => m.to === 'grace.hopper@example.com')?.subject).toContain(
      res.json().reference,
    );
  });

  it('sets Reply-To to the sender on the staff copy, so Reply reaches them', async () => {
    t = await createTestApp();
    const res = await postForm(t, '/api/contact-us', [dataPart(signsMessage)]);
    expect(res.statusCode).toBe(200);
    const worker = createMailWorker({ db: t.db, env: t.env, log: t.app.log });
    await worker.runOnce();
    await worker.stop();
    const mails = await readOutbox(path.join(t.env.dataDir, 'outbox'));
    const staff = mails.find((m) => m.to.includes(signs.mail.staffAddress));
    expect(staff?.headers['reply-to']).toBe('grace.hopper@example.com');
    const ack = mails.find((m) => m.to.includes('grace.hopper@example.com'));
    expect(ack?.headers['reply-to']).toBeUndefined();
  });

  it('keeps the message when the mail server fails, and retries the mail later', async () => {
    t = await createTestApp();
    const res = await postForm(t, '/api/contact-us', [dataPart(signsMessage)]);
    expect(res.statusCode).toBe(200);

    const worker = createMailWorker({
      db: t.db,
      env: t.env,
      log: quietLog,
      transport: {
        deliver: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        },
        close: () => undefined,
      },
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 2 });
    await worker.stop();

    expect(await storedCounts(t)).toMatchObject({ messages: 1, mails: 2 });
    const mails = await t.db.query<{ sent_at: Date | null; last_error: string; retry_later: boolean }>(
      'select sent_at, last_error, next_attempt_at > now() as retry_later from mail_outbox',
    );
    expect(mails).toEqual([
      { sent_at: null, last_error: 'connect ECONNREFUSED 127.0.0.1:25', retry_later: true },
      { sent_at: null, last_error: 'connect ECONNREFUSED 127.0.0.1:25', retry_later: true },
    ]);
  });

  it('takes up to 3 PDF and JPG files, named by what they are', async () => {
    t = await createTestApp();
    const res = await postForm(t, '/api/contact-us', [
      dataPart(signsMessage),
      filePart('plan.pdf', pdfBytes()),
      filePart('photo.jpeg', jpegBytes()),
      // A JPEG named .pdf is still a JPEG: it is kept, with a name that says so.
      filePart('../../etc/passwd.pdf', jpegBytes()),
    ]);
    expect(res.statusCode).toBe(200);
    const names = await t.db.query<{ file_name: string; content_type: string }>(
      'select file_name, content_type from contact_message_files order by position',
    );
    expect(names).toEqual([
      { file_name: 'plan.pdf', content_type: 'application/pdf' },
      { file_name: 'photo.jpeg', content_type: 'image/jpeg' },
      { file_name: 'passwd.pdf.jpg', content_type: 'image/jpeg' },
    ]);
    const onDisk = (await storedFiles(t)).map((f) =>
      path.relative(t.env.dataDir, f).split(path.sep).join('/'),
    );
    expect(onDisk.every((f) => f.startsWith('uploads/contact/'))).toBe(true);
    expect(onDisk).toHaveLength(3);
  });

  describe('refuses, with a clear message and nothing stored', () => {
    const cases: [string, () => Parameters<typeof postForm>[2], string][] = [
      [
        'a missing required field',
        () => [dataPart({ ...signsMessage, firstName: undefined })],
        contactMessages.requiredField('First Name'),
      ],
      [
        'a required field left blank',
        () => [dataPart({ ...signsMessage, message: '   ' })],
        contactMessages.requiredField('Message'),
      ],
      [
        'e-mail addresses that do not match',
        () => [dataPart({ ...signsMessage, confirmEmail: 'grace.h@example.com' })],
        messages.signUp.emailsDoNotMatch,
      ],
      [
        'a confirmation e-mail left out',
        () => [dataPart({ ...signsMessage, confirmEmail: undefined })],
        contactMessages.requiredField('Confirm Email'),
      ],
      [
        'an invalid e-mail address',
        () => [dataPart({ ...signsMessage, email: 'grace', confirmEmail: 'grace' })],
        contactMessages.invalidEmail,
      ],
      [
        'an unknown field',
        () => [dataPart({ ...signsMessage, isAdmin: true })],
        contactMessages.unknownFields(['isAdmin']),
      ],
      [
        'a field of another brand’s form',
        () => [dataPart({ ...signsMessage, serial_no: 'X1' })],
        contactMessages.unknownFields(['serial_no']),
      ],
      [
        'a program renamed to .pdf',
        () => [dataPart(signsMessage), filePart('invoice.pdf', exeBytes(), 'application/pdf')],
        contactMessages.fileType('invoice.pdf'),
      ],
      [
        'a text file',
        () => [dataPart(signsMessage), filePart('notes.jpg', Buffer.from('just some notes'), 'image/jpeg')],
        contactMessages.fileType('notes.jpg'),
      ],
      [
        'a valid file followed by a wrong one',
        () => [dataPart(signsMessage), filePart('ok.pdf', pdfBytes()), filePart('bad.pdf', exeBytes())],
        contactMessages.fileType('bad.pdf'),
      ],
      [
        'an empty file',
        () => [dataPart(signsMessage), filePart('empty.pdf', new Uint8Array(0))],
        contactMessages.fileEmpty('empty.pdf'),
      ],
      [
        'a file over 10 MB',
        () => [dataPart(signsMessage), filePart('huge.pdf', pdfBytes(UPLOAD_MAX_BYTES + 1))],
        contactMessages.fileTooLarge('huge.pdf'),
      ],
      [
        'more than 3 files',
        () => [dataPart(signsMessage), ...[1, 2, 3, 4].map((n) => filePart(`photo-${n}.jpg`, jpegBytes()))],
        contactMessages.tooManyFiles,
      ],
      ['no data part', () => [filePart('photo.jpg', jpegBytes())], contactMessages.dataMissing],
      [
        'data that is not JSON',
        () => [{ name: 'data', value: 'firstName=Grace' }],
        contactMessages.dataNotJson,
      ],
      ['data that is a JSON list', () => [{ name: 'data', value: '[1,2]' }], contactMessages.dataNotJson],
      [
        'a part of another name',
        () => [
          dataPart(signsMessage),
          { name: 'attachment', filename: 'a.pdf', contentType: 'x', bytes: pdfBytes() },
        ],
        contactMessages.unexpectedPart('attachment'),
      ],
    ];

    for (const [what, parts, message] of cases) {
      it(what, async () => {
        t = await createTestApp();
        const res = await postForm(t, '/api/contact-us', parts());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
        expect(await storedCounts(t)).toEqual(NOTHING_STORED);
      });
    }

    it('a file of exactly 10 MB is accepted', async () => {
      t = await createTestApp();
      const res = await postForm(t, '/api/contact-us', [
        dataPart(signsMessage),
        filePart('big.pdf', pdfBytes(UPLOAD_MAX_BYTES)),
      ]);
      expect(res.statusCode).toBe(200);
      expect(await storedCounts(t)).toEqual({ messages: 1, files: 1, mails: 2, filesOnDisk: 1 });
    });

    it('a body that is not multipart', async () => {
      t = await createTestApp();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        headers: { host: 'signs.localhost' },
        payload: signsMessage,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: contactMessages.notMultipart });
      expect(await storedCounts(t)).toEqual(NOTHING_STORED);
    });
  });

  describe("follows each brand's form", () => {
    it('DVR: needs end user or trade and who it is for, and takes a serial number', async () => {
      t = await createTestApp();
      const host = 'dvr.localhost';
      const missing = await postForm(t, '/api/contact-us', [dataPart({ ...dvrMessage, enduserTrade: '' })], {
        host,
      });
      expect(missing.json()).toEqual({ message: contactMessages.requiredField('End user or trade') });
      const wrong = await postForm(
        t,
        '/api/contact-us',
        [dataPart({ ...dvrMessage, forAttentionOf: 'CEO' })],
        {
          host,
        },
      );
      expect(wrong.json()).toEqual({
        message: contactMessages.chooseOne('For the attention of', [
          'Sales',
          'Support',
          'Accounts',
          'Director',
          'Buyer',
        ]),
      });
      expect(await storedCounts(t)).toEqual(NOTHING_STORED);

      const ok = await postForm(t, '/api/contact-us', [dataPart(dvrMessage)], { host });
      expect(ok.statusCode).toBe(200);
      const [staff] = await outbox(t);
      expect(staff?.to_address).toBe(dvr.mail.staffAddress);
      expect(staff?.text_body).toContain('Serial number: AH-8CH-0042');
      expect(staff?.text_body).toContain('For the attention of: Support');
      const row = await t.db.one<{ brand: string }>('select brand from contact_messages');
      expect(row.brand).toBe('dvr');
    });

    it('ANPR: takes no attachments, and the signs-only subject field is unknown there', async () => {
      t = await createTestApp();
      const host = 'anpr.localhost';
      const anprMessage = {
        firstName: 'Ada',
        lastName: 'King',
        company: 'Gatehouse Parking',
        email: 'ada@example.com',
        confirmEmail: 'ada@example.com',
        message: 'Two entrances, four cameras.',
      };
      const withFile = await postForm(
        t,
        '/api/contact-us',
        [dataPart(anprMessage), filePart('a.pdf', pdfBytes())],
        {
          host,
        },
      );
      expect(withFile.statusCode).toBe(400);
      expect(withFile.json()).toEqual({ message: contactMessages.noAttachments });
      const withSubject = await postForm(
        t,
        '/api/contact-us',
        [dataPart({ ...anprMessage, subject: 'Hi' })],
        { host },
      );
      expect(withSubject.json()).toEqual({ message: contactMessages.unknownFields(['subject']) });
      expect(await storedCounts(t)).toEqual(NOTHING_STORED);
      expect((await postForm(t, '/api/contact-us', [dataPart(anprMessage)], { host })).statusCode).toBe(200);
    });
  });

  it('is rate limited per client address, with a message that states the wait', async () => {
    t = await createTestApp();
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 10; i += 1) {
      const res = await postForm(t, '/api/contact-us', [dataPart({ ...signsMessage, firstName: '' })], from);
      expect(res.statusCode).toBe(400);
    }
    const limited = await postForm(t, '/api/contact-us', [dataPart(signsMessage)], from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(await storedCounts(t)).toEqual(NOTHING_STORED);
    // Another address is not affected.
    expect(
      (await postForm(t, '/api/contact-us', [dataPart(signsMessage)], { remoteAddress: '203.0.113.8' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers a form cut short anywhere, inside a file or its JSON, with 400 and keeps nothing', async () => {
    t = await createTestApp();
    const forms = [
      [dataPart(signsMessage), filePart('photo.jpg', jpegBytes(300), 'image/jpeg')],
      [filePart('plan.pdf', pdfBytes(200), 'application/pdf'), dataPart(signsMessage)],
      [
        {
          name: 'data',
          filename: 'data.json',
          contentType: 'application/json',
          bytes: Buffer.from('{"a":1}'),
        },
      ],
      // A short file and two data parts: the reader has failed the whole form before the file is reached.
      [
        { name: 'uploadFile', filename: '', contentType: 'image/jpeg', bytes: Buffer.from('i') },
        dataPart({ ...signsMessage, firstName: 'A' }),
        dataPart(signsMessage),
      ],
    ];
    let client = 0;
    for (const parts of forms) {
      const form = multipart(parts);
      // Every cut from the first part's header to just before the closing boundary.
      for (let cut = 40; cut < form.payload.length - 4; cut += 5) {
        client += 1;
        const res = await Promise.race([
          t.app.inject({
            method: 'POST',
            url: '/api/contact-us',
            payload: form.payload.subarray(0, cut),
            headers: { 'content-type': form.contentType },
            remoteAddress: `10.9.${client >> 8}.${client & 255}`,
          }),
          new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000)),
        ]);
        expect(res === 'no answer' ? `no answer at byte ${cut}` : res.statusCode).toBe(400);
      }
    }
    expect(await storedCounts(t)).toEqual(NOTHING_STORED);
  }, 120_000);

  it('limits how many messages one sender address can send in an hour', async () => {
    t = await createTestApp();
    for (let i = 0; i < 5; i += 1) {
      const res = await postForm(t, '/api/contact-us', [dataPart(signsMessage)], {
        remoteAddress: `198.51.100.${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await postForm(t, '/api/contact-us', [dataPart(signsMessage)], {
      remoteAddress: '198.51.100.9',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: messages.server.rateLimited });
    expect((await storedCounts(t)).messages).toBe(5);
  });
});

describe('uploads in an S3-compatible bucket (STORAGE=s3)', () => {
  let s3: FakeS3 | undefined;
  afterEach(async () => {
    await s3?.close();
  });

  it('stores the attachment as an object in the bucket, under the key the row records', async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ env: { storage: { kind: 's3', ...s3 } } });
    const photo = jpegBytes(3000);
    const res = await postForm(t, '/api/contact-us', [
      dataPart(signsMessage),
      filePart('shop front.jpg', photo, 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(200);
    const file = await t.db.one<{ storage_path: string }>('select storage_path from contact_message_files');
    expect(file.storage_path).toMatch(/^uploads\/contact\/[0-9a-f-]{36}\/1-shop front\.jpg$/);
    expect(new Uint8Array(s3.objects.get(file.storage_path)?.body ?? [])).toEqual(photo);
    expect(await storedFiles(t)).toEqual([]);
  });

  it('when the bucket refuses the file, the message is not kept and the caller is told it failed', async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ env: { storage: { kind: 's3', ...s3, secretAccessKey: 'wrong' } } });
    const res = await postForm(t, '/api/contact-us', [
      dataPart(signsMessage),
      filePart('shop front.jpg', jpegBytes(3000), 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await storedCounts(t)).toEqual(NOTHING_STORED);
    expect(s3.objects.size).toBe(0);
  });
});
