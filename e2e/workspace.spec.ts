import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { api, issueStickers, login, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');
const screenshots = resolve(E2E_DATA_DIR, 'screenshots');

/** A signed-in browser context: the session the sign-in dialog stores. */
async function signIn(context: BrowserContext, token: string, master: boolean): Promise<void> {
  await context.addInitScript(
    ([t, m]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t);
        localStorage.setItem('masterUser', m);
      }
    },
    [token, JSON.stringify(master)] as const,
  );
}

/** A page of a context of its own whose console errors are collected (the fixture guards only `page`). */
async function watchedPage(
  browser: Browser,
  errors: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page };
}

async function checkPage(page: Page, path: string, name: string) {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The start overlay (SPEC.md: about a second) and the page's own data first.
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

test('an operator runs sites, signs and contact details; an invited user edits sites but not the company', async ({
  browser,
  context,
  page,
}) => {
  test.setTimeout(120_000);
  const [first, second] = issueStickers(2);
  if (!first || !second) throw new Error('No stickers issued');
  const operator = await registerOperator(first);
  await signIn(context, operator.token, true);
  const otherErrors: string[] = [];

  // Signed up with the spec's payload, which does not say how long footage is kept: the operator is
  // asked for it, and once it is given the notice is gone.
  await page.goto(`${origin}/your-sites`);
  await expect(page.getByRole('heading', { name: 'Quay Street flats' })).toBeVisible();
  const retention = page.getByRole('region', { name: 'How many days does your recorder keep footage?' });
  await expect(retention).toContainText('Visitors read “Recordings kept: not stated” for this site.');
  await expectNoSeriousA11yViolations(page);
  await retention.getByRole('link', { name: 'Say how long Quay Street flats keeps footage' }).click();
  const days = page.getByRole('spinbutton', { name: 'How many days does your recorder keep footage?' });
  await expect(days).toHaveValue('');
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Enter how many days your recorder keeps footage.' }),
  ).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await days.fill('30');
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(page).toHaveURL(`${origin}/your-sites`);
  await expect(page.getByRole('heading', { name: 'Quay Street flats' })).toBeVisible();
  await expect(retention).toHaveCount(0);

  // A second site, added through the form.
  await page.getByRole('link', { name: 'Add a site' }).first().click();
  await page.getByRole('textbox', { name: 'Site name' }).fill('Harbour Court');
  await page
    .getByRole('textbox', { name: /Key information/ })
    .fill('Crime prevention. Recordings are kept for 14 days.');
  await page.getByRole('spinbutton', { name: 'How many days does your recorder keep footage?' }).fill('14');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page).toHaveURL(`${origin}/your-sites`);
  await expect(page.getByRole('heading', { name: 'Harbour Court' })).toBeVisible();

  // A sticker added to it, and the first sign moved over.
  await page.goto(`${origin}/manage-signs`);
  const harbour = page.getByRole('region', { name: 'Harbour Court' });
  await harbour.getByRole('textbox', { name: 'Sign reference' }).fill(second.signRef);
  await harbour.getByRole('textbox', { name: 'Prefix number' }).fill(second.prefixNo.toLowerCase());
  await harbour.getByRole('button', { name: 'Add sticker' }).click();
  await expect(harbour.getByRole('list', { name: 'Signs of Harbour Court' })).toContainText(second.signRef);
  const quay = page.getByRole('region', { name: 'Quay Street flats' });
  await quay
    .getByRole('combobox', { name: `Move ${first.signRef} to` })
    .selectOption({ label: 'Harbour Court' });
  await quay.getByRole('button', { name: `Move ${first.signRef}` }).click();
  await expect(harbour.getByRole('list', { name: 'Signs of Harbour Court' })).toContainText(first.signRef);
  await expect(quay.getByText('No signs at this site yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Each sign leads to its printable version.
  await harbour.getByRole('link', { name: `Print sign ${second.signRef}` }).click();
  await expect(page).toHaveURL(`${origin}/sign/${second.signRef}/print`);
  await expect(
    page.getByRole('heading', { name: `Sign ${second.signRef}: Riverside Lettings Ltd` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'A3 PDF' })).toBeVisible();

  // Phone and the contact form published, e-mail not; the preview shows exactly that.
  await page.goto(`${origin}/manage-contact`);
  await page.getByRole('checkbox', { name: 'Phone number' }).check();
  await page.getByRole('textbox', { name: 'Phone' }).fill('0117 496 0123');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('office@riverside.example');
  await expect(page.getByRole('checkbox', { name: 'E-mail address' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Contact form' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  const preview = page.getByRole('region', { name: 'Preview of Harbour Court' });
  await expect(preview.getByRole('link', { name: '0117 496 0123' })).toBeVisible();
  await expect(preview).not.toContainText('office@riverside.example');
  await expect(preview).toContainText('A “Contact the operator” form is offered.');
  await expectNoSeriousA11yViolations(page);

  // A visitor's look-up of the moved sign shows exactly the published channels.
  const lookup = await api('GET', `/api/stickers/search/${encodeURIComponent(first.signRef)}`);
  expect(lookup.status).toBe(200);
  const found = (await lookup.json()) as { scheme: { siteName: string; operator: string; contact: unknown } };
  expect(found.scheme).toMatchObject({ siteName: 'Harbour Court', operator: 'Riverside Lettings Ltd' });
  expect(found.scheme.contact).toEqual({
    phone: '0117 496 0123',
    email: null,
    address: null,
    relay: true,
    contactText: null,
  });

  // A second user, invited by e-mail, accepts from the mail.
  const invitee = `invitee-${Date.now().toString(36)}@example.com`;
  await page.goto(`${origin}/company-users`);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectNoSeriousA11yViolations(page);
  const invitation = await waitForMail({ to: invitee, subject: 'invited' }, { dir: outbox });
  const inviteLink = invitation.links.find((l) => l.includes('/accept-invite')) ?? '';
  const { page: visitor } = await watchedPage(browser, otherErrors);
  await visitor.goto(inviteLink);
  await expect(visitor.getByText('Riverside Lettings Ltd')).toBeVisible();
  const userName = `inv${Date.now().toString(36)}`.slice(0, 20);
  await visitor.getByRole('textbox', { name: 'Username' }).fill(userName);
  await visitor.getByLabel('Password', { exact: true }).fill('invited user pass');
  await visitor.getByLabel('Confirm Password', { exact: true }).fill('invited user pass');
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByRole('button', { name: 'Create my account' }).click();
  await expect(visitor.getByRole('status')).toContainText('Your account is ready');

  // The new user edits a site, and is refused the company pages.
  const plainSession = await watchedPage(browser, otherErrors);
  await signIn(plainSession.context, await login(userName, 'invited user pass'), false);
  const plain = plainSession.page;
  await plain.goto(`${origin}/your-sites`);
  await plain.getByRole('link', { name: 'Edit Harbour Court' }).click();
  await plain.getByRole('textbox', { name: 'Who sees the recordings' }).fill('The managing agent');
  await plain.getByRole('button', { name: 'Save site' }).click();
  await expect(plain).toHaveURL(`${origin}/your-sites`);
  for (const path of ['/company-users', '/company', '/manage-contact']) {
    await plain.goto(`${origin}${path}`);
    await expect(plain.getByRole('alert')).toHaveText(
      'Only a master user of your company can open this page.',
    );
  }
  const refused = await api(
    'GET',
    '/api/contact/publication',
    undefined,
    await login(userName, 'invited user pass'),
  );
  expect(refused.status).toBe(403);
  expect(otherErrors).toEqual([]);
});

test('every workspace page reads well on a 375px phone', async ({ context, page }) => {
  const [sticker] = issueStickers(1);
  if (!sticker) throw new Error('No sticker issued');
  const operator = await registerOperator(sticker);
  await signIn(context, operator.token, true);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, name] of [
    ['/your-sites', 'your-sites'],
    ['/site', 'site'],
    ['/manage-signs', 'manage-signs'],
    ['/manage-contact', 'manage-contact'],
    ['/update-details', 'update-details'],
    ['/company', 'company'],
    ['/company-users', 'company-users'],
  ] as const) {
    await checkPage(page, path, name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
