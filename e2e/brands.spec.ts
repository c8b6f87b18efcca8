import { type BrandConfig, brands } from '@app/brands';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';

/** `#0b3d91` -> `rgb(11, 61, 145)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

async function openHome(page: Page, brand: BrandConfig) {
  await page.goto(`${brandOrigin(brand.id)}/`);
  await expect(page.getByRole('status')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const brand of brands) {
  test.describe(`${brand.name} (${brand.id})`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('home page shows its own name, logo, colours and menu', async ({ page }) => {
      await openHome(page, brand);
      await expect(page).toHaveTitle(brand.title);
      // The name shows once at the top of a wide screen: drawn in the sidebar's logo, whose text
      // alternative it is, and not repeated in the top bar.
      await expect(page.getByRole('banner')).not.toContainText(brand.name);
      const logo = page
        .locator('#sidebar')
        .getByRole('link', { name: brand.name, exact: true })
        .locator('img');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', brand.logoDetails.logo);
      expect(await backgroundOf(page.locator('#sidebar'))).toBe(rgb(brand.primaryColor));
      expect(await backgroundOf(page.getByRole('banner'))).toBe(rgb(brand.primaryColor));

      const nav = page.getByRole('navigation', { name: 'Main menu' });
      for (const group of brand.navRoute.signedOut) {
        const isGroup = group.children !== undefined || group.source !== undefined;
        const entry = isGroup
          ? nav.getByRole('button', { name: group.label, exact: true })
          : nav.getByRole('link', { name: group.label, exact: true });
        await expect(entry).toBeVisible();
      }
    });

    test('home page downloads its own brand configuration and no other', async ({ page }) => {
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response.text());
      });
      await openHome(page, brand);
      // A drawn home page reads before the app's scripts arrive: the configuration is among them
      // once the app has taken the page over.
      await expect(page.locator('html[data-app]')).toHaveCount(1);
      const loaded = await Promise.all(scripts);
      // The mail sender appears in a brand's configuration only, never on a page.
      const configsIn = loaded.flatMap((script) =>
        brands.filter((b) => script.includes(b.mail.fromAddress)).map((b) => b.id),
      );
      expect(configsIn).toEqual([brand.id]);
    });

    if (brand.showFooter === 'signs') {
      test('has the four-column footer', async ({ page }) => {
        await openHome(page, brand);
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('heading', { level: 2 })).toHaveText([
          'Quick Links',
          'Legal',
          'Support',
          'Follow Us',
        ]);
        const column = (title: string) =>
          footer.locator('section').filter({ has: page.getByRole('heading', { name: title }) });
        await expect(column('Quick Links').getByRole('link')).toHaveText([
          'Home',
          'Find a scheme operator',
          'Downloads',
          'Signs',
          'Partnership',
        ]);
        await expect(column('Legal').getByRole('link')).toHaveText([
          'Terms & Conditions',
          'About',
          'Cookie',
          'Forum Cookie',
          'Disclaimer',
        ]);
        await expect(column('Support').getByRole('link')).toHaveText([
          'Contact Us',
          'FAQS',
          'Help',
          'Site Map',
        ]);
        const social = column('Follow Us').getByRole('link');
        await expect(social).toHaveCount(4);
        for (const [index, link] of brand.footerDetails.socialLinks.entries()) {
          const anchor = social.nth(index);
          await expect(anchor).toHaveAccessibleName(new RegExp(link.label));
          await expect(anchor).toHaveAttribute('href', link.href);
          await expect(anchor).toHaveAttribute('target', '_blank');
          await expect(anchor).toHaveAttribute('rel', /noopener/);
        }
        await expect(footer).toContainText(brand.footerDetails.copyrightText);
      });
    } else {
      test('has the slim footer fixed to the bottom, clear of the content', async ({ page }) => {
        await openHome(page, brand);
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(brand.footerDetails.copyrightText);
        expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
        const box = await footer.boundingBox();
        expect(box && Math.round(box.y + box.height)).toBe(800);

        // Scrolled to the end, the last of the page's content sits above the footer.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const gap = await page.evaluate(() => {
          const content = document.querySelector('main')?.lastElementChild?.getBoundingClientRect();
          const fixed = document.querySelector('footer')?.getBoundingClientRect();
          return content && fixed ? fixed.top - content.bottom : null;
        });
        expect(gap).not.toBeNull();
        expect(gap ?? -1).toBeGreaterThanOrEqual(0);
      });
    }

    test('a bad path lands on /404 with a heading and a link home', async ({ page, pageErrors }) => {
      // The server answers an unknown path with the app and a 404 status, which Chromium logs.
      pageErrors.allow(/status of 404/);
      await page.goto(`${brandOrigin(brand.id)}/no-such-page`);
      await expect(page).toHaveURL(`${brandOrigin(brand.id)}/404`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        brand.pages['/404']?.title ?? 'Page not found',
      );
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(`${brandOrigin(brand.id)}/`);
    });

    test('home page has no serious accessibility violations', async ({ page }) => {
      await openHome(page, brand);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
