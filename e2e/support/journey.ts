import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The two screens every journey is taken on: a phone and a laptop. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

export type ScreenName = (typeof SCREENS)[number]['name'];

const JOURNEY_SHOTS = resolve('test-results', 'journeys');

/**
 * A screenshot of what the person sees now (the viewport, not the whole page), kept as
 * test-results/journeys/<journey>-<step>-<screen>.png for a person to look at, and attached to
 * the test's report.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string, screen: ScreenName): Promise<void> {
  mkdirSync(JOURNEY_SHOTS, { recursive: true });
  const path = resolve(JOURNEY_SHOTS, `${name}-${screen}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}-${screen}`, { path, contentType: 'image/png' });
}

/** Today as people read it on the site and in mail: '25 November 2026'. */
export function britishToday(): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
}

/**
 * The app has taken the page over and the start-up overlay has gone. (Over a page the server drew
 * the overlay leaves a second after its first paint, with or without the app: docs/decisions/0049.)
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  await expect(page.locator('html[data-app]')).toHaveCount(1);
}

/** The value beside a term of a definition list, e.g. 'Details confirmed'. */
export function definitionOf(scope: Page | Locator, term: string): Locator {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/** What a person must read after an action is on screen and has the keyboard focus. */
export async function expectInViewAndFocused(outcome: Locator): Promise<void> {
  await expect(outcome).toBeInViewport();
  await expect(outcome).toBeFocused();
}

/**
 * The phone of someone standing under a camera on a weak connection: 400 kbit/s down and up,
 * 400 ms round trip, and a CPU four times slower (Chromium's own throttling, through CDP).
 */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
