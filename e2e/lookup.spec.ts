import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { api, type OperatorDetails, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');

/** The operator whose sign the visitor reads. */
const quayside: Partial<OperatorDetails> = {
  companyName: 'Quayside Parking Ltd',
  title: 'Ms',
  firstname: 'Ada',
  surname: 'Quay',
  address1: '1 Harbour Road',
  town: 'Whitby',
  postcode: 'YO21 1AA',
  county: 'North Yorkshire (England)',
  tel: '01947 000000',
  siteName: 'Harbour car park',
  keyInfo:
    'For the safety of visitors and the prevention of crime. Recordings are overwritten every 30 days.',
  retentionDays: 30,
};

/** The UK calendar date of an instant, as a date box holds it. */
const ukDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

async function settle(page: Page) {
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
}

test('a visitor finds the operator by the reference, contacts them, and the operator sees the request', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const operator = await registerOperator(undefined, quayside);
  const typed = operator.signRef.toLowerCase().replaceAll('-', '');

  // The reference as typed from the sign: lower case, no hyphens.
  await page.goto(`${origin}/search-scheme`);
  await settle(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('The reference on the sign').fill(typed);
  await page.getByRole('button', { name: 'Find the operator' }).click();
  await expect(page).toHaveURL(`${origin}/sign/${operator.signRef}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quayside Parking Ltd' })).toBeVisible();
  await expect(page.getByText('Harbour car park, Whitby, YO21 1AA')).toBeVisible();
  await expect(page.getByText('30 days', { exact: true })).toBeVisible();
  // Registered a moment ago: the details count as confirmed at sign-up, so no out-of-date mark.
  await expect(page.getByText('These details may be out of date.')).toHaveCount(0);
  await expect(page.getByText(operator.email)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The QR code's PNG, decoded, is the address of this page on the signs domain.
  const png = await api('GET', `/api/signs/${typed}/qr.png`);
  const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  expect(decoded).toBe(`${origin}/sign/${operator.signRef}`);
  await page.goto(decoded ?? '');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Quayside Parking Ltd' })).toBeVisible();

  // A request for a copy of footage of the visitor.
  const recorded = ukDate(new Date(Date.now() - 2 * 86_400_000));
  const visitor = `visitor-${Date.now().toString(36)}@example.net`;
  await page.getByRole('link', { name: 'Contact the operator' }).click();
  await page.getByLabel('Your name').fill('Sam Walker');
  await page.getByLabel('Your e-mail').fill(visitor);
  await page.getByLabel('A copy of footage of me').check();
  await page.getByRole('textbox', { name: /^Date/ }).fill(recorded);
  await page.getByRole('textbox', { name: /^From/ }).fill('14:00');
  await page.getByRole('textbox', { name: /^To\b/ }).fill('14:30');
  await page.getByLabel('Where you were').fill('By the pay machine');
  await page.getByLabel('How the operator can find you in the recording').fill('Red coat, black umbrella');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send to the operator' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Your reference is' });
  await expect(status).toBeVisible();
  const reference = ((await status.locator('strong').textContent()) ?? '').trim();
  expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

  const toOperator = await waitForMail({ to: operator.email, subject: reference }, { dir: outbox });
  expect(toOperator.text).toContain('Red coat, black umbrella');
  expect(toOperator.text).toContain('Save the footage before');
  expect(toOperator.links.some((link) => /\/requests\/\d+$/.test(link))).toBe(true);
  const acknowledgement = await waitForMail({ to: visitor, subject: reference }, { dir: outbox });
  expect(acknowledgement.text).toContain(`Your reference: ${reference}`);
  expect(acknowledgement.text).toContain('Quayside Parking Ltd');
  expect(acknowledgement.text).not.toContain(operator.email);
  // Our words to "you", never what the visitor typed.
  expect(acknowledgement.text).not.toContain('Red coat, black umbrella');

  // The operator's desk: the request as a card, its dates beside it.
  await page.evaluate(
    ({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('masterUser', 'true');
      localStorage.setItem('userId', String(userId));
    },
    { token: operator.token, userId: operator.userId },
  );
  await page.goto(`${origin}/requests`);
  await settle(page);
  const card = page.getByRole('listitem').filter({ hasText: reference });
  await expect(card).toContainText('Sam Walker');
  await expect(card).toContainText('Answer by');
  await expect(card).toContainText('Footage overwritten');
  await expectNoSeriousA11yViolations(page);
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sign page fits a phone, and unknown or unregistered references say so', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allow(/404/);
    const operator = await registerOperator(undefined, quayside);
    await page.goto(`${origin}/sign/${operator.signRef}`);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Quayside Parking Ltd' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('sign-page-375.png'), fullPage: true });

    await page.goto(`${origin}/sign/ZZZZ-ZZZZ-ZZZZ`);
    await settle(page);
    await expect(page.getByText('No sign has that reference.')).toBeVisible();

    // Both words: the shared test database holds many rows near "quayside" (Quay Street, …), and the
    // results are the best few, so one word alone may rank this operator past them.
    await page.goto(`${origin}/search?q=quayside%20parking`);
    await settle(page);
    await expect(page.getByRole('link', { name: 'Quayside Parking Ltd' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${origin}/sign/${operator.signRef}/print`);
    await settle(page);
    const pdf = await api('GET', `/api/signs/${operator.signRef}/print.pdf?size=A3`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await expect(page.getByRole('link', { name: 'A3 PDF' })).toHaveAttribute('href', /size=A3/);
    await expectNoSeriousA11yViolations(page);
  });
});
