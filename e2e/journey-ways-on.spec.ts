import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { api, issueStickers, type Operator, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');

/** The operator's browser signed in, as the sign-in dialog leaves it. */
async function signedIn(page: Page, operator: Operator): Promise<void> {
  await page.goto(`${origin}/`);
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('masterUser', 'true');
  }, operator.token);
}

/** Whether nothing is drawn over the element's words: points across its text hit it or what it holds. */
async function uncovered(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    // A modal dialog turns off pointer events on the page, which hit testing then skips: the
    // element takes them again for the measure, so only what is drawn over it counts.
    const before = (el as HTMLElement).style.pointerEvents;
    (el as HTMLElement).style.pointerEvents = 'auto';
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const clear = [0.05, 0.5, 0.95].every((at) => {
      const hit = document.elementFromPoint(box.left + box.width * at, y);
      return hit !== null && (hit === el || el.contains(hit));
    });
    (el as HTMLElement).style.pointerEvents = before;
    return clear;
  });
}

/** Whether the element lies wholly inside the window, nothing of it cut off at a side. */
async function whollyInWindow(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return (
    box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height
  );
}

// Dead ends of issue 36 as their people meet them, on a phone and a laptop.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    test('Add a site with nothing filled in: the problems are in view, in focus, and lead to each field', async ({
      page,
    }, testInfo) => {
      const operator = await registerOperator();
      await signedIn(page, operator);
      await page.goto(`${origin}/site`);
      await settled(page);
      const add = page.getByRole('button', { name: 'Add site' });
      // The button is at the bottom of a long form: the person has scrolled to it.
      await add.scrollIntoViewIfNeeded();
      await add.click();
      const summary = page.getByRole('alert', { name: 'There is a problem' });
      await expectInViewAndFocused(summary);
      await expect(summary.getByRole('link')).toHaveText([
        'Please fill out the required field: Site Name',
        'Please fill out the required field: Key Information',
        'Enter how many days your recorder keeps footage.',
      ]);
      await shot(page, testInfo, 'ways-on-add-site-problems', screen.name);
      await expectNoSeriousA11yViolations(page);
      await summary
        .getByRole('link', { name: 'Please fill out the required field: Key Information' })
        .click();
      const keyInfo = page.getByRole('textbox', { name: /Key information/ });
      await expect(keyInfo).toBeFocused();
      await expect(keyInfo).toBeInViewport();
    });

    test('confirming an account: one toast, and the heading of Your sites is not covered', async ({
      page,
    }, testInfo) => {
      const [sticker] = issueStickers(1);
      const suffix = `${Date.now().toString(36)}${screen.name}`;
      const email = `toast-${suffix}@example.com`;
      const userName = `t${suffix}`.slice(0, 20);
      const password = 'correct horse battery';
      const askedAt = new Date();
      const added = await api('POST', '/api/users/add', {
        companyName: 'Harbour Lights Ltd',
        title: 'Ms',
        firstname: 'Nia',
        surname: 'Rees',
        address1: '2 Pier Street',
        address2: '',
        address3: '',
        town: 'Aberystwyth',
        postcode: 'SY23 2LN',
        county: 'Dyfed',
        email,
        tel: '01970 600 000',
        userName,
        password,
        siteName: 'Pier car park',
        keyInfo: 'For the safety of visitors. Recordings are overwritten every 30 days.',
        signRef: sticker?.signRef,
        prefixNo: sticker?.prefixNo,
        masterUser: 1,
      });
      expect(added.status).toBe(200);
      const mail = await waitForMail({ to: email, subject: 'Confirm', since: askedAt });
      await page.goto(mail.links.find((link) => link.includes('userId=')) ?? '');
      const confirm = page.getByRole('dialog', { name: 'Confirm Account' });
      await confirm.getByLabel('Password', { exact: true }).fill(password);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(page).toHaveURL(`${origin}/your-sites`);
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'User confirmed successfully!' });
      await expect(toast).toBeVisible();
      // Its entrance over: where it stays for its 3 seconds.
      await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
      await expect(page.locator('.Toastify__toast')).toHaveCount(1);
      const heading = page.getByRole('heading', { level: 1, name: 'Your sites' });
      await expect(heading).toBeInViewport();
      expect(await uncovered(heading)).toBe(true);
      expect(await whollyInWindow(page, toast)).toBe(true);
      await shot(page, testInfo, 'ways-on-confirmed-toast', screen.name);

      // A new password: its toast is whole in the window, neither shifted nor cut off.
      await page.evaluate(() => localStorage.clear());
      const resetAt = new Date();
      expect((await api('POST', '/api/users/forgot-password', { email })).status).toBe(200);
      const reset = await waitForMail({ to: email, subject: 'Reset', since: resetAt });
      await page.goto(reset.links.find((link) => link.includes('value=')) ?? '');
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await dialog.getByLabel('New Password', { exact: true }).fill('second-Secret-2');
      await dialog.getByLabel('Confirm Password', { exact: true }).fill('second-Secret-2');
      await dialog.getByRole('button', { name: 'Reset Password' }).click();
      const resetToast = page.locator('.Toastify__toast').filter({ hasText: 'Password reset successfully' });
      await expect(resetToast).toBeVisible();
      await expect.poll(() => resetToast.evaluate((el) => el.getAnimations().length)).toBe(0);
      await shot(page, testInfo, 'ways-on-reset-toast', screen.name);
      expect(await whollyInWindow(page, resetToast)).toBe(true);
      expect(await uncovered(resetToast)).toBe(true);
    });

    test('an invitation sent stays listed until accepted, to send again or cancel', async ({
      page,
    }, testInfo) => {
      const operator = await registerOperator();
      await signedIn(page, operator);
      await page.goto(`${origin}/company-users`);
      await settled(page);
      const invited = `invited-${screen.name}-${Date.now().toString(36)}@example.com`;
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(invited);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      const waiting = page.getByRole('list', { name: 'Invitations waiting' });
      await expect(waiting.getByRole('listitem').filter({ hasText: invited })).toBeVisible();
      await page.getByRole('button', { name: `Send again to ${invited}` }).click();
      const outcome = page.getByRole('region', { name: 'Invitations waiting' }).getByRole('status');
      await expect(outcome).toHaveText(
        `Invitation sent again to ${invited}. The link in the earlier mail no longer works.`,
      );
      await expect(outcome).toBeInViewport();
      await shot(page, testInfo, 'ways-on-invitations', screen.name);
      await expectNoSeriousA11yViolations(page);
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: `Cancel invitation to ${invited}` }).click();
      await expect(outcome).toHaveText(`Invitation to ${invited} cancelled: its link no longer works.`);
      await expect(page.getByText('No invitations are waiting to be accepted.')).toBeVisible();
    });

    test('a sticker already on another of your sites says where, and moves here with one press', async ({
      page,
      pageErrors,
    }, testInfo) => {
      // The refusal of the sticker, which the browser logs.
      pageErrors.allow(/status of 409/);
      const operator = await registerOperator();
      const added = await api(
        'POST',
        '/api/sites/add',
        {
          name: 'Back gate',
          address1: '2 Mill Lane',
          town: 'Leeds',
          postcode: 'LS2 7AA',
          county: 'West Yorkshire',
          keyInfo: 'Crime prevention.',
          retentionDays: 30,
          whoSees: '',
        },
        operator.token,
      );
      expect(added.status).toBe(200);
      await signedIn(page, operator);
      await page.goto(`${origin}/manage-signs`);
      await settled(page);
      const form = page.getByRole('form', { name: 'Add a sticker to Back gate' });
      await form.getByRole('textbox', { name: /Sign reference/ }).fill(operator.signRef);
      await form.getByRole('textbox', { name: 'Prefix number' }).fill(operator.prefixNo);
      await form.getByRole('button', { name: 'Add sticker' }).click();
      const summary = form.getByRole('alert', { name: 'There is a problem' });
      await expectInViewAndFocused(summary);
      await expect(summary).toContainText('This sticker is already on your site “Quay Street flats”.');
      const move = form.getByRole('button', { name: 'Move it from Quay Street flats to Back gate' });
      await expect(move).toBeInViewport();
      await shot(page, testInfo, 'ways-on-sticker-elsewhere', screen.name);
      await expectNoSeriousA11yViolations(page);
      await move.click();
      await expect(page.getByRole('list', { name: 'Signs of Back gate' })).toContainText(operator.signRef);
      await expect(page.getByRole('region', { name: 'Quay Street flats' })).toContainText(
        'No signs at this site yet.',
      );
    });

    test("the request form's date and From fields sit side by side without overlapping", async ({
      page,
    }, testInfo) => {
      const operator = await registerOperator();
      await page.goto(`${origin}/sign/${operator.signRef}`);
      await settled(page);
      // A link the server draws, or the button the app makes of it: either opens the form.
      await page
        .getByRole('button', { name: 'Contact the operator' })
        .or(page.getByRole('link', { name: 'Contact the operator' }))
        .click();
      const form = page.getByRole('form', { name: 'Contact the operator' });
      await form.getByRole('radio', { name: 'A copy of footage of me' }).check();
      const date = form.getByLabel(/^Date/);
      const from = form.getByLabel(/^From/);
      await date.scrollIntoViewIfNeeded();
      const dateBox = await date.boundingBox();
      const fromBox = await from.boundingBox();
      if (!dateBox || !fromBox) throw new Error('The date and time fields are not drawn');
      const sideBySide = Math.abs(dateBox.y - fromBox.y) < 1;
      if (sideBySide) expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(fromBox.x);
      else expect(dateBox.y + dateBox.height).toBeLessThanOrEqual(fromBox.y);
      await shot(page, testInfo, 'ways-on-request-date-time', screen.name);
    });

    test('a contact form with a PDF attached names the file in the picker, not "No file chosen"', async ({
      page,
    }, testInfo) => {
      await page.goto(`${origin}/contact-us`);
      await settled(page);
      const picker = page.locator('input[type="file"]');
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await picker.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
      const listed = page.getByRole('list', { name: 'Files to send' });
      await expect(listed).toContainText('invoice.pdf');
      await expect
        .poll(() => picker.evaluate((el) => [...((el as HTMLInputElement).files ?? [])].map((f) => f.name)))
        .toEqual(['invoice.pdf']);
      await picker.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'ways-on-contact-file', screen.name);
      await listed.getByRole('button', { name: 'Remove invoice.pdf' }).click();
      await expect(listed).toHaveCount(0);
      await expect.poll(() => picker.evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(0);
    });

    test("the DVR models' comparison: its caption whole on screen, and it says when the table scrolls", async ({
      page,
    }, testInfo) => {
      await page.goto(`${brandOrigin('dvr')}/`);
      await settled(page);
      const section = page.getByRole('region', { name: 'Compare the models' });
      const caption = section
        .locator('p')
        .filter({ hasText: 'Alien DVR models compared: channels, resolution, IP cameras and drive bays' });
      await caption.scrollIntoViewIfNeeded();
      await expect(caption).toBeInViewport({ ratio: 1 });
      expect(await whollyInWindow(page, caption)).toBe(true);
      const hint = section.getByText('Scroll the table sideways (swipe on a phone) to see every column.');
      const scrolls = await section
        .locator('table')
        .evaluate(
          (table) => (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0),
        );
      // Said exactly when the table is wider than its column.
      if (scrolls) await expect(hint).toBeInViewport();
      else await expect(hint).toBeHidden();
      expect(scrolls).toBe(screen.name === 'phone');
      await shot(page, testInfo, 'ways-on-dvr-compare', screen.name);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
