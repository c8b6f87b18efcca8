import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { api, issueStickers, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');

const userNameTaken = 'That username is already taken. Please choose another.';
const emailTaken = 'An account with that email address already exists. Please sign in instead.';
const passwordsNotKept =
  'We kept what you had typed, except your password: please type it again to carry on.';
const linkInvalid = 'This confirmation link is invalid or has expired. You can ask for a new one.';

// Issue 36, items 3 to 6: an operator with a sticker starts on the home page, meets a user name
// and an e-mail address already in use as each field is left, uses the browser's Back, refreshes
// and taps beside the dialog, and never loses what was typed; then the confirmation link, cut
// short by a mail client or opened a second time, leads somewhere useful.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    test('sign-up from the home page keeps what was typed through Back, a refresh and a stray tap', async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      const [sticker] = issueStickers(1);
      if (!sticker) throw new Error('No sticker was issued');
      // Someone registered already: their user name and e-mail address are taken.
      const existing = await registerOperator();
      const id = `${Date.now().toString(36)}${screen.name.slice(0, 1)}`;
      const operator = {
        userName: `kt${id}`.slice(0, 20),
        email: `kt${id}@example.com`,
        password: 'first-Secret-1',
      };

      // The home page: a button beside the steps of registering (item 6).
      await page.goto(`${origin}/`);
      await settled(page);
      const create = page.getByRole('main').getByRole('link', { name: 'Create an account' });
      await create.scrollIntoViewIfNeeded();
      await expect(create).toBeInViewport();
      await shot(page, testInfo, 'sign-up-kept-home-button', screen.name);
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Create An Account' });
      const stepName = (n: number) => dialog.getByText(new RegExp(`^Step ${n} of 4`));

      await dialog.getByRole('textbox', { name: 'Sign Reference' }).fill(sticker.signRef);
      await dialog.getByRole('textbox', { name: 'Prefix Number' }).fill(sticker.prefixNo);
      await dialog.getByRole('checkbox', { name: /I accept the/ }).check();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expectInViewAndFocused(stepName(2));

      // Step 2: the user name is checked as it is left (item 4).
      const userName = dialog.getByRole('textbox', { name: 'Username' });
      await userName.fill(existing.userName);
      await userName.press('Tab');
      await expect(dialog.getByText(userNameTaken)).toBeInViewport();
      await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
      await dialog.getByLabel('Confirm Password', { exact: true }).fill(operator.password);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(stepName(2)).toBeVisible();
      await expect(dialog.getByText(userNameTaken)).toBeInViewport();
      await expect(userName).toBeFocused();
      await shot(page, testInfo, 'sign-up-kept-name-taken', screen.name);
      await userName.fill(operator.userName);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expectInViewAndFocused(stepName(3));

      // Step 3: the e-mail address is checked as it is left.
      await dialog.getByRole('textbox', { name: 'Company Name' }).fill('Harbour Kept Ltd');
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Mx');
      await dialog.getByRole('textbox', { name: 'First Name' }).fill('Rhian');
      await dialog.getByRole('textbox', { name: 'Surname' }).fill('Morgan');
      const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
      await email.fill(existing.email);
      await email.press('Tab');
      await expect(dialog.getByText(emailTaken)).toBeInViewport();
      await shot(page, testInfo, 'sign-up-kept-email-taken', screen.name);
      await email.fill(operator.email);
      await dialog.getByRole('textbox', { name: 'Confirm Email' }).fill(operator.email);

      // The browser's (or the phone's) Back goes to step 2, Forward returns: nothing is lost (item 3).
      await page.goBack();
      await expectInViewAndFocused(stepName(2));
      await expect(userName).toHaveValue(operator.userName);
      await expect(page).toHaveURL(`${origin}/`);
      await page.goForward();
      await expectInViewAndFocused(stepName(3));
      await expect(dialog.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Harbour Kept Ltd');

      // A refresh: the form comes back at step 2 for the passwords, which were never kept.
      await page.reload();
      await settled(page);
      await expect(stepName(2)).toBeInViewport();
      await expectInViewAndFocused(dialog.getByText(passwordsNotKept));
      await expect(userName).toHaveValue(operator.userName);
      await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
      const kept = await page.evaluate(() => JSON.stringify(sessionStorage));
      expect(kept).toContain('Harbour Kept Ltd');
      expect(kept).not.toContain(operator.password);
      await shot(page, testInfo, 'sign-up-kept-after-refresh', screen.name);
      await dialog.getByLabel('Password', { exact: true }).fill(operator.password);
      await dialog.getByLabel('Confirm Password', { exact: true }).fill(operator.password);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expectInViewAndFocused(stepName(3));
      await expect(dialog.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Harbour Kept Ltd');
      await expect(email).toHaveValue(operator.email);

      // A stray tap on the strip beside the dialog asks first.
      const box = await dialog.boundingBox();
      await page.mouse.click(Math.max(2, (box?.x ?? 16) / 2), screen.viewport.height / 2);
      const ask = page.getByRole('alertdialog', { name: 'Leave sign-up?' });
      await expect(ask).toBeInViewport();
      await expect(ask.getByRole('button', { name: 'Keep signing up' })).toBeFocused();
      await shot(page, testInfo, 'sign-up-kept-leave-asked', screen.name);
      await ask.getByRole('button', { name: 'Keep signing up' }).click();
      await expect(ask).toHaveCount(0);
      await expect(dialog.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Harbour Kept Ltd');

      await dialog.getByRole('textbox', { name: 'Telephone' }).fill('029 2018 0000');
      await dialog.getByRole('combobox', { name: 'Address 1' }).fill('2 Pier Head');
      await dialog.getByRole('textbox', { name: 'Town/City' }).fill('Cardiff');
      await dialog.getByRole('textbox', { name: 'Post Code' }).fill('CF10 4PH');
      await dialog.getByRole('combobox', { name: 'County' }).selectOption('South Glamorgan (Wales)');
      await dialog.getByRole('textbox', { name: 'Site Name' }).fill('Pier Head gates');
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await dialog.getByRole('button', { name: 'Submit' }).click();

      // Step 4 shows the address the link went to (item 26).
      await expectInViewAndFocused(stepName(4));
      const sentTo = dialog.getByText(/A confirmation e-mail has been sent to you at/);
      await expect(sentTo).toContainText(operator.email);
      await expect(sentTo).toBeInViewport();
      await shot(page, testInfo, 'sign-up-kept-thanks', screen.name);
      const mail = await waitForMail({ to: operator.email, subject: 'Confirm' });
      expect(mail.text).toMatch(/^Hello Rhian, thank you for registering/);
    });

    test('a confirmation link cut short says so kindly; opened again, it is an ordinary sign-in', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      // Signed up and confirmed already: the link in the mail has been used.
      const operator = await registerOperator();
      const mail = await waitForMail({ to: operator.email, subject: 'Confirm' });
      const link = new URL(mail.links.find((l) => l.includes('userId=')) ?? '');

      // Cut short by a mail client: the friendly words and the way to a new link (item 5).
      const cut = new URL(link);
      cut.searchParams.set('token', (link.searchParams.get('token') ?? '').slice(0, 10));
      await page.goto(cut.toString());
      await settled(page);
      const confirm = page.getByRole('dialog', { name: 'Confirm Account' });
      const problem = confirm.getByRole('alert').filter({ hasText: linkInvalid });
      await expectInViewAndFocused(problem);
      await expect(confirm).not.toContainText('Too small');
      await expect(confirm).not.toContainText('Error fetching user data');
      await expect(confirm.getByRole('button', { name: 'Send a new confirmation link' })).toBeVisible();
      await shot(page, testInfo, 'confirm-link-cut-short', screen.name);

      // The whole link again, after confirming: Sign In with the user name filled in.
      await page.goto(link.toString());
      await settled(page);
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      const notice = signIn.getByText('This account is already confirmed. Please sign in.');
      await expectInViewAndFocused(notice);
      await expect(signIn.getByRole('textbox', { name: 'Username' })).toHaveValue(operator.userName);
      await expect(page).toHaveURL(`${origin}/`);
      await shot(page, testInfo, 'confirm-link-opened-again', screen.name);
      await signIn.getByLabel('Password', { exact: true }).fill(operator.password);
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${origin}/your-sites`);
    });

    test('after a password reset from the mailed link, Sign In opens with the user name filled', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const operator = await registerOperator();
      const askedAt = new Date();
      expect((await api('POST', '/api/users/forgot-password', { email: operator.email })).status).toBe(200);
      const mail = await waitForMail({ to: operator.email, subject: 'Reset', since: askedAt });
      await page.goto(mail.links.find((l) => l.includes('value=')) ?? '');
      await settled(page);
      const reset = page.getByRole('dialog', { name: 'Reset Password' });
      const newPassword = 'second-Secret-2';
      await reset.getByLabel('New Password', { exact: true }).fill(newPassword);
      await reset.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await reset.getByRole('button', { name: 'Reset Password' }).click();

      // Not left signed out with nothing on screen (item 19).
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await expectInViewAndFocused(
        signIn.getByText('Your password has been changed. Sign in with your new password.'),
      );
      await expect(signIn.getByRole('textbox', { name: 'Username' })).toHaveValue(operator.userName);
      await expect(page).toHaveURL(`${origin}/`);
      await shot(page, testInfo, 'reset-then-sign-in', screen.name);
      await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${origin}/your-sites`);
    });

    test('the help page, where the steps are described, has the same button', async ({ page }, testInfo) => {
      await page.goto(`${origin}/help`);
      await settled(page);
      const create = page.getByRole('main').getByRole('link', { name: 'Create an account' });
      await create.scrollIntoViewIfNeeded();
      await expect(create).toBeInViewport();
      await shot(page, testInfo, 'help-create-account-button', screen.name);
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Create An Account' });
      await expect(dialog.getByText('Step 1 of 4: Your sticker')).toBeInViewport();
      await expect(page).toHaveURL(`${origin}/help`);
    });
  });
}
