import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { api, type Operator, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

// Issue 36, items 9, 14, 20 and 22, as their people meet them on a phone and a laptop: a product
// picture looked at closely, the printed sign previewed by its owner and printed by a visitor, the
// IP camera tool asked for, and an invitation accepted.

const signs = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');

async function signedIn(page: Page, operator: Operator): Promise<void> {
  await page.goto(`${signs}/`);
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('masterUser', 'true');
  }, operator.token);
}

/** Two fingers on the element, moved apart from `from` to `to` pixels (Chromium's touch input). */
async function pinch(page: Page, selector: string, from: number, to: number): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const points = (gap: number) => [
    { x: x - gap / 2, y, id: 1 },
    { x: x + gap / 2, y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let step = 1; step <= 5; step += 1)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: points(from + ((to - from) * step) / 5),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

for (const screen of SCREENS) {
  const phone = screen.name === 'phone';
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport, hasTouch: phone, isMobile: phone });

    test('a product picture: the words suit the screen, and the picture opens full screen to look closer', async ({
      page,
    }, testInfo) => {
      await page.goto(`${brandOrigin('nvr')}/products/ZV-N16P-4K`);
      await settled(page);
      const main = page.getByRole('main');
      const front = main.getByRole('img', { name: /^Front view of the .*ZV-N16P-4K/ });
      await front.scrollIntoViewIfNeeded();
      if (phone) {
        await expect(
          main.getByText('Tap the picture to see it full screen, then pinch to zoom.'),
        ).toBeInViewport();
        await expect(main.getByText(/Point at the picture/)).toHaveCount(0);
        await front.tap();
      } else {
        await expect(main.getByText(/Point at the picture to see it closer/)).toBeVisible();
        const open = main.getByRole('button', { name: /^Full screen: Front view of/ });
        await open.focus();
        await page.keyboard.press('Enter');
      }
      const dialog = page.getByRole('dialog', { name: /ZV-N16P-4K .*: Front view of/ });
      await expect(dialog).toBeInViewport({ ratio: 1 });
      const close = dialog.getByRole('button', { name: 'Close' });
      await expectInViewAndFocused(close);
      const picture = dialog.getByRole('img', { name: /^Front view of/ });
      if (phone) {
        await expect(
          dialog.getByText('Pinch the picture to zoom, and drag it with a finger to move around.'),
        ).toBeInViewport();
        await pinch(page, '[data-testid="full-screen-stage"]', 80, 240);
        await expect
          .poll(() => picture.evaluate((img) => (img as HTMLElement).style.transform))
          .toMatch(/scale\((2\.[5-9]|[3-5])/);
      } else {
        await page.keyboard.press('+');
        await page.keyboard.press('+');
        await expect
          .poll(() => picture.evaluate((img) => (img as HTMLElement).style.transform))
          .toBe('translate(0px, 0px) scale(2.25)');
      }
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'picture-full-screen', screen.name);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(main.getByRole('button', { name: /^Full screen: Front view of/ })).toBeFocused();
    });

    test('the printed sign: its owner sees a preview first; a visitor is spoken to as a visitor', async ({
      browser,
      page,
    }, testInfo) => {
      const operator = await registerOperator(undefined, { companyName: 'Siop Ŵyl Dewi Cyf' });
      await signedIn(page, operator);
      await page.goto(`${signs}/sign/${operator.signRef}/print`);
      await settled(page);
      const preview = page.getByRole('figure', { name: 'Preview of the printed sign' });
      await preview.scrollIntoViewIfNeeded();
      await expect(preview).toBeInViewport();
      await expect(preview.getByText('Siop Ŵyl Dewi Cyf')).toBeInViewport();
      await expect(preview.getByRole('img', { name: `QR code for sign ${operator.signRef}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'your sites' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'print-owner-preview', screen.name);

      // A visitor arrives from the sign's public page.
      const visitor = await (await browser.newContext({ viewport: screen.viewport })).newPage();
      await visitor.goto(`${signs}/sign/${operator.signRef}`);
      await settled(visitor);
      await visitor.getByRole('link', { name: 'Print this sign' }).click();
      await expect(visitor).toHaveURL(`${signs}/sign/${operator.signRef}/print`);
      await expect(
        visitor.getByText(
          'Print this sign to keep a note of who runs these cameras and how to reach them. Only the operator can change what it says.',
        ),
      ).toBeInViewport();
      await expect(visitor.getByText(/your sites|your public contact details/i)).toHaveCount(0);
      await expect(visitor.getByRole('figure', { name: 'Preview of the printed sign' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(visitor);
      await shot(visitor, testInfo, 'print-visitor', screen.name);
      await visitor.context().close();
    });

    test('IPCam Scout: the home page says support sends the program, and its button asks for it', async ({
      page,
    }, testInfo) => {
      const ipcam = brandOrigin('ipcam');
      await page.goto(`${ipcam}/`);
      await settled(page);
      await expect(
        page.getByText(/free desktop tool, sent by our support team when you ask/),
      ).toBeInViewport();
      const ask = page.getByRole('region', { name: 'Get started' }).getByRole('link', {
        name: 'Ask support for IPCam Scout',
      });
      await ask.scrollIntoViewIfNeeded();
      await expect(ask).toBeInViewport();
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'ipcam-home-ask', screen.name);
      await ask.click();
      await expect(page).toHaveURL(/\/contact-us\?subject=/);
      const subject = page.getByLabel(/^Subject/);
      await expect(subject).toHaveValue('Please send me IPCam Scout');

      // The download page says the same, with the same button.
      await page.goto(`${ipcam}/download`);
      await settled(page);
      await expect(page.getByText(/The IPCam Scout program itself is not on this page/)).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Ask support for IPCam Scout' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'ipcam-download-ask', screen.name);
    });

    test('accepting an invitation: the new user is signed in and led on, and can see the password typed', async ({
      browser,
    }, testInfo) => {
      const operator = await registerOperator();
      const invitee = `inv-${screen.name}-${Date.now().toString(36)}@example.com`;
      const sent = await api('POST', '/api/company/add', { email: invitee }, operator.token);
      expect(sent.status).toBe(200);
      const mail = await waitForMail({ to: invitee, subject: 'invited' }, { dir: outbox });
      const link = mail.links.find((l) => l.includes('/accept-invite')) ?? '';

      const page = await (await browser.newContext({ viewport: screen.viewport })).newPage();
      await page.goto(link);
      await settled(page);
      const userName = `n${screen.name}${Date.now().toString(36)}`.slice(0, 20);
      await page.getByRole('textbox', { name: 'Username' }).fill(userName);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('harbour lantern');
      await page.getByRole('button', { name: 'Show Password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByLabel('Confirm Password', { exact: true }).fill('harbour lantern');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Create my account' }).click();
      const done = page
        .getByRole('status')
        .filter({ hasText: 'Your account is ready and you are signed in as' });
      await expectInViewAndFocused(done);
      await expectNoSeriousA11yViolations(page);
      await shot(page, testInfo, 'invitation-accepted', screen.name);
      await page.getByRole('link', { name: 'Go to your sites' }).click();
      await expect(page).toHaveURL(`${signs}/your-sites`);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      await expect(page.getByText('Only a master user')).toHaveCount(0);
      await page.context().close();
    });
  });
}
