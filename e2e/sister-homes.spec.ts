import { readFileSync } from 'node:fs';
import path, { resolve } from 'node:path';
import { type BrandId, brandById, brands, matchPage } from '@app/brands';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin, E2E_DATA_DIR } from './support/env';
import { expect, test } from './support/fixtures';

type SisterBrand = Exclude<BrandId, 'signs'>;

/** What a visitor reads on the home page, as content/<brand>/home.json has it. */
interface HomeFile {
  hero: { sentence: string };
  tasks: { heading: string; items: ({ label: string } & ({ to: string } | { download: string }))[] };
  products: { heading: string; label: string };
  compare?: { caption: string };
}

const home = (brand: SisterBrand) =>
  JSON.parse(readFileSync(path.join('content', brand, 'home.json'), 'utf8')) as HomeFile;

const sisters: SisterBrand[] = ['dvr', 'voice', 'nvr', 'anpr', 'multiplexer', 'ipcam'];
const screenshots = resolve(E2E_DATA_DIR, 'screenshots');
const sizes = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

async function open(page: Page, brand: BrandId, route: string) {
  await page.goto(`${brandOrigin(brand)}${route}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

/** The picture has arrived and is drawn (not a broken image). */
async function expectDrawn(image: Locator) {
  // Card pictures load as they come near the screen.
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

for (const size of sizes) {
  test.describe(`sister home pages at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    for (const brand of sisters) {
      const config = brandById(brand);
      const words = home(brand);

      test(`${brand}: hero, product cards, task links, no serious accessibility violations`, async ({
        page,
      }) => {
        await open(page, brand, '/');
        const main = page.getByRole('main');

        // The hero: the heading, one sentence, the range's picture, all in the first screen.
        const heading = main.getByRole('heading', { level: 1 });
        await expect(heading).toHaveText(config.pages['/']?.title ?? '');
        const sentence = main.getByText(words.hero.sentence, { exact: true });
        await expect(sentence).toBeInViewport();
        const hero = page.locator('article img').first();
        await expectDrawn(hero);
        await expect(hero).toHaveAttribute('alt', /\S/);
        // A drawing, sent as its SVG: a few kilobytes on a weak connection, sharp at any width.
        await expect(hero).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{16}\/[a-z0-9.-]+\.svg$/);
        await expect(hero).toBeInViewport({ ratio: size.width < 768 ? 0.5 : 0.9 });

        // The cards: a picture, a name linking to the product, the facts.
        const cards = main.getByRole('list', { name: words.products.label }).locator(':scope > li');
        const count = await cards.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i += 1) {
          const card = cards.nth(i);
          await expectDrawn(card.locator('img'));
          const link = card.getByRole('heading').getByRole('link');
          const href = (await link.getAttribute('href')) ?? '';
          if (href.startsWith('#')) {
            await expect(page.locator(href)).toHaveCount(1);
          } else {
            expect(matchPage(config, href)?.pattern, `${href} is a product page`).toMatch(/product|dvrs/);
          }
          await expect(card.getByRole('listitem').first()).toBeVisible();
        }

        await expectNoSeriousA11yViolations(page);
        // The first screen as a visitor sees it, and the whole page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${screenshots}/home-${brand}-${size.width}.png` });
        // A whole-page picture is taken beyond the window, where sections drawn only as they come
        // near (content-visibility) are still blank: draw them for it, as scrolling would.
        const drawSections = (value: string) =>
          page.locator('main section').evaluateAll((all, visibility) => {
            for (const section of all) (section as HTMLElement).style.contentVisibility = visibility;
          }, value);
        await drawSections('visible');
        await page.screenshot({
          path: `${screenshots}/home-${brand}-${size.width}-full.png`,
          fullPage: true,
        });
        await drawSections('');

        // A card opens its product: its page, or its section further down this page.
        const first = cards.first().getByRole('heading').getByRole('link');
        const href = (await first.getAttribute('href')) ?? '';
        const title = (await first.textContent()) ?? '';
        await first.click();
        if (href.startsWith('#')) {
          await expect(page.locator(href)).toBeInViewport();
          await expect(page.locator(href).getByRole('heading', { level: 2 }).first()).toHaveText(title);
        } else {
          await expect(page).toHaveURL(`${brandOrigin(brand)}${href}`);
          // The product's page opens at its top and names the product (ipcam's /product page after its intro).
          await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
          await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();
        }
      });

      test(`${brand}: every task link goes where it says`, async ({ page }) => {
        await open(page, brand, '/');
        const tasks = page.getByRole('region', { name: words.tasks.heading });
        await expect(tasks.getByRole('link')).toHaveCount(words.tasks.items.length);
        for (const task of words.tasks.items) {
          await open(page, brand, '/');
          const link = tasks.getByRole('link', { name: task.label });
          await expect(link).toBeVisible();
          if ('download' in task) {
            const href = (await link.getAttribute('href')) ?? '';
            const file = await page.evaluate(async (url) => {
              const reply = await fetch(url);
              return {
                status: reply.status,
                type: reply.headers.get('content-type'),
                start: (await reply.text()).slice(0, 5),
              };
            }, href);
            expect(file).toEqual({
              status: 200,
              type: expect.stringContaining('application/pdf'),
              start: '%PDF-',
            });
            await expect(link).toHaveAttribute('download', task.download);
          } else if (task.to.startsWith('#')) {
            await link.click();
            await expect(page.locator(task.to)).toBeInViewport();
          } else {
            await link.click();
            await expect(page).toHaveURL(`${brandOrigin(brand)}${task.to}`);
            // The page is the path; a query only fills a field in it (ipcam's subject for the contact form).
            const { pathname } = new URL(task.to, brandOrigin(brand));
            expect(matchPage(config, pathname), `${task.to} is a page of ${brand}`).toBeDefined();
            await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
              config.pages['/']?.title ?? '',
            );
            await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
          }
        }
      });
    }
  });
}

test.describe('comparison tables', () => {
  for (const brand of ['dvr', 'nvr'] as const) {
    test(`${brand}: on a phone the table scrolls sideways in a labelled region, the model column stays`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const caption = home(brand).compare?.caption ?? '';
      await open(page, brand, '/');
      const region = page.getByRole('region', { name: caption });
      const table = region.getByRole('table', { name: caption });
      await expect(table.getByRole('columnheader')).toContainText([
        'Model',
        'Channels',
        'Resolution',
        /PoE|IP/,
        'Drive bays',
      ]);
      const rows = table.getByRole('row');
      const firstModel = table.getByRole('rowheader').first();
      await expect(firstModel.getByRole('link')).toHaveAttribute('href', /^\/(dvrs|products)\//);

      // The page itself does not scroll sideways; the region does, and the keyboard can scroll it.
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const before = await firstModel.boundingBox();
      const lastCell = rows.nth(1).getByRole('cell').last();
      const lastBefore = await lastCell.boundingBox();
      await region.focus();
      await expect(region).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await region.evaluate((el) => el.scrollBy({ left: 10_000 }));
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      const after = await firstModel.boundingBox();
      const lastAfter = await lastCell.boundingBox();
      // The other columns moved under it; the model name did not.
      expect(lastAfter?.x).toBeLessThan((lastBefore?.x ?? 0) - 100);
      expect(Math.abs((after?.x ?? 0) - (before?.x ?? 0))).toBeLessThan(1);
      await expect(firstModel).toBeInViewport();
      await region.screenshot({ path: `${screenshots}/compare-${brand}-375-scrolled.png` });
      await expectNoSeriousA11yViolations(page);
    });
  }
});

/**
 * A product of each brand as a buyer opens it: its own page, or its section further down a page
 * (ANPR and multiplexer: the range on the home page; the IP camera tool: after the text of
 * /product). The picture is drawn, and a screenshot is kept of each.
 */
const productPages: { brand: SisterBrand; route: string; title: string; section: boolean }[] = [
  { brand: 'dvr', route: '/dvrs/AL-8CH-H5', title: 'Alien AL-8CH-H5 8-channel hybrid DVR', section: false },
  {
    brand: 'voice',
    route: '/products/VA-200',
    title: 'VoxAlert VA-200 outdoor voice player',
    section: false,
  },
  {
    brand: 'nvr',
    route: '/products/ZV-N8P-4K',
    title: 'ZipVision ZV-N8P-4K 8-channel PoE NVR',
    section: false,
  },
  { brand: 'anpr', route: '/', title: 'PlateSight Pro ANPR software (up to 16 lanes)', section: true },
  { brand: 'multiplexer', route: '/', title: 'CableMux CMX-8C eight cameras over one coax', section: true },
  { brand: 'ipcam', route: '/product', title: 'The product', section: true },
];

for (const size of sizes) {
  test.describe(`a product of each sister brand at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    for (const { brand, route, title, section: inSection } of productPages) {
      test(`${brand}: ${title}`, async ({ page }) => {
        await open(page, brand, route);
        // A product page's own heading, or the product's section heading on a home page.
        const level = route === '/' ? 2 : 1;
        const heading = page.getByRole('heading', { level, name: title, exact: true });
        // Sections above it may still be drawn as the scroll passes them (content-visibility):
        // scrolled to again until it stays, as a person's scroll would end on it.
        await expect(async () => {
          await heading.scrollIntoViewIfNeeded();
          await expect(heading).toBeInViewport({ timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
        const section = page.getByRole('main').locator('section, article').filter({ has: heading }).last();
        const picture = section.getByRole('img').first();
        // Further down a home page, the product's picture waits until it comes near, so it does
        // not share a phone's connection with the first screen's; on its own page it comes at once.
        if (inSection) await expect(picture).toHaveAttribute('loading', 'lazy');
        else await expect(picture).not.toHaveAttribute('loading', 'lazy');
        await expectDrawn(picture);
        await expectNoSeriousA11yViolations(page);
        await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `${screenshots}/product-${brand}-${size.width}.png` });
      });
    }
  });
}

/**
 * The ANPR and multiplexer home pages list their products in full below the first screen. Each of
 * those sections is drawn only as it comes near the screen (content-visibility), so a phone's first
 * paint lays out the first screen rather than the whole range; a link to a product, an address
 * with the product's fragment and a jump to the end still land where they say and stay there
 * while the sections around them are drawn.
 */
const pageProductBrands = ['anpr', 'multiplexer'] as const;

/**
 * Where the element is from the top of the window once any scrolling has finished (a key's scroll
 * is animated), and again after the sections near the window have had time to be drawn.
 */
async function settledTop(page: Page, selector: string): Promise<[number, number]> {
  // The window has not moved for five frames in a row.
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let last = Number.NaN;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5) done();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  const top = () =>
    page.evaluate((sel) => document.querySelector(sel)?.getBoundingClientRect().top ?? Number.NaN, selector);
  const first = await top();
  // Two frames for sections near the window to be drawn, then a pause for any late change.
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 500)))),
  );
  return [first, await top()];
}

for (const size of sizes) {
  test.describe(`products further down a home page at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    for (const brand of pageProductBrands) {
      test(`${brand}: drawn as they come near; links to them land and stay`, async ({ page }) => {
        await open(page, brand, '/');
        const sections = page.getByRole('main').locator('section[id^="product-"]');
        const ids = await sections.evaluateAll((all) => all.map((section) => section.id));
        expect(ids.length).toBeGreaterThan(1);
        // The last product is far below the first screen: not drawn yet, but in the page.
        const last = `#${ids[ids.length - 1]}`;
        await expect(page.locator(`${last} h2`)).toHaveCount(1);
        expect(
          await page
            .locator(`${last} h2`)
            .evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true })),
        ).toBe(false);

        for (const id of ids) {
          await open(page, brand, '/');
          await page.getByRole('main').locator(`a[href="#${id}"]`).first().click();
          await expect(page.locator(`#${id} h2`)).toBeInViewport();
          const [then, later] = await settledTop(page, `#${id}`);
          expect(Math.abs(later - then), `#${id} stays where the link took the visitor`).toBeLessThanOrEqual(
            1,
          );
          expect(later).toBeGreaterThanOrEqual(0);
          expect(later).toBeLessThan(size.height / 4);
        }

        // An address with the last product's fragment, opened afresh.
        await page.goto(`${brandOrigin(brand)}/${last}`);
        await expect(page.locator(`${last} h2`)).toBeInViewport();
        const [then, later] = await settledTop(page, last);
        expect(Math.abs(later - then)).toBeLessThanOrEqual(1);

        // The end of the page, by keyboard: the footer is there and stays.
        await page.keyboard.press('End');
        const footer = page.getByRole('contentinfo');
        await expect(footer).toBeInViewport();
        const [footerThen, footerLater] = await settledTop(page, 'footer');
        expect(Math.abs(footerLater - footerThen)).toBeLessThanOrEqual(1);
        await expect(footer).toBeInViewport();
      });
    }
  });
}

test.describe('the footer on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const brand of brands) {
    test(`${brand.id}: the footer scrolls away with the page instead of covering it`, async ({ page }) => {
      await open(page, brand.id, '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer).not.toBeInViewport();
      expect(await footer.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
      // Sections drawn as the scroll passes them (content-visibility) may move it: scrolled to
      // again until it stays.
      await expect(async () => {
        await footer.scrollIntoViewIfNeeded();
        await expect(footer).toBeInViewport({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    });
  }
});

test.describe('cross-brand links', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the DVR footer's CCTV Sign Register link goes to the register on this server, not production", async ({
    page,
  }) => {
    await open(page, 'dvr', '/');
    // The test server runs with PUBLIC_URL_PATTERN=http://{host}.localhost:<port>.
    const link = page.getByRole('contentinfo').getByRole('link', { name: /^CCTV Sign Register/ });
    await expect(link).toHaveAttribute('href', brandOrigin('signs'));
  });
});

test.describe('Our brands', () => {
  for (const width of [1280, 1024, 900, 768]) {
    test(`at ${width}px turning a card leaves the other cards their size`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, 'anpr', '/our-brands');
      const cards = page.getByRole('main').getByRole('listitem');
      // Where each card is on the page (clicking scrolls the window, which moves nothing on the page).
      const boxes = () =>
        cards.evaluateAll((items) =>
          items.map((item) => {
            const box = item.getBoundingClientRect();
            return {
              x: box.x + window.scrollX,
              y: box.y + window.scrollY,
              width: box.width,
              height: box.height,
            };
          }),
        );
      const before = await boxes();
      for (let turned = 0; turned < before.length; turned += 1) {
        const toggle = cards.nth(turned).getByRole('button', { name: /^More about / });
        await toggle.click();
        await expect(cards.nth(turned).getByRole('button', { name: /^Show the logo of / })).toBeVisible();
        const after = await boxes();
        expect(after, `turning card ${turned + 1}`).toEqual(before);
        await cards
          .nth(turned)
          .getByRole('button', { name: /^Show the logo of / })
          .click();
      }
    });
  }
});
