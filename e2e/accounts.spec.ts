import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/outbox';
import { fillDetailsStep, fillLoginStep, fillStickerStep, openSignUp } from './support/sign-up';

const origin = brandOrigin('signs');

interface Sticker {
  signRef: string;
  prefixNo: string;
}

/** A new sticker, issued by the sticker command as an operator would (through the running server). */
function issueSticker(): Sticker {
  const csv = execFileSync('npm', ['run', '--silent', 'stickers', '--', 'issue', '--count', '1'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('signRef,prefixNo');
  const [signRef = '', prefixNo = ''] = (lines[1] ?? '').split(',');
  expect(signRef).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(prefixNo).toMatch(/^[A-Z]{3}\d{5}$/);
  return { signRef, prefixNo };
}

/** A user name and e-mail address no other test (or earlier run on the same data) has used. */
function newOperator() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { userName: `op${id}`.slice(0, 20), email: `op${id}@example.com`, password: 'first-Secret-1' };
}

async function open(page: Page, path = '/') {
  await page.goto(`${origin}${path}`);
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
}

/**
 * All four sign-up steps, the address chosen from the look-up's suggestions. With `shots` (a path
 * prefix, from ACCOUNTS_SCREENSHOTS) each step is also photographed for a person to look at.
 */
async function signUp(
  page: Page,
  sticker: Sticker,
  operator: ReturnType<typeof newOperator>,
  shots?: string,
) {
  const dialog = await openSignUp(page);
  const shot = async (name: string) => {
    if (shots) await page.screenshot({ path: `${shots}-${name}.png`, fullPage: false });
  };
  await shot('step1');

  await fillStickerStep(dialog, sticker, { typed: true });

  await expect(dialog.getByText('Step 2 of 4: Your login')).toBeVisible();
  await shot('step2');
  await fillLoginStep(dialog, operator);

  await expect(dialog.getByText('Step 3 of 4: Your details and site')).toBeVisible();
  await shot('step3');
  await fillDetailsStep(
    dialog,
    operator,
    {
      companyName: 'Lantern Row Traders Ltd',
      title: 'Ms',
      firstName: 'Ada',
      surname: 'Lovelace',
      telephone: '0113 496 0000',
      siteName: 'Lantern Row shop front',
      address: { suggestion: { typed: 'Lantern', option: '14 Lantern Row, Leeds, LS1 9ZQ' } },
    },
    { onSuggestions: () => shot('step3-suggestions') },
  );
  // The suggestion chosen filled the whole address.
  await expect(dialog.getByRole('combobox', { name: 'Address 1' })).toHaveValue('14 Lantern Row');
  await expect(dialog.getByRole('textbox', { name: 'Town/City' })).toHaveValue('Leeds');
  await expect(dialog.getByRole('textbox', { name: 'Post Code' })).toHaveValue('LS1 9ZQ');
  await expect(dialog.getByRole('combobox', { name: 'County' })).toHaveValue('West Yorkshire (England)');
  await shot('step3-filled');
  const submittedAt = new Date();
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // The toast (the dialog's own live region says it too, unseen).
  await expect(page.locator('.Toastify__toast').getByText('Sign-up successful!')).toBeVisible();
  await expect(dialog.getByText('Step 4 of 4: Thank you')).toBeVisible();
  await expect(dialog.getByText(/A confirmation e-mail has been sent/)).toBeVisible();
  await shot('step4');
  return submittedAt;
}

async function signIn(page: Page, userName: string, password: string, shot?: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(userName);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  if (shot) await page.screenshot({ path: `${shot}.png` });
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${origin}/your-sites`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'My account', exact: true }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/**
 * The whole life of an account: sign-up, the confirmation mail and its link, sign-out and in,
 * a forgotten password reset by mail, and the used reset link refused.
 */
async function accountJourney(page: Page, shots?: string) {
  const shot = async (name: string) => {
    if (!shots) return;
    await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
    // The overlay leaves a second after the first paint, app or not: wait for the app too.
    await expect(page.locator('html[data-app]')).toHaveCount(1);
    await page.screenshot({ path: `${shots}-${name}.png` });
  };
  const sticker = issueSticker();
  const operator = newOperator();
  await open(page);
  const submittedAt = await signUp(page, sticker, operator, shots);
  await page.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The confirmation mail's link opens Confirm Account with the username filled in.
  const confirmation = await waitForMail({ to: operator.email, subject: 'Confirm', since: submittedAt });
  const confirmLink = confirmation.links.find((link) => link.includes('userId='));
  expect(confirmLink).toMatch(new RegExp(`^${origin}/\\?userId=\\d+&token=`));
  await page.goto(confirmLink ?? '');
  const confirm = page.getByRole('dialog', { name: 'Confirm Account' });
  await expect(confirm.getByRole('textbox', { name: 'Username' })).toHaveValue(operator.userName);
  await expect(confirm.getByRole('button', { name: 'Forgot Password?' })).toHaveCount(0);
  await confirm.getByLabel('Password', { exact: true }).fill(operator.password);
  await shot('confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(`${origin}/your-sites`);
  await expect(page.getByText('User confirmed successfully!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('masterUser'))).toBe('true');

  await logOut(page);
  await signIn(page, operator.userName, operator.password, shots && `${shots}-sign-in`);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await logOut(page);

  // Forgot Password? mails a reset link.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Sign In' })
    .getByRole('button', { name: 'Forgot Password?' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await forgot.getByRole('textbox', { name: 'Email' }).fill(operator.email);
  const askedAt = new Date();
  await forgot.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(forgot.getByText('Password reset email sent successfully')).toBeVisible();
  await shot('forgot-sent');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const reset = await waitForMail({ to: operator.email, subject: 'Reset', since: askedAt });
  const resetLink = reset.links.find((link) => link.includes('value='));
  expect(resetLink).toMatch(new RegExp(`^${origin}/\\?value=`));
  await page.goto(resetLink ?? '');
  const resetDialog = page.getByRole('dialog', { name: 'Reset Password' });
  const newPassword = 'second-Secret-2';
  await resetDialog.getByLabel('New Password', { exact: true }).fill(newPassword);
  await resetDialog.getByLabel('Confirm Password', { exact: true }).fill('not the same');
  await resetDialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(resetDialog.getByRole('alert')).toHaveText('Passwords do not match.');
  await shot('reset-mismatch');
  await resetDialog.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await resetDialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(resetDialog.getByText('Password reset successfully')).toBeVisible();
  await expect(resetDialog).toHaveCount(0);

  // Sign In opens by itself, the user name filled in. The old password no longer works; the new one does.
  const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signInDialog.getByRole('textbox', { name: 'Username' })).toHaveValue(operator.userName);
  await signInDialog.getByLabel('Password', { exact: true }).fill(operator.password);
  await signInDialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInDialog.getByRole('alert')).toHaveText('Incorrect username or password.');
  await shot('sign-in-refused');
  await signInDialog.getByRole('button', { name: 'Close' }).click();
  await signIn(page, operator.userName, newPassword);

  // A reset link works once.
  await page.goto(resetLink ?? '');
  await expect(page.getByRole('dialog', { name: 'Reset Password' }).getByRole('alert')).toHaveText(
    'Invalid or expired reset link.',
  );
  await shot('reset-used');
}

test('an operator signs up, confirms by e-mail, signs in and out, and resets the password', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  // Chromium logs the refused login and the used reset link (both 401) as failed resources.
  pageErrors.allow(/status of 401/);
  const shots = process.env.ACCOUNTS_SCREENSHOTS;
  await accountJourney(page, shots ? `${shots}/accounts-1280` : undefined);
});

test('the open sign-in and sign-up dialogs have no serious accessibility violations', async ({ page }) => {
  await open(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');

  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Username is required');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');

  await page.getByRole('dialog').getByRole('button', { name: 'Create An Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create An Account' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sign-up dialog fits the screen and passes its accessibility check at every step', async ({
    page,
  }) => {
    await open(page);
    const dialog = await openSignUp(page);
    const fits = async () => {
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    };
    await fits();
    const sticker = issueSticker();
    await dialog.getByRole('textbox', { name: 'Sign Reference' }).fill(sticker.signRef);
    await dialog.getByRole('textbox', { name: 'Prefix Number' }).fill(sticker.prefixNo);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You cannot use this site if you do not accept terms');
    await fits();
    await dialog.getByRole('checkbox', { name: /I accept the/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Step 2 of 4: Your login')).toBeVisible();
    await fits();
    const operator = newOperator();
    await dialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
    await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(operator.password);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Step 3 of 4: Your details and site')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Address 1' }).pressSequentially('Mill Lane');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await fits();
  });

  test('the whole account journey works on a small screen', async ({ page, pageErrors }) => {
    test.setTimeout(120_000);
    pageErrors.allow(/status of 401/);
    const shots = process.env.ACCOUNTS_SCREENSHOTS;
    await accountJourney(page, shots ? `${shots}/accounts-375` : undefined);
  });
});
