import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrandId } from '@app/brands';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { SCREENS } from './support/journey';

/** Screenshots of product pages with the magnifier open: look at them after a change. */
const SHOTS = resolve('test-results', 'product-pictures');

const pages: { brand: BrandId; route: string; model: string }[] = [
  { brand: 'dvr', route: '/dvrs/AL-16CH-4K', model: 'AL-16CH-4K' },
  { brand: 'nvr', route: '/products/ZV-N16P-4K', model: 'ZV-N16P-4K' },
];

async function open(page: Page, brand: BrandId, route: string) {
  await page.goto(`${brandOrigin(brand)}${route}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

/** Waits until an <img> has its picture, and gives its pixel size and the size it shows at. */
async function loaded(image: ReturnType<Page['locator']>) {
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((el: HTMLImageElement) => ({
    naturalWidth: el.naturalWidth,
    shownWidth: el.getBoundingClientRect().width,
    currentSrc: el.currentSrc,
  }));
}

for (const screen of SCREENS) {
  test.describe(`product pictures on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    for (const { brand, route, model } of pages) {
      test(`${brand}: magnify shows the picture in real pixels, at least twice what the page showed`, async ({
        page,
      }) => {
        await open(page, brand, route);
        const main = page.getByRole('main');
        const front = main.getByRole('img', { name: new RegExp(`^Front view of the .*${model}`) });
        await front.scrollIntoViewIfNeeded();
        const before = await loaded(front);
        // The page fetched a size for its width, in WebP, not the 1600-pixel picture.
        expect(before.currentSrc).toMatch(/-(400|800)\.webp$/);
        expect(before.shownWidth).toBeGreaterThan(100);

        await main.getByRole('button', { name: 'Magnify' }).click();
        const detail = main.locator('[data-magnified-image] img');
        const magnified = await loaded(detail);
        expect(magnified.currentSrc).toMatch(/-1600\.webp$/);
        expect(magnified.naturalWidth).toBeGreaterThanOrEqual(2 * before.shownWidth);
        // Magnified, it shows at 2.5 times the width it had.
        expect(magnified.shownWidth).toBeGreaterThan(2 * before.shownWidth);

        // The rear view, magnified the same way.
        await main.getByRole('button', { name: /^Show picture 2 of 2: Rear view of/ }).click();
        await expect(main.getByRole('img', { name: /^Rear view of/ })).toBeVisible();
        await expect.poll(async () => (await loaded(detail)).currentSrc).toMatch(/-rear-1600\.webp$/);

        const group = main.getByRole('group', { name: /^Magnified picture of/ });
        await group.focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect(group).toBeInViewport();
        await expectNoSeriousA11yViolations(page);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/${brand}-${screen.name}-magnified.png` });

        await page.keyboard.press('Escape');
        await expect(detail).toHaveCount(0);
      });
    }
  });
}
