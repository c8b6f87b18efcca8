import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { fillLoginStep, fillStickerStep, openSignUp } from './support/sign-up';

const origin = brandOrigin('signs');

/** A new sticker from the sticker command, so step 1 of sign-up lets the person on. */
function issueSticker(): { signRef: string; prefixNo: string } {
  const csv = execFileSync('npm', ['run', '--silent', 'stickers', '--', 'issue', '--count', '1'], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const [signRef = '', prefixNo = ''] = (csv.trim().split('\n')[1] ?? '').split(',');
  return { signRef, prefixNo };
}

/** Sign-up as far as its third step, the company's details typed down to the telephone. */
async function reachAddressStep(page: Page) {
  await page.goto(`${origin}/`);
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  const dialog = await openSignUp(page);
  await fillStickerStep(dialog, issueSticker());
  await expect(dialog.getByText('Step 2 of 4: Your login')).toBeVisible();
  const id = `addr${Date.now().toString(36)}`;
  await fillLoginStep(dialog, { userName: id, email: `${id}@example.com`, password: 'first-Secret-1' });
  await expect(dialog.getByText('Step 3 of 4: Your details and site')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Company Name' }).fill('Lantern Row Traders Ltd');
  await dialog.getByRole('textbox', { name: 'Telephone' }).fill('0113 496 0000');
  return dialog;
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the address suggestions in the sign-up dialog open where they can be seen', async ({ page }) => {
      const dialog = await reachAddressStep(page);
      await dialog.getByRole('textbox', { name: 'Telephone' }).press('Tab');
      const address1 = dialog.getByRole('combobox', { name: 'Address 1' });
      await expect(address1).toBeFocused();
      // As a person scrolling down the dialog meets it: Address 1 just in view at its bottom edge.
      await address1.evaluate((input) => input.scrollIntoView({ block: 'end' }));
      await address1.pressSequentially('Lantern');

      const list = dialog.getByRole('listbox');
      await expect(list.getByRole('option').first()).toBeVisible();
      await expect(list).toBeInViewport({ ratio: 1 });
      await expect(address1).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath('suggestions.png') });

      const choice = list.getByRole('option', { name: '14 Lantern Row, Leeds, LS1 9ZQ' });
      await expect(choice).toBeInViewport({ ratio: 1 });
      await choice.click();
      await expect(address1).toHaveValue('14 Lantern Row');
      await expect(dialog.getByRole('textbox', { name: 'Post Code' })).toHaveValue('LS1 9ZQ');
    });
  });
}
