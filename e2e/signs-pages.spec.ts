import { brandById, brands, matchPage } from '@app/brands';
import { lookupMessages } from '@app/contract/lookup';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';

const signs = brandById('signs');
const origin = brandOrigin('signs');

/** The signs brand's content pages (SPEC.md section 2) and words each must show. */
const contentPages: [path: string, text: string][] = [
  ['/', 'Run CCTV? Register your sign'],
  ['/comply', 'When someone asks for footage of themselves'],
  ['/signs', 'Where to put your signs'],
  ['/download', signs.downloadPage.openingTitle],
  ['/links', "Information Commissioner's Office (ICO)"],
  ['/faqs', 'What is a sign reference?'],
  ['/help', 'Step 1: your sticker'],
  ['/terms', '1. What the register does'],
  ['/cookie', 'What we store in your browser'],
  ['/disclaimer', 'We do not run the cameras'],
  ['/signage-solution', 'How it works'],
  ['/partnership-programme', 'Tell us about your business'],
  ['/forum-cookie', 'Cookies the forum uses'],
  ['/about-us', 'Why we started the register'],
  ['/site-map', 'These are the main pages'],
];

async function open(page: Page, path: string, brandOrigin = origin) {
  await page.goto(`${brandOrigin}${path}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('signs content pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [path, text] of contentPages) {
    test(`${path} shows its heading and content, with no serious accessibility problems`, async ({
      page,
    }) => {
      await open(page, path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(matchPage(signs, path)?.title ?? '');
      await expect(main).toContainText(text, { ignoreCase: true });
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('the site map lists exactly the pages of siteMapPages', async ({ page }) => {
    await open(page, '/site-map');
    const links = page.getByRole('list', { name: 'Pages of this site' }).getByRole('link');
    await expect(links).toHaveText(signs.siteMapPages.map((path) => matchPage(signs, path)?.title ?? ''));
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(signs.siteMapPages);
  });

  test('the FAQ answers open and close from the keyboard', async ({ page }) => {
    await open(page, '/faqs');
    const question = page.getByRole('button', { name: 'What is a sign reference?' });
    await question.focus();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    const answer = page.getByRole('region', { name: 'What is a sign reference?' });
    await expect(answer).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Space');
    await expect(answer).toBeHidden();
  });

  test('the download page offers the sign artwork and guides as PDFs', async ({ page }) => {
    await open(page, '/download');
    const artwork = page.getByRole('region', { name: 'Sign artwork' });
    await expect(artwork.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Guides' }).getByRole('listitem')).toHaveCount(3);
    await expect(artwork.getByRole('listitem').first()).toContainText('A4 portrait, 1 page');
    await expect(artwork.getByRole('listitem').first()).toContainText(/PDF, \d+ KB/);

    const downloading = page.waitForEvent('download');
    await artwork.getByRole('link', { name: 'Download PDF: CCTV warning sign, A4 portrait' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cctv-sign-a4-portrait.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('the home page look-up box goes to the look-up page with the reference', async ({
    page,
    pageErrors,
  }) => {
    // The look-up of a reference no sign has answers 404, which the browser reports on the console.
    pageErrors.allow(/status of 404/);
    await open(page, '/');
    const search = page.getByRole('search', { name: 'Look up a sign' });
    await search.getByLabel('Sign reference').fill('K7QM-3XWD-P9TE');
    await search.getByRole('button', { name: 'Look up' }).click();
    await expect(page).toHaveURL(`${origin}/search-scheme?ref=K7QM-3XWD-P9TE`);
    // No sign has this reference: the look-up page keeps it in its box and says so.
    await expect(page.getByText(lookupMessages.notFound)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'The reference on the sign' })).toHaveValue(
      'K7QM-3XWD-P9TE',
    );
  });
});

test.describe('our brands', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const brand of brands.filter((b) => matchPage(b, '/our-brands'))) {
    test(`${brand.id}: a card per sister brand, turned by keyboard, linking to its site`, async ({
      page,
    }) => {
      const here = brandOrigin(brand.id);
      await open(page, '/our-brands', here);
      const sisters = brands.filter((b) => b.id !== brand.id);
      const cards = page.getByRole('main').getByRole('listitem');
      await expect(cards).toHaveCount(sisters.length);
      await expectNoSeriousA11yViolations(page);

      const [first] = sisters;
      if (!first) throw new Error('no sister brand');
      const card = cards.filter({ has: page.getByRole('heading', { name: first.name, exact: true }) });
      await expect(card.getByRole('link', { name: `Visit the site of ${first.name}` })).toHaveAttribute(
        'href',
        brandOrigin(first.id),
      );

      // Its name says what pressing it will do, so it is found by the brand alone.
      const toggle = card.getByRole('button', { name: new RegExp(`${first.name}$`) });
      await expect(toggle).toHaveAccessibleName(`More about ${first.name}`);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveAccessibleName(`Show the logo of ${first.name}`);
      await expect(toggle).toBeFocused();
      const back = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await expect(back).toHaveText(first.ogDesc);
      await expect(back).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveAccessibleName(`More about ${first.name}`);
    });
  }
});

test.describe('at 375px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/', '/faqs', '/our-brands', '/contact-us', '/download', '/partnership-programme']) {
    test(`${path} fits a phone's width, with no serious accessibility problems`, async ({ page }) => {
      await open(page, path);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
