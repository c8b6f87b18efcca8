// The sign-up dialog as an operator fills it in, one step at a time: each spec calls the steps it
// needs and makes its own checks between them (what it photographs, what must be in view).
import { expect, type Locator, type Page } from '@playwright/test';
import type { Sticker } from './operator';

export interface SignUpLogin {
  userName: string;
  email: string;
  password: string;
}

/** Step 3's fields. The address is typed by hand, or chosen from the look-up's suggestions. */
export interface SignUpDetails {
  companyName: string;
  title: string;
  firstName: string;
  surname: string;
  telephone: string;
  siteName: string;
  address:
    | { typed: { address1: string; town: string; postcode: string; county: string } }
    | { suggestion: { typed: string; option: string } };
}

/** From the header's Sign In, the sign-in dialog's "Create An Account": the sign-up dialog, open. */
export async function openSignUp(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Sign In' })
    .getByRole('button', { name: 'Create An Account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create An Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Step 1: the sticker, the prefix number in lower case as people type it (`typed`: key by key, and
 * checked shown in capitals), the terms accepted, Next.
 */
export async function fillStickerStep(
  dialog: Locator,
  sticker: Sticker,
  { typed = false }: { typed?: boolean } = {},
): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Sign Reference' }).fill(sticker.signRef);
  const prefix = dialog.getByRole('textbox', { name: 'Prefix Number' });
  if (typed) {
    await prefix.pressSequentially(sticker.prefixNo.toLowerCase());
    await expect(prefix).toHaveValue(sticker.prefixNo);
  } else {
    await prefix.fill(sticker.prefixNo.toLowerCase());
  }
  await dialog.getByRole('checkbox', { name: /I accept the/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
}

/** Step 2: user name, password twice, Next. */
export async function fillLoginStep(dialog: Locator, login: SignUpLogin): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Username' }).fill(login.userName);
  await dialog.getByLabel('Password', { exact: true }).fill(login.password);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(login.password);
  await dialog.getByRole('button', { name: 'Next' }).click();
}

/**
 * Step 3, up to (not including) Submit: the person, the e-mail twice, the address, the site's name
 * and the suggested key information copied in (its "Copied!" seen). `onSuggestions` runs while the look-up's
 * suggestions are shown (a spec's photograph).
 */
export async function fillDetailsStep(
  dialog: Locator,
  login: SignUpLogin,
  details: SignUpDetails,
  { onSuggestions }: { onSuggestions?: () => Promise<void> } = {},
): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Company Name' }).fill(details.companyName);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(details.title);
  await dialog.getByRole('textbox', { name: 'First Name' }).fill(details.firstName);
  await dialog.getByRole('textbox', { name: 'Surname' }).fill(details.surname);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(login.email);
  await dialog.getByRole('textbox', { name: 'Confirm Email' }).fill(login.email);
  await dialog.getByRole('textbox', { name: 'Telephone' }).fill(details.telephone);

  const address1 = dialog.getByRole('combobox', { name: 'Address 1' });
  if ('typed' in details.address) {
    const { typed } = details.address;
    await address1.fill(typed.address1);
    await dialog.getByRole('textbox', { name: 'Town/City' }).fill(typed.town);
    await dialog.getByRole('textbox', { name: 'Post Code' }).fill(typed.postcode);
    await dialog.getByRole('combobox', { name: 'County' }).selectOption(typed.county);
  } else {
    const { suggestion } = details.address;
    await address1.pressSequentially(suggestion.typed);
    const option = dialog.getByRole('option', { name: suggestion.option });
    await expect(option).toBeVisible();
    await onSuggestions?.();
    await option.click();
  }

  await dialog.getByRole('textbox', { name: 'Site Name' }).fill(details.siteName);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByText('Copied!')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Key Information' })).toHaveValue(
    /overwritten every 30 days/,
  );
}
