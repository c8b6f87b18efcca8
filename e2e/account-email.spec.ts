import { resolve } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { api, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');
const screenshots = resolve(E2E_DATA_DIR, 'screenshots');

/**
 * A changed e-mail address as its owner meets it: the account page asks for the current
 * password, the old address is told, and the link in that mail undoes the change on a page
 * whose outcome is in view and in focus.
 */
for (const size of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const label = `${size.width}x${size.height}`;

  test(`an e-mail change needs the password and is undone from the old address (${label})`, async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    // The session the cancel ended is answered 401 once, which the browser logs.
    pageErrors.allow(/status of 401/);
    await page.setViewportSize(size);
    const operator = await registerOperator();
    await page.goto(`${origin}/`);
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('masterUser', 'true');
    }, operator.token);

    await page.goto(`${origin}/update-details`);
    const details = page.getByRole('region', { name: 'Your details' });
    const newEmail = `moved-${operator.userName}@example.com`;
    await details.getByRole('textbox', { name: 'E-mail' }).fill(newEmail);
    await details.getByRole('button', { name: 'Save details' }).click();
    const password = details.getByLabel('Current password');
    // The error summary of every form: in view and in focus, its link leads to the field.
    const summary = details.getByRole('alert', { name: 'There is a problem' });
    const problem = 'Please enter your current password to change your e-mail address.';
    await expect(summary.getByRole('link')).toHaveText([problem]);
    await expect(summary).toBeInViewport();
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: problem }).click();
    await expect(password).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    const askedAt = new Date();
    await password.fill(operator.password);
    await details.getByRole('button', { name: 'Save details' }).click();
    const saved = details.getByText(/We have sent a confirmation link to your new e-mail address/);
    await expect(saved).toBeInViewport();
    await expect(saved).toBeFocused();
    await page.screenshot({ path: `${screenshots}/account-email-${label}-saved.png` });

    const notice = await waitForMail(
      { to: operator.email, subject: 'Your e-mail address is being changed', since: askedAt },
      { dir: outbox },
    );
    expect(notice.text).toContain(newEmail);
    const cancelLink = notice.links.find((link) => link.includes('cancelEmailToken='));
    expect(cancelLink).toMatch(new RegExp(`^${origin}/update-details\\?cancelEmailToken=`));

    await page.goto(cancelLink ?? '');
    const heading = page.getByRole('heading', { name: 'E-mail change cancelled' });
    await expect(heading).toBeInViewport();
    const outcome = page.getByRole('status').filter({ has: heading });
    await expect(outcome).toBeFocused();
    await expect(outcome).toContainText('everyone using your account has been signed out');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${screenshots}/account-email-${label}-cancelled.png` });

    expect((await api('GET', '/api/account', undefined, operator.token)).status).toBe(401);
    const login = await api('POST', '/api/users/login', {
      userName: operator.userName,
      password: operator.password,
    });
    const { token } = (await login.json()) as { token: string };
    const account = (await (await api('GET', '/api/account', undefined, token)).json()) as {
      email: string;
      pendingEmail: string | null;
    };
    expect(account).toMatchObject({ email: operator.email, pendingEmail: null });
  });
}
