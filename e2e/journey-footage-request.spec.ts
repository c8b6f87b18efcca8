import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import {
  definitionOf,
  expectInViewAndFocused,
  SCREENS,
  settled,
  shot,
  throttleLikeAPhone,
} from './support/journey';
import { api, type Operator, registerOperator, requestIdOnDesk } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');
const DAY = 86_400_000;
const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

/** A JPEG as a phone's camera makes it: its first bytes are what the API checks. */
const photo = {
  name: 'driving-licence.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
    Buffer.alloc(64),
  ]),
};

/** A link from a mail, opened as a mail program opens it: a new page load, not a jump within this one. */
async function openFromMail(page: Page, link: string | undefined) {
  expect(link).toBeDefined();
  await page.goto('about:blank');
  await page.goto(link ?? '');
}

/** The operator signs in from the dialog a page of the desk opens for a signed-out reader. */
async function signInHere(page: Page, operator: Operator) {
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Chooses a next step on a request's page and sends it with these words. */
async function takeStep(page: Page, step: string, words?: { label: string; text: string }) {
  await page.getByRole('radio', { name: step, exact: true }).check();
  const form = page.getByRole('form', { name: step });
  if (words) await form.getByLabel(words.label).fill(words.text);
  await form.getByRole('button', { name: step }).click();
  const done = page.getByRole('status').filter({ hasText: `${step}: done.` });
  await expectInViewAndFocused(done);
  return done;
}

// A visitor scans a sign's QR code on a phone and asks for footage of themselves; the operator
// saves it, asks who they are, gets the proof and answers; the visitor follows it on their page.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Riverbank Storage Ltd',
        siteName: 'Riverbank yard',
        town: 'Selby',
        postcode: 'YO8 4AA',
        county: 'North Yorkshire (England)',
        retentionDays: 31,
      });
    });

    test('a footage request from the QR code to the answer, on the visitor’s page and the desk', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      if (screen.name === 'phone') await throttleLikeAPhone(page);
      const visitor = `sam-${screen.name}-${Date.now().toString(36)}@example.net`;
      const recorded = isoDay(new Date(Date.now() - 3 * DAY));

      // The QR code's address, opened on the phone.
      await page.goto(`${origin}/sign/${operator.signRef}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Riverbank Storage Ltd' })).toBeVisible();
      // The app's richer form (a tap before it arrives is e2e/journey-slow-phone.spec.ts).
      await settled(page);
      await page.getByRole('link', { name: 'Contact the operator' }).click();
      const form = page.getByRole('form', { name: 'Contact the operator' });
      await form.getByLabel('A copy of footage of me').check();
      await form.getByLabel('Your name').fill('Sam Walker');
      await form.getByLabel('Your e-mail').fill(visitor);
      await form.getByRole('textbox', { name: /^Date/ }).fill(recorded);
      await form.getByRole('textbox', { name: /^From/ }).fill('14:00');
      await form.getByRole('textbox', { name: /^To\b/ }).fill('14:30');
      await form.getByLabel('Where you were').fill('By the gate');
      await form
        .getByLabel('How the operator can find you in the recording')
        .fill('Red coat, black umbrella');
      await form.getByLabel('A copy of the recording').check();
      await shot(page, testInfo, 'footage-request-form', screen.name);
      await form.getByRole('button', { name: 'Send to the operator' }).click();
      const sent = page.getByRole('status').filter({ hasText: 'Request sent' });
      await expectInViewAndFocused(sent);
      const reference = ((await sent.locator('strong').textContent()) ?? '').trim();
      expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await shot(page, testInfo, 'footage-request-sent', screen.name);

      // The acknowledgement names the operator and carries the private link.
      const ack = await waitForMail({ to: visitor, subject: reference }, { dir: outbox });
      expect(ack.subject).toBe(`Your request ${reference} to Riverbank Storage Ltd`);
      expect(ack.text).toContain('https://ico.org.uk/make-a-complaint');
      const privateLink = ack.links.find((link) => link.startsWith(`${origin}/request/${reference}#`));
      expect(privateLink).toBeDefined();

      await page.goto(privateLink ?? '');
      const state = definitionOf(page, 'State');
      await expect(state).toHaveText('Received');
      const due = definitionOf(page, 'The operator must answer by');
      await expect(due).toContainText('one month from receipt');
      await due.scrollIntoViewIfNeeded();
      await expect(due).toBeInViewport();
      // The secret is kept for this tab, and taken out of the address bar.
      await expect(page).toHaveURL(`${origin}/request/${reference}`);
      await shot(page, testInfo, 'footage-request-visitor-received', screen.name);
      await expectNoSeriousA11yViolations(page);

      // The operator opens the link in their mail, signs in, and lands on the request itself.
      const toOperator = await waitForMail({ to: operator.email, subject: reference }, { dir: outbox });
      expect(toOperator.text).toContain('Save the footage before');
      const deskLink = toOperator.links.find((link) => /\/requests\/\d+$/.test(link)) ?? '';
      const desk = await browser.newContext({ viewport: screen.viewport });
      const op = await desk.newPage();
      await op.goto(deskLink);
      await settled(op);
      await signInHere(op, operator);
      await expect(op).toHaveURL(deskLink);
      await expect(op.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
      await expect(op.getByText('Save the footage before', { exact: false }).first()).toBeVisible();

      // Footage saved: the one obvious action first.
      await op.getByLabel('Exported from the recorder').check();
      await op.getByLabel('Where it is, or anything to remember').fill('USB stick in the office safe');
      await op.getByRole('button', { name: 'Footage saved' }).click();
      await expectInViewAndFocused(op.getByRole('status').filter({ hasText: 'Footage marked as saved.' }));
      await shot(op, testInfo, 'footage-request-operator-saved', screen.name);

      // Who is asking? Proof of identity.
      await takeStep(op, 'Ask for proof of identity', {
        label: 'What you ask the visitor to send',
        text: 'Please send a photo of your driving licence, so that we give the footage to the right person.',
      });
      await expect(definitionOf(op, 'State')).toHaveText('Waiting for proof of identity');
      await shot(op, testInfo, 'footage-request-operator-asked', screen.name);

      // The visitor hears something changed (not what), opens the page, and sends the photo.
      const news = await waitForMail(
        { to: visitor, subject: `News about your request ${reference}` },
        { dir: outbox },
      );
      expect(news.text).not.toContain('driving licence');
      await openFromMail(
        page,
        news.links.find((link) => link.includes(`/request/${reference}#`)),
      );
      await expect(definitionOf(page, 'State')).toHaveText('Waiting for proof of identity');
      await expect(
        page.getByText('Please send a photo of your driving licence', { exact: false }),
      ).toBeVisible();
      const proof = page.getByRole('form', { name: 'Send proof of identity' });
      await proof.getByLabel(/^Proof of identity or authority/).setInputFiles(photo);
      await proof.getByRole('button', { name: 'Send the file' }).click();
      await expectInViewAndFocused(page.getByRole('status').filter({ hasText: 'Your file has been sent.' }));
      await expect(definitionOf(page, 'State')).toHaveText('Being dealt with');
      // The month runs from the day the proof arrived (today, as the request did), with its reason.
      const newDue = definitionOf(page, 'The operator must answer by');
      await expect(newDue).toContainText(/due \d{1,2} \w+ \d{4}: one month from/);
      await newDue.scrollIntoViewIfNeeded();
      await expect(newDue).toBeInViewport();
      await shot(page, testInfo, 'footage-request-visitor-new-due-date', screen.name);

      // The operator answers: footage disclosed, the drafted letter edited.
      await op.reload();
      await settled(op);
      await expect(definitionOf(op, 'State')).toHaveText('Being dealt with');
      await expect(op.getByRole('link', { name: 'driving-licence.jpg' })).toBeVisible();
      await op.getByRole('radio', { name: 'Answer', exact: true }).check();
      await op.getByLabel('Footage disclosed').check();
      const letter = op.getByLabel('The reply letter');
      await expect(letter).toHaveValue(/ico\.org\.uk\/make-a-complaint/);
      await letter.fill(
        `Dear Sam Walker,\n\nYour request ${reference}: the footage of you by the gate is ready. We will send it to you securely.\n\nIf you are unhappy with this answer you can complain to the Information Commissioner's Office: https://ico.org.uk/make-a-complaint\n\nRiverbank Storage Ltd`,
      );
      await op.getByRole('button', { name: 'Send the answer' }).click();
      await expectInViewAndFocused(op.getByRole('status').filter({ hasText: 'Answer: done.' }));
      await expect(definitionOf(op, 'State')).toHaveText('Answered: Footage disclosed');
      await shot(op, testInfo, 'footage-request-operator-answered', screen.name);
      await expectNoSeriousA11yViolations(op);

      // The visitor sees the outcome and the letter.
      await page.reload();
      await expect(definitionOf(page, 'State')).toHaveText('Answered');
      await expect(page.getByText('has answered: Footage disclosed', { exact: false })).toBeInViewport();
      await expect(page.getByText('the footage of you by the gate is ready', { exact: false })).toBeVisible();
      await shot(page, testInfo, 'footage-request-visitor-answered', screen.name);
      await desk.close();
    });

    test('a complaint acknowledged, an extension told within the first month, and a withdrawal', async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const stamp = `${screen.name}-${Date.now().toString(36)}`;
      const send = async (body: Record<string, unknown>) => {
        const res = await api('POST', `/api/signs/${operator.signRef}/contact`, body);
        expect(res.status).toBe(200);
        const { reference } = (await res.json()) as { reference: string };
        return { reference, id: await requestIdOnDesk(operator, reference) };
      };
      const complaint = await send({
        name: 'Alex Byrne',
        email: `alex-${stamp}@example.net`,
        kind: 'complaint',
        message: 'The camera on the corner points into my kitchen.',
      });
      const footage = await send({
        name: 'Chris Ndlovu',
        email: `chris-${stamp}@example.net`,
        kind: 'footage',
        footageDate: isoDay(new Date(Date.now() - DAY)),
        timeFrom: '06:30',
        timeTo: '07:00',
        description: 'White van, delivering',
      });
      const question = await send({
        name: 'Robin Price',
        email: `robin-${stamp}@example.net`,
        kind: 'question',
        message: 'Who sees the recordings?',
      });

      // The desk, from where the operator lands after sign-in.
      await page.goto(`${origin}/requests/${complaint.id}`);
      await settled(page);
      await signInHere(page, operator);
      await expect(page.getByText('Acknowledge the complaint by', { exact: false }).first()).toBeVisible();
      await takeStep(page, 'Acknowledge the complaint');
      await shot(page, testInfo, 'request-desk-complaint-acknowledged', screen.name);
      const acknowledged = await waitForMail(
        { to: `alex-${stamp}@example.net`, subject: `News about your request ${complaint.reference}` },
        { dir: outbox },
      );
      expect(acknowledged.text).toContain('acknowledged your complaint');

      // An extension, with its reasons, within the first month.
      await page.goto(`${origin}/requests/${footage.id}`);
      await settled(page);
      await takeStep(page, 'Extend by two months', {
        label: 'The reasons, as the visitor will read them',
        text: 'Your request covers eleven cameras over two days, and we must blur the other people in them.',
      });
      await expect(definitionOf(page, 'State')).toHaveText('Extended');
      await expect(page.getByRole('radio', { name: 'Extend by two months' })).toHaveCount(0);
      await shot(page, testInfo, 'request-desk-extended', screen.name);
      const told = await waitForMail(
        { to: `chris-${stamp}@example.net`, subject: `News about your request ${footage.reference}` },
        { dir: outbox },
      );
      await openFromMail(
        page,
        told.links.find((link) => link.includes(`/request/${footage.reference}#`)),
      );
      await expect(definitionOf(page, 'Extended')).toContainText('eleven cameras');
      await expect(definitionOf(page, 'The operator must answer by')).toBeVisible();

      // The visitor who asked a question withdraws it.
      const ack = await waitForMail(
        { to: `robin-${stamp}@example.net`, subject: question.reference },
        { dir: outbox },
      );
      await openFromMail(
        page,
        ack.links.find((link) => link.includes(`/request/${question.reference}#`)),
      );
      await page.getByRole('button', { name: 'Withdraw the request' }).click();
      await expect(page.getByText('Withdraw your request?')).toBeInViewport();
      await page.getByRole('button', { name: 'Yes, withdraw it' }).click();
      await expect(definitionOf(page, 'State')).toHaveText('Withdrawn');
      await expect(page.getByText('You withdrew this request.')).toBeInViewport();
      await shot(page, testInfo, 'request-visitor-withdrawn', screen.name);
    });
  });
}
