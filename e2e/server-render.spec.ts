import type { Locator, Page, Request, Response } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

/**
 * Issue 16: public pages arrive drawn by the server, and the browser takes them over without a
 * hydration error (the fixture fails a test on any console error) and without asking the API again
 * for what the page already holds.
 */

const operatorName = 'Harbourside Cameras Ltd';

/** The browser's own API calls for data (not pictures), while `during` runs. */
async function dataCalls(page: Page, during: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith('/api/') &&
      request.resourceType() === 'fetch' &&
      request.method() === 'GET'
    ) {
      calls.push(url.pathname);
    }
  };
  page.on('request', listener);
  await during();
  page.off('request', listener);
  return calls;
}

/** What the QR code on screen says, read from a picture of it as a phone's camera would. */
async function qrOnScreen(code: Locator): Promise<string | undefined> {
  const image = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** Opens a page and waits until the browser has taken it over and the start-up overlay has gone. */
async function openAndSettle(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  // The overlay leaves a second after the page was taken over; anything the page would still
  // fetch after hydration would have started by now.
  await page.waitForLoadState('networkidle');
  return (await response?.text()) ?? '';
}

test.describe('with JavaScript', () => {
  test('the sign page, the signs home page, a DVR model page and a voice message page are taken over without a second request', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const operator = await registerOperator(undefined, { companyName: operatorName });
    const signUrl = `${brandOrigin('signs')}/sign/${operator.signRef}`;

    let html = '';
    const qrFetches: string[] = [];
    const countQr = (request: Request) => {
      if (/\/qr\.svg$/.test(new URL(request.url()).pathname)) qrFetches.push(request.url());
    };
    page.on('request', countQr);
    const signCalls = await dataCalls(page, async () => {
      html = await openAndSettle(page, signUrl);
    });
    page.off('request', countQr);
    // The operator's name is in the HTML the server sent, before any script ran, and so is the
    // QR code: the phone paints it with the text instead of fetching it.
    expect(html).toContain(operatorName);
    expect(html).toContain('src="data:image/svg+xml');
    await expect(page.getByRole('heading', { level: 1, name: operatorName })).toBeVisible();
    expect(signCalls).toEqual([]);
    expect(qrFetches).toEqual([]);
    const code = page.getByRole('img', { name: `QR code linking to the page of sign ${operator.signRef}` });
    expect(await qrOnScreen(code)).toBe(signUrl);

    const pages = [
      { url: `${brandOrigin('signs')}/`, heading: 'Who is watching me?' },
      { url: `${brandOrigin('dvr')}/dvrs/AL-8CH-H5`, heading: 'Alien AL-8CH-H5 8-channel hybrid DVR' },
      { url: `${brandOrigin('voice')}/message/1`, heading: 'You are being recorded on CCTV' },
    ];
    for (const { url, heading } of pages) {
      let html = '';
      const calls = await dataCalls(page, async () => {
        html = await openAndSettle(page, url);
      });
      expect(html).toMatch(/<main[^>]*>.*<h1/s);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(calls, url).toEqual([]);
    }
  });
});

test.describe('stylesheets', () => {
  test('a drawn page fetches no stylesheet before it paints, and the app taking it over fetches none of its parts', async ({
    page,
  }) => {
    for (const [brand, path] of [
      ['anpr', '/'],
      ['dvr', '/dvrs/AL-8CH-H5'],
      ['signs', '/'],
    ] as const) {
      const sheets: string[] = [];
      const listener = (request: Request) => {
        if (request.resourceType() === 'stylesheet') sheets.push(new URL(request.url()).pathname);
      };
      page.on('request', listener);
      const html = await openAndSettle(page, `${brandOrigin(brand)}${path}`);
      page.off('request', listener);
      // The page's stylesheets are in it (docs/decisions/0049), each part listed, disabled.
      expect(html, `${brand}${path}`).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);
      const parts = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)" disabled/g)].map(
        (m) => m[1] ?? '',
      );
      // index.html's own stylesheet is one of them.
      expect(
        parts.some((href) => /^\/assets\/index-[\w-]+\.css$/.test(href)),
        `${brand}${path}`,
      ).toBe(true);
      // The app then fetches only the stylesheets of parts the page did not show (its dialogs).
      expect(
        sheets.filter((sheet) => parts.includes(sheet)),
        `${brand}${path}`,
      ).toEqual([]);
      // Drawn styled by it: the skip link waits off screen until it has focus.
      await expect(page.getByRole('link', { name: 'Skip to main content' })).not.toBeInViewport();
    }
  });
});

test.describe('scripts', () => {
  test("a visitor's pages load no zod; the relay form brings it once the visitor starts on it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const operator = await registerOperator(undefined, { companyName: 'Quayside Watch Ltd' });
    // zod's classes keep their names in the build ("$ZodType"), so a script that holds zod says so.
    const withZod: string[] = [];
    const listener = async (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/assets/') || !path.endsWith('.js')) return;
      if ((await response.text()).includes('$ZodType')) withZod.push(path);
    };
    page.on('response', listener);
    const pages = [
      `${brandOrigin('signs')}/sign/${operator.signRef}`,
      `${brandOrigin('signs')}/`,
      `${brandOrigin('signs')}/search?q=Quayside`,
      `${brandOrigin('dvr')}/`,
      `${brandOrigin('voice')}/`,
      `${brandOrigin('anpr')}/`,
    ];
    for (const url of pages) {
      await openAndSettle(page, url);
      expect(withZod, url).toEqual([]);
    }

    // The sign's page again: starting on the relay form fetches its checks, and they run.
    await openAndSettle(page, pages[0] ?? '');
    await page.getByRole('link', { name: 'Contact the operator' }).click();
    const form = page.getByRole('form', { name: 'Contact the operator' });
    await form.getByLabel('Your name').focus();
    await expect.poll(() => withZod.length).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Send to the operator' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    page.off('response', listener);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a sign page shows the operator, and the home page look-up box leads to it', async ({ page }) => {
    test.setTimeout(90_000);
    const operator = await registerOperator(undefined, { companyName: operatorName });
    const signUrl = `${brandOrigin('signs')}/sign/${operator.signRef}`;

    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(signUrl);
      const heading = page.getByRole('heading', { level: 1, name: operatorName });
      await expect(heading).toBeInViewport();
      // Nothing stands over the page: the overlay is there for the script that never runs.
      await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
      const code = page.getByRole('img', { name: `QR code linking to the page of sign ${operator.signRef}` });
      expect(await qrOnScreen(code)).toBe(signUrl);
      // The request form works without the script: the server draws it and sends what it posts.
      await page.getByRole('link', { name: 'Contact the operator' }).click();
      await expect(page).toHaveURL(`${signUrl}/contact#contact`);
      const form = page.getByRole('form', { name: 'Contact the operator' });
      await expect(form.getByRole('heading', { name: 'Contact the operator' })).toBeInViewport();
      const visitor = `nojs-${viewport.width}-${Date.now().toString(36)}@example.net`;
      await form.getByLabel('Your name').fill('Kit Morgan');
      await form.getByLabel('Your e-mail').fill(visitor);
      // Choosing footage shows its fields, by CSS alone.
      await expect(form.getByLabel('How the operator can find you in the recording')).toBeHidden();
      await form.getByLabel('A copy of footage of me').check();
      await form.getByLabel(/^Date/).fill(isoDay(new Date()));
      await form.getByLabel(/^From/).fill('09:00');
      await form.getByLabel(/^To\b/).fill('09:15');
      await form.getByLabel('How the operator can find you in the recording').fill('Orange coat');
      await form.getByRole('button', { name: 'Send to the operator' }).click();
      await expect(page).toHaveURL(`${signUrl}/contact/sent#contact`);
      await expect(page.getByRole('heading', { name: 'Request sent' })).toBeInViewport();
      const ack = await waitForMail({ to: visitor, subject: 'Your request' });
      expect(ack.text).toContain('What you asked for: A copy of footage of me');
      await page.screenshot({
        path: test.info().outputPath(`server-sign-page-${viewport.width}.png`),
        fullPage: true,
      });
    }

    await page.goto(`${brandOrigin('signs')}/`);
    const box = page.getByRole('search', { name: 'Look up a sign' }).getByLabel('Sign reference');
    await box.fill(operator.signRef.toLowerCase().replaceAll('-', ''));
    await box.press('Enter');
    await expect(page).toHaveURL(signUrl);
    await expect(page.getByRole('heading', { level: 1, name: operatorName })).toBeVisible();
  });

  test("a product site's page names its brand once at the top: in the bar on a phone, by the sidebar's logo on a wide screen", async ({
    page,
  }) => {
    const name = 'CableMux';
    for (const [viewport, inBar] of [
      [{ width: 375, height: 812 }, true],
      [{ width: 1280, height: 800 }, false],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${brandOrigin('multiplexer')}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      const barName = page.getByRole('banner').getByText(name, { exact: true });
      const logo = page.locator('#sidebar').getByRole('link', { name, exact: true });
      if (inBar) {
        await expect(barName).toBeVisible();
        await expect(logo).toBeHidden();
      } else {
        await expect(barName).toBeHidden();
        await expect(logo).toBeVisible();
      }
    }
  });

  test('an unknown reference keeps the box and says no sign has it', async ({ page }) => {
    await page.goto(`${brandOrigin('signs')}/`);
    const box = page.getByRole('search', { name: 'Look up a sign' }).getByLabel('Sign reference');
    await box.fill('NOPE-0000-NONE');
    await box.press('Enter');
    await expect(page).toHaveURL(`${brandOrigin('signs')}/search-scheme?ref=NOPE-0000-NONE`);
    await expect(
      page.getByText('No sign has that reference. Check the reference on the sign and try again.'),
    ).toBeVisible();
    await expect(page.getByLabel('The reference on the sign')).toHaveValue('NOPE-0000-NONE');
  });
});
