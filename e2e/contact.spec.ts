import { readFile } from 'node:fs/promises';
import { brandById, brands } from '@app/brands';
import { contactMessages } from '@app/contract/contact';
import { messages } from '@app/contract/messages';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/outbox';

const signs = brandById('signs');
const origin = brandOrigin('signs');

/** The first bytes of a JPEG file (what the server checks), as a camera writes them. */
const photo = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
/** The start of a Windows program ("MZ"), given a PDF's name. */
const program = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), Buffer.alloc(2048)]);

let runId = 0;
/** An address no other test (or earlier run) has used, so its mail is told apart. */
const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${(runId++).toString(36)}@example.com`;

async function open(page: Page, path: string, at = origin) {
  await page.goto(`${at}${path}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** The raw message, so its attachments (not decoded by the outbox reader) can be checked. */
const rawMail = async (file: string) => (await readFile(file, 'latin1')).replace(/\r/g, '');

function attachmentOf(raw: string, filename: string): Buffer | undefined {
  const parts = raw.split(/\n--[^\n]+\n/);
  const part = parts.find((p) => new RegExp(`filename="?${filename.replace('.', '\\.')}"?`).test(p));
  if (!part) return undefined;
  const body = part.slice(part.indexOf('\n\n') + 2).split('\n--')[0] ?? '';
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

test.describe('signs contact form on a phone (375x812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the problems, then the confirmation, are on screen and focused after each send', async ({ page }) => {
    await open(page, '/contact-us');
    const form = page.getByRole('form', { name: signs.contactUsDetails.title });
    const email = uniqueEmail('ada');
    await form.getByLabel(/^Message/).fill('Who looks after the sign on Mill Lane?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeInViewport();
    await expect(summary).toBeFocused();

    await form.getByLabel(/^First Name/).fill('Ada');
    await form.getByLabel(/^Last Name/).fill('King');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Confirm Email/).fill(email);
    await form.getByLabel(/^Subject/).fill('A sign on Mill Lane');
    await form.getByRole('button', { name: 'Send message' }).click();
    const sent = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { name: 'Message sent' }) });
    await expect(sent).toBeInViewport();
    await expect(sent).toBeFocused();
    await expect(sent).toContainText(/Your reference is C-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\./);
  });
});

test.describe('signs contact form', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sends a message with a JPG; the staff mail has the file and the sender gets an acknowledgement', async ({
    page,
  }) => {
    await open(page, '/contact-us');
    await expectNoSeriousA11yViolations(page);
    const form = page.getByRole('form', { name: signs.contactUsDetails.title });
    const email = uniqueEmail('grace');
    await form.getByLabel(/^First Name/).fill('Grace');
    await form.getByLabel(/^Last Name/).fill('Hopper');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Confirm Email/).fill(email);
    await form.getByLabel(/^Subject/).fill('A sign by our back door');
    await form.getByLabel(/^Message/).fill('Please see the attached photo of the sign.');
    await form
      .getByLabel(/^Attachment/)
      .setInputFiles({ name: 'sign.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('sign.jpg');
    const sentAt = new Date();
    await form.getByRole('button', { name: 'Send message' }).click();

    const done = page.getByText(
      /Thank you, your message has been sent\. Your reference is (C-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})\./,
    );
    await expect(done).toBeVisible();
    const reference =
      /C-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const staff = await waitForMail({ to: signs.mail.staffAddress, subject: reference, since: sentAt });
    expect(staff.text).toContain(`From: Grace Hopper <${email}>`);
    expect(staff.text).toContain('Message: Please see the attached photo of the sign.');
    const raw = await rawMail(staff.file);
    expect(attachmentOf(raw, 'sign.jpg')?.equals(photo)).toBe(true);

    const ack = await waitForMail({ to: email, since: sentAt });
    expect(ack.subject).toBe(`We have received your message (${reference})`);
    expect(ack.text).toContain(`Your reference is ${reference}.`);
  });

  test('says what is missing, refuses different e-mails, and keeps what was typed', async ({ page }) => {
    await open(page, '/contact-us');
    const form = page.getByRole('form', { name: signs.contactUsDetails.title });
    await form.getByLabel(/^First Name/).fill('Grace');
    await form.getByLabel(/^Email/).fill('grace@example.com');
    await form.getByLabel(/^Confirm Email/).fill('grace@example.org');
    await form.getByRole('button', { name: 'Send message' }).click();

    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('listitem')).toHaveText([
      contactMessages.requiredField('Last Name'),
      messages.signUp.emailsDoNotMatch,
      contactMessages.requiredField('Subject'),
      contactMessages.requiredField('Message'),
    ]);
    await expect(form.getByLabel(/^Confirm Email/)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(/^First Name/)).toHaveValue('Grace');
    await expectNoSeriousA11yViolations(page);

    await summary.getByRole('link', { name: contactMessages.requiredField('Subject') }).click();
    await expect(form.getByLabel(/^Subject/)).toBeFocused();
  });

  test('refuses a program renamed to .pdf, in the form and at the server', async ({ page, pageErrors }) => {
    await open(page, '/contact-us');
    const form = page.getByRole('form', { name: signs.contactUsDetails.title });
    const input = form.getByLabel(/^Attachment/);
    await input.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: program });
    await expect(page.getByRole('alert')).toHaveText(`Error: ${contactMessages.fileType('invoice.pdf')}`);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

    // A client that skips the form's check gets the same answer from the server, and nothing is kept.
    pageErrors.allow('status of 400');
    const email = uniqueEmail('mallory');
    const reply = await page.evaluate(
      async ({ email, bytes }) => {
        const body = new FormData();
        const fields = {
          firstName: 'Mallory',
          lastName: 'Example',
          email,
          confirmEmail: email,
          subject: 'Invoice',
          message: 'Please open the attached invoice.',
        };
        body.append('data', JSON.stringify(fields));
        body.append(
          'uploadFile',
          new File([new Uint8Array(bytes)], 'invoice.pdf', { type: 'application/pdf' }),
        );
        const response = await fetch('/api/contact-us', { method: 'POST', body });
        return { status: response.status, json: await response.json() };
      },
      { email, bytes: [...program] },
    );
    expect(reply).toEqual({ status: 400, json: { message: contactMessages.fileType('invoice.pdf') } });
    await expect(waitForMail({ to: email }, { timeoutMs: 2000 })).rejects.toThrow(/No mail matching/);
  });
});

test.describe('partnership programme', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an application with a PDF reaches the register staff and is acknowledged', async ({ page }) => {
    await open(page, '/partnership-programme');
    const form = page.getByRole('form', { name: 'Partnership application' });
    const email = uniqueEmail('mary');
    await form.getByLabel(/^Company Name/).fill('Northern Signs Ltd');
    await form.getByLabel(/^Contact Name/).fill('Mary Somerville');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Confirm Email/).fill(email);
    await form.getByLabel(/^Type of partner/).selectOption('Sign maker or printer');
    await form.getByLabel(/^About your business/).fill('We print CCTV signs for shops across Yorkshire.');
    await form.getByLabel(/^Attachment/).setInputFiles({
      name: 'brochure.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const sentAt = new Date();
    await form.getByRole('button', { name: 'Send application' }).click();

    await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();
    const text =
      (await page.getByText(/Your reference is P-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/).textContent()) ?? '';
    const reference = /P-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/.exec(text)?.[0] ?? '';
    const staff = await waitForMail({ to: signs.mail.staffAddress, subject: reference, since: sentAt });
    expect(staff.subject).toContain('Partnership application: Northern Signs Ltd (Sign maker or printer)');
    expect(attachmentOf(await rawMail(staff.file), 'brochure.pdf')?.toString('latin1')).toBe(
      '%PDF-1.4\n%%EOF\n',
    );
    const ack = await waitForMail({ to: email, since: sentAt });
    expect(ack.subject).toBe(`We have received your application (${reference})`);
  });
});

test.describe('contact pages of every brand', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const brand of brands) {
    test(`${brand.id}: the form follows the brand's fields, with no serious accessibility problems`, async ({
      page,
    }) => {
      await open(page, '/contact-us', brandOrigin(brand.id));
      const form = page.getByRole('form', { name: brand.contactUsDetails.title });
      await expect(form).toBeVisible();
      const rules = brand.contactUsDetails.fields;
      await expect(form.getByLabel(/^Attachment/)).toHaveCount(rules.file ? 1 : 0);
      await expect(form.getByRole('group', { name: /^End user or trade/ })).toHaveCount(
        rules.enduserTrade ? 1 : 0,
      );
      await expect(form.getByLabel(/^For the attention of/)).toHaveCount(rules.forAttentionOf ? 1 : 0);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
