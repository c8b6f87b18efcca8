import type { Page } from '@playwright/test';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';

/** The page's padding beside the sidebar, and whether the sidebar is a drawer (has a menu button). */
async function layoutAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${brandOrigin('signs')}/`);
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  const main = page.getByRole('main');
  return {
    padding: await main.evaluate((element) => getComputedStyle(element).paddingLeft),
    drawer: await page.getByRole('button', { name: 'Open menu' }).isVisible(),
  };
}

// SPEC.md section 9: 767px (768px) and the wide-screen breakpoint of 1224px.
test('the layout changes at 768px and again at the wide-screen breakpoint of 1224px', async ({ page }) => {
  expect(await layoutAt(page, 1280)).toEqual({ padding: '48px', drawer: false });
  expect(await layoutAt(page, 1224)).toEqual({ padding: '48px', drawer: false });
  expect(await layoutAt(page, 1223)).toEqual({ padding: '24px', drawer: false });
  expect(await layoutAt(page, 1100)).toEqual({ padding: '24px', drawer: false });
  expect(await layoutAt(page, 768)).toEqual({ padding: '24px', drawer: false });
  expect(await layoutAt(page, 767)).toEqual({ padding: '16px', drawer: true });
});
