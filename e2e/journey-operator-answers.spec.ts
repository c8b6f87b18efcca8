import { resolve } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { britishToday, SCREENS, settled, shot } from './support/journey';
import { api, type Operator, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');

// An operator reads a visitor's request in their mail, opens its link, signs in from there and
// marks the request answered.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;
    let reference: string;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Riverbank Storage Ltd',
        siteName: 'Riverbank yard',
        town: 'Selby',
        postcode: 'YO8 4AA',
      });
      // A visitor's question, sent through the register as the sign page sends it.
      const sent = await api('POST', `/api/signs/${operator.signRef}/contact`, {
        name: 'Priya Shah',
        email: `priya-${screen.name}-${Date.now().toString(36)}@example.net`,
        kind: 'question',
        message: 'Is the yard watched at night?',
      });
      expect(sent.status).toBe(200);
      reference = ((await sent.json()) as { reference: string }).reference;
    });

    test('from the relay mail’s link, through Sign In, to the request marked answered', async ({
      page,
    }, testInfo) => {
      const mail = await waitForMail({ to: operator.email, subject: reference }, { dir: outbox });
      expect(mail.to).toContain(operator.email);
      expect(mail.subject).toContain(reference);
      expect(mail.text).toContain(reference);
      const links = mail.links.filter((link) => link.startsWith(origin));
      expect(links).toContain(`${origin}/requests`);

      // Each of the mail's links opens a page of the site, signed out as a mail reader is.
      for (const link of links) {
        const res = await page.goto(link);
        expect(res?.status()).toBe(200);
      }
      await page.goto(`${origin}/requests`);
      await settled(page);
      const gate = page.getByRole('status').filter({ hasText: 'Please sign in to see your requests.' });
      await expect(gate).toBeInViewport();
      const signIn = page.getByRole('main').getByRole('button', { name: 'Sign In' });
      await expect(signIn).toBeInViewport();
      await shot(page, testInfo, 'operator-answers-signed-out', screen.name);

      await signIn.click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
      await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Back on the page the mail linked to, not /your-sites.
      await expect(page).toHaveURL(`${origin}/requests`);
      await settled(page);

      const row = page.getByRole('row').filter({ hasText: reference });
      await expect(row).toContainText('Priya Shah');
      await expect(row).toContainText('Open');
      await row.scrollIntoViewIfNeeded();
      await expect(row.getByRole('rowheader', { name: reference })).toBeInViewport();
      await shot(page, testInfo, 'operator-answers-requests', screen.name);

      await row.getByRole('button', { name: `Mark answered ${reference}` }).click();
      const answered = row.getByText(`Answered ${britishToday()}`);
      await expect(answered).toBeInViewport();
      await expect(row.getByRole('button', { name: `Reopen ${reference}` })).toBeVisible();
      await shot(page, testInfo, 'operator-answers-answered', screen.name);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
