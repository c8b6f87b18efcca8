import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { britishToday, definitionOf, SCREENS, settled, shot } from './support/journey';
import { issueStickers } from './support/operator';
import { waitForMail } from './support/outbox';
import { fillDetailsStep, fillLoginStep, fillStickerStep, openSignUp } from './support/sign-up';

const origin = brandOrigin('signs');

// An operator with a new sticker in hand signs up from the home page, confirms the account from
// the mail, and the public then sees the sign as theirs, confirmed today.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    test('from sign-up with a sticker to a sign the public sees as confirmed today', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const [sticker] = issueStickers(1);
      if (!sticker) throw new Error('No sticker was issued');
      const id = `${Date.now().toString(36)}${screen.name.slice(0, 1)}`;
      const operator = {
        userName: `op${id}`.slice(0, 20),
        email: `op${id}@example.com`,
        password: 'first-Secret-1',
      };

      await page.goto(`${origin}/`);
      await settled(page);
      const dialog = await openSignUp(page);
      await fillStickerStep(dialog, sticker);

      await expect(dialog.getByText('Step 2 of 4: Your login')).toBeInViewport();
      await fillLoginStep(dialog, operator);

      await expect(dialog.getByText('Step 3 of 4: Your details and site')).toBeInViewport();
      // The address typed by hand (the look-up's suggestions are another journey's subject).
      await fillDetailsStep(dialog, operator, {
        companyName: 'Minster Yard Estates Ltd',
        title: 'Ms',
        firstName: 'Grace',
        surname: 'Hopper',
        telephone: '01904 496 000',
        siteName: 'Minster Yard gates',
        address: {
          typed: {
            address1: '3 Minster Yard',
            town: 'York',
            postcode: 'YO1 7HH',
            county: 'North Yorkshire (England)',
          },
        },
      });
      const submittedAt = new Date();
      await dialog.getByRole('button', { name: 'Submit' }).click();

      const thanks = dialog.getByText(/A confirmation e-mail has been sent/);
      await expect(thanks).toBeInViewport();
      await shot(page, testInfo, 'operator-signup-thanks', screen.name);
      await dialog.getByRole('button', { name: 'Finish' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The link in the confirmation mail, opened as the operator would.
      const mail = await waitForMail({ to: operator.email, subject: 'Confirm', since: submittedAt });
      expect(mail.to).toContain(operator.email);
      const link = mail.links.find((l) => l.includes('userId='));
      expect(link).toMatch(new RegExp(`^${origin}/\\?userId=\\d+&token=`));
      await page.goto(link ?? '');
      const confirm = page.getByRole('dialog', { name: 'Confirm Account' });
      await expect(confirm.getByRole('textbox', { name: 'Username' })).toHaveValue(operator.userName);
      await confirm.getByLabel('Password', { exact: true }).fill(operator.password);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(page).toHaveURL(`${origin}/your-sites`);
      await settled(page);

      // Your sites: the site registered today, confirmed today, with its one obvious button.
      const card = page.getByRole('list', { name: 'Your sites' }).getByRole('listitem').filter({
        hasText: 'Minster Yard gates',
      });
      await expect(card.getByRole('heading', { name: 'Minster Yard gates' })).toBeInViewport();
      await expect(definitionOf(card, 'Details confirmed')).toHaveText(britishToday());
      const confirmButton = card.getByRole('button', { name: 'Confirm details of Minster Yard gates' });
      await confirmButton.scrollIntoViewIfNeeded();
      await expect(confirmButton).toBeInViewport();
      await shot(page, testInfo, 'operator-signup-your-sites', screen.name);
      await confirmButton.click();
      const confirmed = card.getByRole('status');
      await expect(confirmed).toHaveText(`Details of Minster Yard gates confirmed on ${britishToday()}.`);
      await expect(confirmed).toBeInViewport();
      await expect(confirmed).toBeFocused();
      await expectNoSeriousA11yViolations(page);

      // The public, on another phone or laptop, opens the sign's page.
      const publicContext = await browser.newContext({ viewport: screen.viewport });
      const visitor = await publicContext.newPage();
      await visitor.goto(`${origin}/sign/${sticker.signRef}`);
      await settled(visitor);
      await expect(
        visitor.getByRole('heading', { level: 1, name: 'Minster Yard Estates Ltd' }),
      ).toBeInViewport();
      const date = definitionOf(visitor, 'Details confirmed');
      await date.scrollIntoViewIfNeeded();
      await expect(date).toBeInViewport();
      await expect(date).toHaveText(britishToday());
      await expect(visitor.getByText('Not yet confirmed')).toHaveCount(0);
      await expect(visitor.getByText('These details may be out of date.')).toHaveCount(0);
      await shot(visitor, testInfo, 'operator-signup-public-sign', screen.name);
      await publicContext.close();
    });
  });
}
