import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMail, readOutbox, waitForMail } from '../e2e/support/outbox';

// Links long enough to be wrapped by quoted-printable soft line breaks, with "=" and "&" in them.
const confirmLink =
  'http://signs.localhost:3210/confirm-account/0b4f6c1e-2a1d-4c0e-9a57-3f1e2d4c5b6a?token=abc_DEF-123=xyz&next=%2Fdashboard';
const resetLink = 'http://dvr.localhost:3210/reset-password?token=Zm9v';

async function render(message: nodemailer.SendMailOptions, newline: 'unix' | 'windows' = 'windows') {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  const info = await transport.sendMail(message);
  return info.message as Buffer;
}

describe('parseMail', () => {
  it('decodes the headers, text and links of a multipart message with non-ASCII text', async () => {
    const raw = await render({
      from: '"CCTV Signs" <no-reply@signs.example>',
      to: 'Zoë Smith <zoe@example.com>',
      subject: 'Confirm your account – CCTV Signs £',
      text: `Hello Zoë,\n\nConfirm your account: ${confirmLink}.\n\nThanks`,
      html: `<p>Hello Zoë</p><a href="${confirmLink.replace('&', '&amp;')}">Confirm</a>`,
    });

    const mail = parseMail(raw);

    expect(mail.from).toBe('CCTV Signs <no-reply@signs.example>');
    expect(mail.to).toBe('Zoë Smith <zoe@example.com>');
    expect(mail.subject).toBe('Confirm your account – CCTV Signs £');
    expect(mail.text).toBe(`Hello Zoë,\n\nConfirm your account: ${confirmLink}.\n\nThanks`);
    expect(mail.html).toContain('<p>Hello Zoë</p>');
    expect(mail.links).toEqual([confirmLink]);
    expect(mail.headers['mime-version']).toBe('1.0');
  });

  it('reads a single-part plain message with several recipients and unix line ends', async () => {
    const raw = await render(
      {
        from: 'a@b.example',
        to: 'x@y.example, w@v.example',
        subject: 'Reset',
        text: `Reset: ${resetLink}\n`,
      },
      'unix',
    );

    const mail = parseMail(raw);

    expect(mail.to).toBe('x@y.example, w@v.example');
    expect(mail.subject).toBe('Reset');
    expect(mail.text).toBe(`Reset: ${resetLink}`);
    expect(mail.html).toBeUndefined();
    expect(mail.links).toEqual([resetLink]);
  });

  it('decodes base64 bodies and skips attachments', async () => {
    const raw = await render({
      from: 'a@b.example',
      to: 'c@d.example',
      subject: 'Sticker order',
      text: `Ordered ✓ ${resetLink}`,
      textEncoding: 'base64',
      attachments: [{ filename: 'order.txt', content: 'not the body http://attachment.example/' }],
    });

    const mail = parseMail(raw);

    expect(mail.text).toBe(`Ordered ✓ ${resetLink}`);
    expect(mail.links).toEqual([resetLink]);
  });
});

describe('waitForMail', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('returns the newest message for the recipient and subject asked for', async () => {
    const write = async (name: string, to: string, subject: string, text: string) =>
      writeFile(join(dir, name), await render({ from: 'no-reply@signs.example', to, subject, text }));
    await write('1.eml', 'ann@example.com', 'Confirm your account', 'first http://signs.localhost/a');
    await write('2.eml', 'bob@example.com', 'Confirm your account', 'other http://signs.localhost/b');

    const pending = waitForMail({ to: 'ANN@example.com', subject: /reset/i }, { dir, timeoutMs: 5_000 });
    await write('3.eml', 'ann@example.com', 'Reset your password', 'reset http://signs.localhost/c');
    const mail = await pending;

    expect(mail.text).toBe('reset http://signs.localhost/c');
    expect(mail.links).toEqual(['http://signs.localhost/c']);
    expect(await readOutbox(dir)).toHaveLength(3);
  });

  it('fails with a list of what the outbox holds when nothing matches', async () => {
    await writeFile(
      join(dir, 'a.eml'),
      await render({ from: 'a@b.example', to: 'ann@example.com', subject: 'Welcome', text: 'hi' }),
    );

    await expect(waitForMail({ to: 'zed@example.com' }, { dir, timeoutMs: 200 })).rejects.toThrow(
      /No mail matching \{"to":"zed@example.com"\}.*\n {2}- to ann@example.com: "Welcome"/,
    );
  });

  it('treats a missing outbox as empty', async () => {
    expect(await readOutbox(join(dir, 'not-yet'))).toEqual([]);
  });
});
