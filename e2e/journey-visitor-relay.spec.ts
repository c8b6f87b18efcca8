import { resolve } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { api, type Operator, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');

/** Where the sign's QR code takes a phone: decoded from the QR image the sign carries. */
async function qrAddress(signRef: string): Promise<string> {
  const png = await api('GET', `/api/signs/${encodeURIComponent(signRef)}/qr.png`);
  expect(png.status).toBe(200);
  const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? '';
  expect(decoded).toBe(`${origin}/sign/${signRef}`);
  return decoded;
}

// A visitor scans the sign's QR code, asks the operator for a copy of footage of themselves,
// and gets the acknowledgement by mail.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Harbourside Leisure Ltd',
        siteName: 'Harbourside car park',
        town: 'Scarborough',
        postcode: 'YO11 1AA',
      });
    });

    test('from the QR code through the relay form to the acknowledgement mail', async ({
      page,
    }, testInfo) => {
      const visitor = `visitor-${screen.name}-${Date.now().toString(36)}@example.net`;
      await page.goto(await qrAddress(operator.signRef));
      await settled(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbourside Leisure Ltd' })).toBeInViewport();
      await shot(page, testInfo, 'visitor-relay-sign-page', screen.name);

      await page.getByRole('link', { name: 'Contact the operator' }).click();
      const form = page.getByRole('form', { name: 'Contact the operator' });
      await expect(form).toBeVisible();

      // Sent too soon: the problems are listed at the top, in view and focused, each a link.
      await form.getByRole('button', { name: 'Send to the operator' }).click();
      const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expectInViewAndFocused(summary);
      await expect(summary.getByRole('link')).toHaveText([
        'Please enter your name.',
        'Please enter a valid e-mail address.',
        'Please write your message.',
      ]);
      await shot(page, testInfo, 'visitor-relay-error-summary', screen.name);
      await summary.getByRole('link', { name: 'Please enter your name.' }).click();
      const name = form.getByLabel(/^Your name/);
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      await name.fill('Sam Walker');
      await form.getByLabel(/^Your e-mail/).fill(visitor);
      await form.getByRole('radio', { name: 'A copy of footage of me' }).check();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await form.getByLabel(/^Date/).fill(yesterday);
      await form.getByLabel(/^From/).fill('14:00');
      await form.getByLabel(/^To\b/).fill('14:30');
      await form.getByLabel(/^Where you were/).fill('By the pay machine');
      await form.getByLabel(/^How the operator can find you/).fill('Red coat, black umbrella');
      await expectNoSeriousA11yViolations(page);
      await form.getByRole('button', { name: 'Send to the operator' }).click();

      // The confirmation replaces the form: on screen (the page got shorter), focused, announced.
      const sent = page.getByRole('status').filter({ hasText: 'Your reference is' });
      await expectInViewAndFocused(sent);
      const reference = ((await sent.locator('strong').textContent()) ?? '').trim();
      expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await shot(page, testInfo, 'visitor-relay-sent', screen.name);
      await expectNoSeriousA11yViolations(page);

      // The acknowledgement: to the visitor, with the reference; the operator's address not in it.
      const acknowledgement = await waitForMail({ to: visitor, subject: reference }, { dir: outbox });
      expect(acknowledgement.to).toContain(visitor);
      expect(acknowledgement.text).toContain(reference);
      expect(acknowledgement.text).not.toContain(operator.email);
      // And the operator has it, with the same reference.
      const toOperator = await waitForMail({ to: operator.email, subject: reference }, { dir: outbox });
      expect(toOperator.text).toContain(reference);
    });
  });
}
