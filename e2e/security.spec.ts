import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';

// Any violation of the content security policy is a console error, which fails the test.

test('a brand page arrives with the security headers and runs under its policy', async ({ page }) => {
  const response = await page.goto(`${brandOrigin('dvr')}/`);
  const headers = response?.headers() ?? {};
  // Our own files, and the page's one inline script (it starts the app) by its hash.
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-request-id']).toBeTruthy();
  // Plain HTTP: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('status')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the API documentation works under the same policy', async ({ page }) => {
  await page.goto(`${brandOrigin('signs')}/api/docs`);
  await expect(page.getByRole('heading', { name: /Sign register API/ })).toBeVisible();
  await expect(page.getByText('/api/ready').first()).toBeVisible();
});
