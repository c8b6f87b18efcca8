import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { type Operator, registerOperator, requestIdOnDesk } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');
const DAY = 86_400_000;
const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

/** The operator signs in from the dialog a page of the desk opens for a signed-out reader. */
async function signInHere(page: Page, operator: Operator) {
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// A police officer asks for footage from a sign's page with the police's own form; the operator
// declines it with reasons chosen and written. DPA 2018 Schedule 2 paragraph 2 permits disclosure
// for crime, it does not require it: the decision and why are recorded in the request's history,
// and the officer reads it on their private page (docs/decisions/0052).
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Lantern Row Parking Ltd',
        siteName: 'Lantern Row car park',
        town: 'Leeds',
        postcode: 'LS1 4AP',
        county: 'West Yorkshire (England)',
        retentionDays: 31,
      });
    });

    test('an officer files from the sign, the operator declines with reasons, the officer reads it', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const officer = `dana-${screen.name}-${Date.now().toString(36)}@westyorkshire.police.example`;

      await page.goto(`${origin}/sign/${operator.signRef}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lantern Row Parking Ltd' })).toBeVisible();
      await settled(page);
      await page.getByRole('link', { name: 'I am from the police, an insurer or a solicitor' }).click();
      const form = page.getByRole('form', { name: 'Ask for footage' });
      await expect(form.getByRole('radio', { name: 'The police' })).toBeChecked();
      await form.getByLabel(/^Officer's name/).fill('PC Dana Wells');
      await form.getByLabel(/^Collar number/).fill('4821');
      await form.getByLabel(/^Force/).fill('West Yorkshire Police');
      await form.getByLabel(/^Station/).fill('Leeds District');
      await form.getByLabel(/^Work e-mail/).fill(officer);
      await form.getByLabel(/^Crime reference/).fill('13/120345/26');
      await form.getByLabel(/^Offence/).fill('Theft from a motor vehicle');
      await form
        .getByRole('textbox', { name: /^Date of the incident/ })
        .fill(isoDay(new Date(Date.now() - DAY)));
      await form.getByRole('textbox', { name: /^Time/ }).fill('22:15');
      await form.getByLabel(/^Where it happened/).fill('Level 1, by the exit barrier');
      await form.getByLabel(/^Authorising officer's name/).fill('Sam Okafor');
      await form.getByLabel(/^Authorising officer's rank/).selectOption('inspector');
      await expect(
        form.getByText('The request must be authorised by an officer of inspector rank or above.'),
      ).toBeVisible();
      await form.getByLabel(/^The footage you need/).fill('Level 1 and the exit barrier, 22:00 to 22:40.');
      await shot(page, testInfo, 'third-party-police-form', screen.name);
      await form.getByRole('button', { name: 'Send to the operator' }).click();
      const sent = page.getByRole('status').filter({ hasText: 'Request sent' });
      await expectInViewAndFocused(sent);
      const reference = ((await sent.locator('strong').textContent()) ?? '').trim();
      expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await shot(page, testInfo, 'third-party-police-sent', screen.name);
      await expectNoSeriousA11yViolations(page);

      // The officer's private link comes by mail to the work address given.
      const ack = await waitForMail({ to: officer, subject: reference }, { dir: outbox });
      expect(ack.subject).toBe(`Your request ${reference} to Lantern Row Parking Ltd`);

      // The operator reads what the officer gave and declines, with reasons chosen and written.
      const id = await requestIdOnDesk(operator, reference);
      const desk = await browser.newContext({ viewport: screen.viewport });
      const op = await desk.newPage();
      await op.goto(`${origin}/requests/${id}`);
      await settled(op);
      await signInHere(op, operator);
      const panel = op.getByRole('region', { name: 'The police' });
      await expect(panel.getByText('13/120345/26')).toBeVisible();
      await expect(panel.getByText('West Yorkshire Police')).toBeVisible();
      const decide = op.getByRole('form', { name: 'Decide' });
      await decide.getByRole('radio', { name: 'Decline', exact: true }).check();
      await expect(decide.getByRole('radio', { name: /paragraph 2\)$/ })).toBeChecked();
      await decide.getByLabel('The request is too broad or not specific enough').check();
      await decide.getByLabel('Not authorised at inspector rank or above').check();
      await decide
        .getByLabel('Why, in your own words')
        .fill('The authorising officer must be an inspector; please send the request again with one.');
      await shot(op, testInfo, 'third-party-operator-decide', screen.name);
      await decide.getByRole('button', { name: 'Record the decision' }).click();
      await expectInViewAndFocused(
        op.getByRole('status').filter({ hasText: 'Declined: the requester has been told.' }),
      );
      await expect(panel.getByText('Declined', { exact: true })).toBeVisible();
      const history = op.getByRole('region', { name: 'Messages and history' });
      await expect(history.getByText('third_party_declined')).toBeVisible();
      await expect(
        history.getByText('please send the request again with one', { exact: false }),
      ).toBeVisible();
      await history.getByText('third_party_declined').scrollIntoViewIfNeeded();
      await shot(op, testInfo, 'third-party-operator-history', screen.name);
      await expectNoSeriousA11yViolations(op);

      // The company's disclosure log records the decision: declined, on what basis, and why.
      await op.goto(`${origin}/company/disclosure-log`);
      await settled(op);
      const entry = op.getByRole('row').filter({ hasText: reference });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText('Declined');
      await expect(entry).toContainText('DPA 2018, Schedule 2, paragraph 2');
      await expect(entry).toContainText('Not authorised at inspector rank or above');
      await entry.scrollIntoViewIfNeeded();
      await shot(op, testInfo, 'third-party-log-declined', screen.name);

      // The officer hears something changed (not the reasons), and reads them on their page.
      const news = await waitForMail(
        { to: officer, subject: `News about your request ${reference}` },
        { dir: outbox },
      );
      expect(news.text).toContain('has declined to disclose the footage you asked for');
      expect(news.text).not.toContain('inspector');
      await page.goto('about:blank');
      await page.goto(news.links.find((link) => link.includes(`/request/${reference}#`)) ?? '');
      await settled(page);
      await expect(
        page.getByText(
          'Lantern Row Parking Ltd has declined to disclose the footage. Their reasons are below.',
        ),
      ).toBeVisible();
      await expect(page.getByText('please send the request again with one', { exact: false })).toBeVisible();
      await shot(page, testInfo, 'third-party-officer-declined', screen.name);
      await desk.close();
    });
  });
}
