import { resolve } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { api, registerOperator } from './support/operator';

const origin = brandOrigin('signs');
const screenshots = resolve(E2E_DATA_DIR, 'screenshots');

/**
 * Log Out as an operator takes it, from the home page: signed in through the dialog, the sites on
 * /your-sites, then Log Out. The token the browser held (read before logging out, as a thief with
 * a copy of it would have it) is refused by the API, and put back into a browser it no longer
 * opens /your-sites.
 */
for (const size of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const label = `${size.width}x${size.height}`;

  test(`Log Out ends the session on the server: the old token is refused and shows no data (${label})`, async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    // The old token put back into the browser is answered 401, which the browser logs.
    pageErrors.allow(/status of 401/);
    await page.setViewportSize(size);
    const operator = await registerOperator();

    await page.goto(`${origin}/`);
    await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
    // The overlay leaves a second after the first paint, app or not: wait for the app too.
    await expect(page.locator('html[data-app]')).toHaveCount(1);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
    await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${origin}/your-sites`);
    const site = page.getByRole('heading', { name: 'Quay Street flats' });
    await expect(site).toBeVisible();
    await page.screenshot({ path: `${screenshots}/journey-logout-${label}-signed-in.png` });

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const oldToken = token ?? '';
    expect((await api('GET', '/api/account', undefined, oldToken)).status).toBe(200);

    await page.getByRole('banner').getByRole('button', { name: 'My account', exact: true }).click();
    const logOut = page.getByRole('button', { name: 'Log Out' });
    await expect(logOut).toBeInViewport();
    await logOut.click();
    await expect(page).toHaveURL(`${origin}/`);
    const signInButton = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeInViewport();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.screenshot({ path: `${screenshots}/journey-logout-${label}-logged-out.png` });

    // The server refuses the old token for every call, not only the browser forgetting it.
    await expect.poll(async () => (await api('GET', '/api/account', undefined, oldToken)).status).toBe(401);
    for (const path of [`/api/sites/user/${operator.userId}`, `/api/users/${operator.userId}`]) {
      const res = await api('GET', path, undefined, oldToken);
      expect(res.status, path).toBe(401);
    }

    // The old token put back into the browser does not open the operator's sites.
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('masterUser', 'true');
    }, oldToken);
    await page.goto(`${origin}/your-sites`);
    await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
    // The overlay leaves a second after the first paint, app or not: wait for the app too.
    await expect(page.locator('html[data-app]')).toHaveCount(1);
    await expect(signInButton).toBeVisible();
    await expect(site).toHaveCount(0);
    await expect(page.getByText(operator.signRef)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${screenshots}/journey-logout-${label}-old-token.png`, fullPage: true });
  });
}
