import { brandById } from '@app/brands';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { registerOperator } from './support/operator';

const signs = brandById('signs');
const origin = brandOrigin('signs');

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** An unsigned token with the claims the web app reads, for a session the app must drop without calling the API. */
function fakeToken(expInSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id: 42, userName: 'operator', exp })}.signature`;
}

async function open(page: Page, path = '/') {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('status')).toBeHidden();
}

test('the Loading... overlay covers the page at start, then goes', async ({ page }) => {
  // Not waiting for the load event: on a busy machine the overlay's second may be over by then.
  await page.goto(`${origin}/`, { waitUntil: 'commit' });
  const overlay = page.getByRole('status');
  await expect(overlay).toHaveText('Loading...');
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("the overlay is in the page itself, in the brand's colours, before any script runs", async ({
  page,
  pageErrors,
}) => {
  const dvr = brandById('dvr');
  // The page's scripts never arrive (a phone on a weak connection): what the HTML alone paints.
  pageErrors.allow(/ERR_FAILED|Failed to load resource/);
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  await page.goto(`${brandOrigin('dvr')}/`);
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect(page.locator('.start-spinner')).toHaveCSS('border-top-color', rgb(dvr.primaryColor));
});

test('when the scripts never arrive, the overlay still leaves and the page the server drew is there to read', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allow(/ERR_FAILED|Failed to load resource/);
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
  const operator = await registerOperator(undefined, { companyName: 'Weak Signal Watch Ltd' });
  // A QR code's page on a phone whose scripts fail: the operator can still be read.
  await page.goto(`${origin}/sign/${operator.signRef}`);
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('status')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Weak Signal Watch Ltd' })).toBeInViewport();

  // A form that sends with the app stays disabled without it: nothing typed is lost, and nothing
  // leaves as a plain GET with its fields in the address.
  await page.goto(`${origin}/contact-us`);
  await expect(page.getByRole('status')).toBeHidden({ timeout: 10_000 });
  const form = page.getByRole('form', { name: signs.contactUsDetails.title });
  await expect(form.getByLabel(/^Message/)).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();
});

test('without JavaScript there is no overlay: the page the server drew is there to read', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${brandOrigin('dvr')}/`);
    await expect(page.getByRole('status', { name: 'Loading...' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  } finally {
    await context.close();
  }
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const [path, chunk] of [
    ['/', /\/assets\/home(-page)?-[\w-]+\.js$/],
    ['/search-scheme', /\/assets\/search-scheme-page-[\w-]+\.js$/],
  ] as const) {
    test(`${path}: the page does not jump while its content arrives, on a long page or a short one`, async ({
      page,
    }) => {
      // The page's code arrives late, as on a slow phone connection.
      await page.route(chunk, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Chromium's layout-shift entries: the page's cumulative layout shift, 0.1 at most to count as good.
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as (PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
              })[];
              resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(0), 1000);
          }),
      );
      expect(shift).toBeLessThan(0.1);
    });
  }

  test('the sidebar is hidden until the toggle opens it, and closes after a link tap', async ({ page }) => {
    await open(page);
    const sidebar = page.locator('#sidebar');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Close menu' })).toBeVisible();

    await sidebar.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(`${origin}/about-us`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(signs.pages['/about-us']?.title ?? '');
    await expect(sidebar).toBeHidden();
  });

  test('the open sidebar closes on a click outside it and on Escape', async ({ page }) => {
    await open(page);
    const sidebar = page.locator('#sidebar');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(340, 500);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the page fits the screen and has no serious accessibility violations', async ({ page }) => {
    await open(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is always shown, without a toggle', async ({ page }) => {
    await open(page);
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    const box = await page.locator('#sidebar').boundingBox();
    expect(box?.width).toBe(250);
  });

  test('groups open and close, and the current page is highlighted', async ({ page }) => {
    await open(page, '/comply');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const group = nav.getByRole('button', { name: 'For operators' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    const current = nav.getByRole('link', { name: 'How to comply' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    expect(await current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(signs.activeColor));

    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(current).toBeHidden();
    await group.click();
    await expect(current).toBeVisible();
  });

  test('the skip link takes keyboard users to the main content', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('Sign In opens the sign-in dialog, which keeps focus and closes on Escape', async ({ page }) => {
    await open(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Create An Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create An Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a confirmation link opens Confirm Account; closing it removes the parameter', async ({ page }) => {
    await open(page, '/?userId=42');
    const dialog = page.getByRole('dialog', { name: 'Confirm Account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Forgot Password?' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(`${origin}/`);
  });

  test('a reset link opens Reset Password', async ({ page }) => {
    await open(page, '/?value=some-reset-token');
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  });

  test('signed in, the user menu leads to the profile and logs out', async ({ page }) => {
    // The profile page loads the account, so the session is a real operator's.
    const operator = await registerOperator();
    await page.goto(`${origin}/`);
    await page.evaluate(
      ([t, id]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('masterUser', 'true');
        localStorage.setItem('userId', id);
      },
      [operator.token, String(operator.userId)] as const,
    );
    await open(page, '/faqs');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('button', { name: 'My scheme' })).toBeVisible();

    await page.getByRole('button', { name: 'My account', exact: true }).click();
    await page.getByRole('link', { name: 'View my profile' }).click();
    await expect(page).toHaveURL(`${origin}/update-details`);
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue('Reed');

    await page.getByRole('button', { name: 'My account', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an expired session is cleared at start', async ({ page }) => {
    await page.goto(`${origin}/`);
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('masterUser', 'true');
      localStorage.setItem('userId', '42');
    }, fakeToken(-60));
    await open(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userId')]),
    ).toEqual([null, null]);
  });
});
