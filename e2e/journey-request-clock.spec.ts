import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { definitionOf, SCREENS, settled, shot, throttleLikeAPhone } from './support/journey';
import { movedClockServer } from './support/moved-clock';
import { api, type Operator, registerOperator, requestIdOnDesk } from './support/operator';
import { type Mail, readOutbox, waitForMail } from './support/outbox';

// A month and a half passes with a footage request unanswered. The server is one of this spec's
// own, whose request desk's clock is moved forward between two starts on the same database (the
// reminder jobs are rows that outlive the restart: docs/decisions/0043).
const server = movedClockServer();
const origin = brandOrigin('signs', server);
const outbox = resolve(server.dataDir, 'outbox');
const LATER_DAYS = 45;
const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

let operator: Operator;
let request: { reference: string; id: number };
let visitorEmail: string;
let reminder: Mail;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await server.startAt(0);
  operator = await registerOperator(
    undefined,
    {
      companyName: 'Harbour Lane Garages Ltd',
      siteName: 'Harbour Lane lock-ups',
      town: 'Whitby',
      postcode: 'YO21 1DN',
      county: 'North Yorkshire (England)',
      retentionDays: 31,
    },
    server,
  );
  visitorEmail = `jo-${Date.now().toString(36)}@example.net`;
  const sent = await api(
    'POST',
    `/api/signs/${operator.signRef}/contact`,
    {
      name: 'Jo Hartley',
      email: visitorEmail,
      kind: 'footage',
      footageDate: isoDay(new Date()),
      timeFrom: '08:00',
      timeTo: '08:30',
      description: 'Green jacket, parking a blue hatchback',
    },
    undefined,
    server,
  );
  expect(sent.status).toBe(200);
  const { reference } = (await sent.json()) as { reference: string };
  request = { reference, id: await requestIdOnDesk(operator, reference, server) };

  // 45 days on, nobody has answered: the reminder sweep tells the master user once.
  await server.startAt(LATER_DAYS);
  reminder = await waitForMail(
    { to: operator.email, subject: `${reference}: Answer overdue since` },
    { dir: outbox, timeoutMs: 30_000 },
  );
});

test.afterAll(async () => {
  await server.stop();
});

/** A link from a mail, opened as a mail program opens it: a new page load. */
async function openFromMail(page: Page, link: string | undefined) {
  expect(link).toBeDefined();
  await page.goto('about:blank');
  await page.goto(link ?? '');
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    test('an overdue request shown and reminded, and an extension refused after the first month', async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      // The reminder names the request and links to it.
      expect(reminder.text).toContain(`Answer overdue since`);
      expect(reminder.text).toContain(`request ${request.reference} about Harbour Lane lock-ups`);
      const link = reminder.links.find((l) => l.endsWith(`/requests/${request.id}`));
      expect(link?.startsWith(origin)).toBe(true);

      await openFromMail(page, link);
      await settled(page);
      await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
      await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const answerBy = definitionOf(page, 'Answer by');
      await expect(answerBy).toContainText('Overdue');
      await expect(answerBy).toContainText('one month from receipt');
      await expect(answerBy).toBeInViewport();
      // The footage was never marked saved, and its overwrite date has gone by.
      await expect(definitionOf(page, 'Footage overwritten')).toContainText('Past');
      await shot(page, testInfo, 'request-overdue', screen.name);

      // Too late to extend: the step is not offered, and the page says why.
      await expect(page.getByRole('radio', { name: 'Extend by two months' })).toHaveCount(0);
      const refused = page.getByText(
        'Extend by two months is not possible: too late, as an extension had to be asked for by',
      );
      // The footage and release sections above it load on their own and grow when they do: scroll
      // to the reason once the page has settled, as a person reads it.
      await expect(page.getByText('No footage or stills uploaded to this request yet.')).toBeVisible();
      await expect(page.getByText('Nothing has been released to the visitor yet.')).toBeVisible();
      await refused.scrollIntoViewIfNeeded();
      await expect(refused).toBeInViewport();
      await shot(page, testInfo, 'request-extension-too-late', screen.name);
      await expectNoSeriousA11yViolations(page);

      // The desk's "Overdue" filter lists it.
      await page.getByRole('link', { name: 'Back to the request desk' }).click();
      await page
        .getByRole('navigation', { name: 'Show requests' })
        .getByRole('link', { name: /^Overdue/ })
        .click();
      const card = page.getByRole('list', { name: 'Requests: Overdue' }).getByRole('link', {
        name: new RegExp(`^${request.reference}`),
      });
      await expect(card).toBeInViewport();
      await shot(page, testInfo, 'request-desk-overdue', screen.name);
      await expectNoSeriousA11yViolations(page);

      // The reminder was sent once, though the server started twice.
      const overdueMails = (await readOutbox(outbox)).filter(
        (mail) =>
          mail.to === operator.email && mail.subject.startsWith(`${request.reference}: Answer overdue`),
      );
      expect(overdueMails).toHaveLength(1);
    });

    test('the visitor whose answer is overdue reads where to complain', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      if (screen.name === 'phone') await throttleLikeAPhone(page);
      const ack = await waitForMail({ to: visitorEmail, subject: request.reference }, { dir: outbox });
      await openFromMail(
        page,
        ack.links.find((l) => l.includes(`/request/${request.reference}#`)),
      );
      const next = page.getByText('The answer was due on', { exact: false });
      await expect(next).toBeInViewport();
      await expect(next).toContainText("complain to the Information Commissioner's Office (ICO)");
      await shot(page, testInfo, 'request-visitor-overdue', screen.name);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
