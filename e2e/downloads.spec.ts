import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrandId } from '@app/brands';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS } from './support/journey';

/**
 * The pages where each brand offers its files: the download pages, and where a brand has none,
 * the product pages that list its downloads.
 */
const downloadPages: { brand: BrandId; path: string; name: string }[] = [
  { brand: 'signs', path: '/download', name: 'signs-download' },
  { brand: 'dvr', path: '/manuals', name: 'dvr-manuals' },
  { brand: 'dvr', path: '/software', name: 'dvr-software' },
  { brand: 'nvr', path: '/firmware', name: 'nvr-firmware' },
  { brand: 'nvr', path: '/free-software', name: 'nvr-free-software' },
  { brand: 'nvr', path: '/resources/manuals', name: 'nvr-resources-manuals' },
  { brand: 'voice', path: '/products/VA-200', name: 'voice-product' },
  { brand: 'anpr', path: '/', name: 'anpr-home' },
  { brand: 'multiplexer', path: '/', name: 'multiplexer-home' },
  { brand: 'ipcam', path: '/download', name: 'ipcam-download' },
];

const SHOTS = resolve('test-results', 'downloads');

async function open(page: Page, brand: BrandId, path: string) {
  await page.goto(`${brandOrigin(brand)}${path}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
  await expect(page.getByRole('main').locator('[data-sha256]').first()).toBeVisible();
}

/** Each file offered on the page: its link, and the SHA-256 shown beside it. */
async function offeredFiles(
  page: Page,
): Promise<{ href: string; name: string; shown: string; link: Locator }[]> {
  const files = [];
  const items = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator('[data-sha256]') });
  for (const item of await items.all()) {
    const link = item.locator('a[download]');
    await expect(link, (await item.textContent()) ?? '').toHaveCount(1);
    const shown = ((await item.locator('[data-sha256]').textContent()) ?? '').replace(/\s+/g, '');
    files.push({
      href: (await link.getAttribute('href')) ?? '',
      name: (await link.getAttribute('download')) ?? '',
      shown,
      link,
    });
  }
  return files;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

for (const { brand, path, name } of downloadPages) {
  test(`${brand} ${path}: every file downloads with the SHA-256 and size the page shows`, async ({
    page,
  }) => {
    await page.setViewportSize(SCREENS[1].viewport);
    await open(page, brand, path);
    const files = await offeredFiles(page);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.shown, file.href).toMatch(/^[0-9a-f]{64}$/);
      // Fetched by the page, as the browser downloads it (this machine's resolver may not know *.localhost).
      const reply = await page.evaluate(async (href) => {
        const response = await fetch(href);
        const bytes = new Uint8Array(await response.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          base64: btoa(binary),
        };
      }, file.href);
      expect(reply.status, file.href).toBe(200);
      const body = Buffer.from(reply.base64, 'base64');
      expect(sha256(body), file.href).toBe(file.shown);
      expect(reply.headers['content-length'], file.href).toBe(String(body.length));
      expect(reply.headers['content-encoding'], file.href).toBeUndefined();
      expect(reply.headers['content-disposition'], file.href).toContain(
        `attachment; filename="${file.name}"`,
      );
      expect(reply.headers['cache-control'], file.href).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.etag, file.href).toMatch(/^"[0-9a-f]{16}"$/);
    }
    // A real download through the browser, as a visitor clicks it.
    const [first] = files;
    if (!first) return;
    const downloading = page.waitForEvent('download');
    await first.link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(first.name);
    const saved = test.info().outputPath(first.name);
    await download.saveAs(saved);
    expect(sha256(readFileSync(saved))).toBe(first.shown);
  });

  test(`${brand} ${path}: fits a phone and a laptop, each file's facts readable, no serious axe violations`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    for (const screen of SCREENS) {
      await page.setViewportSize(screen.viewport);
      await open(page, brand, path);
      const facts = page
        .getByRole('main')
        .locator('dl')
        .filter({ has: page.locator('[data-sha256]') });
      const first = facts.first();
      for (const term of ['Size', 'Version', 'Date', 'SHA-256'])
        await expect(first.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
      await expect(first.getByRole('definition').nth(2)).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      // The checksum wraps inside its card: nothing on the page scrolls sideways.
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, `${screen.name}: page width`).toBeLessThanOrEqual(widths.client);
      const hash = first.locator('[data-sha256]');
      const box = await hash.boundingBox();
      expect(
        (box?.x ?? 0) + (box?.width ?? 0),
        `${screen.name}: checksum inside the screen`,
      ).toBeLessThanOrEqual(screen.viewport.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: resolve(SHOTS, `${name}-${screen.name}.png`), fullPage: true });
    }
  });
}

test.describe('the IP camera tool', () => {
  test('its download page offers the planner and the user guide, not a promise', async ({ page }) => {
    await open(page, 'ipcam', '/download');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /IPCam Scout Planner/ })).toHaveAttribute(
      'download',
      'ipcam-scout-planner.html',
    );
    await expect(main.getByRole('link', { name: 'IPCam Scout user guide' })).toHaveAttribute(
      'download',
      'ipcam-scout-user-guide.pdf',
    );
    await expect(main).not.toContainText('sent free on request');
  });

  for (const screen of SCREENS) {
    test(`the downloaded planner works offline on a ${screen.name}: it plans storage and addresses and sends nothing`, async ({
      page,
    }) => {
      await page.setViewportSize(screen.viewport);
      await open(page, 'ipcam', '/download');
      const name = /IPCam Scout Planner/;
      const link = page.getByRole('main').getByRole('link', { name });
      const item = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name }) });
      const shown = ((await item.locator('[data-sha256]').textContent()) ?? '').replace(/\s+/g, '');
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      const file = test.info().outputPath('ipcam-scout-planner.html');
      await download.saveAs(file);
      expect(sha256(readFileSync(file))).toBe(shown);

      // From here on, every request the page makes is recorded: only the file itself may be read.
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const fileUrl = `file://${file}`;
      await page.goto(fileUrl);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('IPCam Scout Planner');
      await expect(page.getByText('it makes no network connections')).toBeVisible();

      await page.getByLabel(/^Number of cameras/).fill('12');
      await page.getByLabel(/^Bitrate per camera/).fill('6');
      await page.getByLabel(/^Recording hours a day/).fill('24');
      await page.getByLabel(/^Days to keep/).fill('31');
      await page.getByLabel(/^Camera subnet/).fill('10.1.20.0/24');
      await page.getByLabel(/^First camera address/).fill('10.1.20.10');
      await page.getByLabel(/^Gateway/).fill('10.1.20.1');
      await page.getByLabel(/^Recorder address/).fill('10.1.20.11');
      await page.getByRole('button', { name: 'Plan' }).click();

      await expectInViewAndFocused(page.getByRole('heading', { name: 'Your plan' }));
      // 12 cameras x 6 Mbit/s = 750,000 bytes a second each, x 86,400 s x 31 days = 24.11 TB.
      await expect(page.locator('#storage-total')).toHaveText('24.11 TB');
      await expect(page.locator('#storage-mbps')).toHaveText('72 Mbit/s');
      const rows = page.getByRole('table', { name: 'Camera addresses' }).getByRole('row');
      await expect(rows).toHaveCount(13);
      await expect(page.locator('#subnet-mask')).toHaveText('255.255.255.0');
      await expect(rows.nth(1).getByRole('cell')).toHaveText(['Camera 1', '10.1.20.10', '10.1.20.1']);
      // The recorder's address is stepped over.
      await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('10.1.20.12');
      await expect(rows.nth(12).getByRole('cell').nth(1)).toHaveText('10.1.20.22');
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, 'the planner page does not scroll sideways').toBeLessThanOrEqual(widths.client);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: resolve(SHOTS, `ipcam-planner-${screen.name}.png`), fullPage: true });

      // A first address outside the subnet: the reason, in view and focused, instead of a plan.
      await page.getByLabel(/^First camera address/).fill('10.1.21.10');
      await page.getByRole('button', { name: 'Plan' }).click();
      await expectInViewAndFocused(page.getByRole('heading', { name: 'Please correct these first' }));
      await expect(page.locator('#errors')).toHaveText(
        'First camera address must be a usable address in 10.1.20.0/24: 10.1.20.1 to 10.1.20.254.',
      );
      await expect(page.getByRole('table', { name: 'Camera addresses' })).toHaveCount(0);

      expect(requested).toEqual([fileUrl]);
    });
  }
});
