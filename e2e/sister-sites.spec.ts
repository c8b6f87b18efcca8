import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrandId, brandById, matchPage } from '@app/brands';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/outbox';

type SisterBrand = Exclude<BrandId, 'signs'>;

const contentJson = <T>(file: string): T => JSON.parse(readFileSync(path.join('content', file), 'utf8')) as T;

const dvrs = contentJson<{ dvrName: string; title: string; order: number }[]>('dvr/dvrs.json').sort(
  (a, b) => a.order - b.order,
);
const voice = contentJson<{
  categories: { id: number; title: string; subcategories: { id: number; title: string }[] }[];
  messages: { id: number; title: string; text: string }[];
}>('voice/categories.json');

/** Every route of SPEC.md section 2 for the sister brands, with a real name or number for each parameter. */
const routes: Record<SisterBrand, string[]> = {
  dvr: [
    '/',
    '/accessories',
    '/manuals',
    '/software',
    '/alien-hybrid',
    '/dvrs/AL-8CH-H5',
    '/contact-us',
    '/connect',
    '/port',
  ],
  voice: [
    '/',
    '/contact-us',
    '/messages',
    '/how-to',
    '/about',
    '/category/1',
    '/subcategory/11',
    '/message/1',
    '/products/VA-200',
  ],
  nvr: [
    '/',
    '/contact-us',
    '/zipvision',
    '/phone-apps',
    '/free-software',
    '/accessorie',
    '/firmware',
    '/resources/manuals',
    '/products/ZV-N8P-4K',
    '/connect',
    '/port',
  ],
  anpr: ['/', '/contact-us', '/our-brands'],
  multiplexer: ['/', '/contact-us', '/our-brands'],
  ipcam: ['/', '/features', '/product', '/contact-us', '/download', '/our-brands'],
};

/** Routes whose page is built by another part of the app (the shared contact form, the brands page). */
const sharedRoutes = new Set(['/contact-us', '/our-brands']);

/** Opens a page and waits until the start-up overlay has gone and the page's content has arrived. */
async function open(page: Page, brand: SisterBrand, route: string) {
  await page.goto(`${brandOrigin(brand)}${route}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

const main = (page: Page) => page.getByRole('main');

for (const [brand, paths] of Object.entries(routes) as [SisterBrand, string[]][]) {
  const config = brandById(brand);
  test.describe(`${config.name} (${brand}) routes`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    for (const route of paths) {
      test(`${route} shows its content and has no serious accessibility violations`, async ({ page }) => {
        await open(page, brand, route);
        const heading = page.getByRole('heading', { level: 1 });
        const pattern = matchPage(config, route)?.pattern;
        expect(pattern, `${route} is an allowed page of ${brand}`).toBeDefined();
        if (pattern && !pattern.includes(':')) {
          await expect(heading).toHaveText(config.pages[pattern]?.title ?? '');
        }
        if (!sharedRoutes.has(route)) {
          // Real content below the heading and its intro, and nothing failed.
          await expect(main(page).locator('p, li').nth(3)).toBeVisible();
          await expect(main(page).getByRole('alert')).toHaveCount(0);
          expect((await main(page).allInnerTexts()).join('').length).toBeGreaterThan(250);
        }
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test.describe('content of the pages', () => {
  test('the DVR model page shows the model with pictures, specification and downloads', async ({ page }) => {
    await open(page, 'dvr', '/dvrs/AL-8CH-H5');
    const dvr = dvrs.find((d) => d.dvrName === 'AL-8CH-H5');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dvr?.title ?? '');
    await expect(main(page).getByRole('table', { name: `Specification of ${dvr?.title}` })).toBeVisible();
    await expect(
      main(page)
        .getByRole('list', { name: `Pictures of ${dvr?.title}` })
        .getByRole('button'),
    ).toHaveCount(2);
    const datasheet = main(page).getByRole('link', { name: 'Datasheet', exact: true });
    await expect(datasheet).toHaveAttribute('href', /^\/api\/files\/[0-9a-f]{16}\/.+\.pdf$/);
    const pdf = await page.evaluate(
      async (href) => {
        const reply = await fetch(href);
        return { type: reply.headers.get('content-type'), start: (await reply.text()).slice(0, 5) };
      },
      (await datasheet.getAttribute('href')) ?? '',
    );
    expect(pdf).toEqual({ type: 'application/pdf', start: '%PDF-' });
  });

  test('the product pages of the other brands, and the products on the ANPR home page', async ({ page }) => {
    await open(page, 'voice', '/products/VA-200');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VoxAlert VA-200 outdoor voice player');
    await open(page, 'anpr', '/');
    for (const title of [
      'PlateSight Lite ANPR software (1 to 2 lanes)',
      'PlateSight Pro ANPR software (up to 16 lanes)',
      'PlateSight PS-IO4 network relay box',
    ]) {
      await expect(main(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(main(page).getByRole('table', { name: `Specification of ${title}` })).toBeAttached();
    }
  });

  test('the IP camera tool download page lists the Windows and macOS release notes and the guide', async ({
    page,
  }) => {
    await open(page, 'ipcam', '/download');
    await expect(main(page).getByRole('link', { name: /for Windows: release notes/ })).toBeVisible();
    await expect(main(page).getByRole('link', { name: /for macOS: release notes/ })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'IPCam Scout user guide' })).toBeVisible();
  });
});

test.describe('sidebars built from the catalogue', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the DVR sidebar lists each model by name right after 'Introduction'", async ({ page }) => {
    await open(page, 'dvr', '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const group = nav.getByRole('button', { name: 'DVR Models', exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const list = nav.locator(`#${await group.getAttribute('aria-controls')}`);
    await expect(list.getByRole('link')).toHaveText(['Introduction', ...dvrs.map((d) => d.dvrName)]);

    await list.getByRole('link', { name: 'AL-16CH-4K', exact: true }).click();
    await expect(page).toHaveURL(`${brandOrigin('dvr')}/dvrs/AL-16CH-4K`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      dvrs.find((d) => d.dvrName === 'AL-16CH-4K')?.title ?? '',
    );
  });

  test('the DVR home page comes with the model list: its sidebar and its cards share it, and the browser never asks for it', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/dvrs') asked.push(request.url());
    });
    await open(page, 'dvr', '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const group = nav.getByRole('button', { name: 'DVR Models', exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(nav.getByRole('link', { name: dvrs[0]?.dvrName ?? '', exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(dvrs[0]?.dvrName ?? '') })
        .first(),
    ).toBeVisible();
    // The server drew both from one reply and handed it to the page (issue 16).
    expect(asked).toHaveLength(0);
  });

  test('the voice sidebar lists the categories with their subcategories, and the products by title', async ({
    page,
  }) => {
    await open(page, 'voice', '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const group = nav.getByRole('button', { name: 'Voice Messages', exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    for (const category of voice.categories) {
      const link = nav.getByRole('link', { name: category.title, exact: true });
      await expect(link).toHaveAttribute('href', `/category/${category.id}`);
      const item = nav
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: category.title, exact: true }) })
        .last();
      for (const sub of category.subcategories) {
        await expect(item.getByRole('link', { name: sub.title, exact: true })).toHaveAttribute(
          'href',
          `/subcategory/${sub.id}`,
        );
      }
    }
    const products = nav.getByRole('button', { name: 'Products', exact: true });
    await products.click();
    await nav.getByRole('link', { name: 'VoxAlert VA-100 indoor voice player', exact: true }).click();
    await expect(page).toHaveURL(`${brandOrigin('voice')}/products/VA-100`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VoxAlert VA-100 indoor voice player');
  });
});

test.describe('voice messages', () => {
  const message = voice.messages.find((m) => m.id === 1);

  test('a message plays in the page’s audio player, with its words beside it', async ({ page }) => {
    await open(page, 'voice', '/message/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message?.title ?? '');
    await expect(main(page).getByRole('blockquote')).toHaveText(message?.text ?? '');
    const audio = main(page).locator('audio');
    await expect(audio).toHaveAttribute('aria-label', `Play the message: ${message?.title}`);
    await expect(audio).toHaveAttribute('controls', '');

    const played = await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true;
      await element.play();
      await new Promise<void>((resolve) => {
        const check = () => (element.ended || element.currentTime > 0.5 ? resolve() : undefined);
        element.addEventListener('timeupdate', check);
        element.addEventListener('ended', check);
      });
      return { currentTime: element.currentTime, duration: element.duration, error: element.error };
    });
    expect(played.error).toBeNull();
    expect(played.currentTime).toBeGreaterThan(0.5);
    expect(played.duration).toBeGreaterThan(5);
  });

  test('a download link is e-mailed, and the link serves the recording', async ({ page }) => {
    const email = `listener-${Date.now()}@example.com`;
    await open(page, 'voice', '/message/1');
    const since = new Date();
    await main(page).getByLabel('Your e-mail address').fill(email);
    await main(page).getByRole('button', { name: 'Email me a download link' }).click();
    await expect(main(page).getByRole('status')).toHaveText(
      `We have sent a download link to ${email}. It works for 24 hours.`,
    );

    const mail = await waitForMail({ to: email, subject: `Your download link: ${message?.title}`, since });
    const link = mail.links.find((href) => href.includes('/api/download/'));
    expect(link).toMatch(new RegExp(`^${brandOrigin('voice')}/api/download/`));
    expect(mail.text).toMatch(/works for 24 hours/);

    const file = await page.evaluate(async (href) => {
      const reply = await fetch(href);
      const bytes = new Uint8Array(await reply.arrayBuffer());
      return {
        status: reply.status,
        type: reply.headers.get('content-type'),
        disposition: reply.headers.get('content-disposition'),
        magic: String.fromCharCode(...bytes.slice(0, 4)),
        size: bytes.length,
      };
    }, link ?? '');
    expect(file).toEqual(
      expect.objectContaining({
        status: 200,
        type: 'audio/wav',
        magic: 'RIFF',
        disposition: expect.stringMatching(/^attachment/),
      }),
    );
    expect(file.size).toBeGreaterThan(100_000);
  });
});

test.describe('product pictures', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a product picture magnifies under the pointer and with the Magnify button', async ({ page }) => {
    await open(page, 'nvr', '/products/ZV-N4P-4K');
    const image = main(page).getByRole('img', { name: /^Front view of the ZV-N4P-4K/ });
    // The picture is in a <picture> (WebP and PNG sizes) inside the stage.
    const stage = image.locator('../..');
    await expect(image).toBeVisible();
    const scale = () => image.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    expect(await scale()).toBe(1);

    const box = await stage.boundingBox();
    if (!box) throw new Error('no picture on screen');
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await expect.poll(scale).toBeGreaterThan(2);
    await page.mouse.move(0, 0);
    await expect.poll(scale).toBe(1);

    const magnify = main(page).getByRole('button', { name: 'Magnify' });
    await magnify.click();
    await expect(main(page).getByRole('button', { name: 'Stop magnifying' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.mouse.move(0, 0);
    await expect.poll(scale).toBeGreaterThan(2);

    // The thumbnails change the main picture.
    await main(page)
      .getByRole('button', { name: /Show picture 2 of 2/ })
      .click();
    await expect(main(page).getByRole('img', { name: /^Rear view of the ZV-N4P-4K/ })).toBeVisible();
  });

  test('the gallery takes the brand’s share of the width: 4 of 12 columns on NVR, 6 on voice', async ({
    page,
  }) => {
    const share = async () => {
      const gallery = await main(page)
        .getByRole('list', { name: /^Pictures of/ })
        .locator('..')
        .locator('..')
        .boundingBox();
      const row = await main(page)
        .getByRole('list', { name: /^Pictures of/ })
        .locator('../../..')
        .boundingBox();
      return gallery && row ? gallery.width / row.width : 0;
    };
    await open(page, 'nvr', '/products/ZV-N4P-4K');
    expect(await share()).toBeCloseTo(4 / 12, 1);
    await open(page, 'voice', '/products/VA-100');
    expect(await share()).toBeCloseTo(6 / 12, 1);
    // Voice products do not magnify (productDetails.imageMagnify is off).
    await expect(main(page).getByRole('button', { name: 'Magnify' })).toHaveCount(0);
  });
});

test.describe('names and numbers that match nothing', () => {
  test.use({ expectedPageErrors: [/status of 404/] });

  const cases: [SisterBrand, string, string][] = [
    ['dvr', '/dvrs/AL-99CH', 'DVR model not found'],
    ['voice', '/message/999', 'Message not found'],
    ['voice', '/category/99', 'Category not found'],
    ['voice', '/subcategory/99', 'Subcategory not found'],
    ['voice', '/products/VA-999', 'Product not found'],
    ['nvr', '/products/ZV-N99', 'Product not found'],
    ['nvr', '/resources/videos', 'No such resources'],
  ];
  for (const [brand, route, title] of cases) {
    test(`${brand} ${route} shows a not-found page with a way back`, async ({ page }) => {
      // The 404 is the page's own (drawn by the server) or its data call's, when the browser asks.
      const api = page.waitForResponse(
        (response) =>
          response.status() === 404 &&
          (response.url().includes('/api/') || response.request().resourceType() === 'document'),
      );
      await open(page, brand, route);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect((await api).status()).toBe(404);
      const back = main(page).getByRole('link').last();
      await back.click();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('what the browser downloads', () => {
  test('visiting every DVR page loads no voice or signs code', async ({ page }) => {
    const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; src?: string; imports?: string[] }
    >;
    // Which source files each built chunk holds, as far as the manifest names them.
    const sourcesOf = new Map<string, string[]>();
    for (const [key, chunk] of Object.entries(manifest)) {
      sourcesOf.set(chunk.file, [...(sourcesOf.get(chunk.file) ?? []), chunk.src ?? key]);
    }
    const loaded = new Set<string>();
    page.on('request', (request) => {
      const match = /\/(assets\/[^?#]+\.js)$/.exec(new URL(request.url()).pathname);
      if (match?.[1]) loaded.add(match[1]);
    });
    for (const route of routes.dvr) await open(page, 'dvr', route);

    const sources = [...loaded].flatMap((file) => sourcesOf.get(file) ?? [file]);
    expect(sources.some((src) => src.startsWith('src/brands/dvr/'))).toBe(true);
    expect(
      sources.filter((src) => /src\/brands\/(voice|signs)\/|src\/features\/(content|auth)\//.test(src)),
    ).toEqual([]);
  });

  test('a repeat visit costs a 304 for the server-drawn page, no content call and nothing for the pictures', async ({
    page,
  }) => {
    // The status on the wire: Playwright reports a revalidated response as the cached 200.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // Only what the repeat visit asks for: a late answer to the first visit is not counted.
    let repeatVisit = false;
    const urls = new Map<string, string>();
    const wire: { path: string; status: number }[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      if (repeatVisit) urls.set(event.requestId, event.request.url);
    });
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      const url = urls.get(event.requestId);
      if (url) wire.push({ path: new URL(url).pathname, status: event.statusCode });
    });
    const home = brandById('dvr').pages['/']?.title ?? '';

    await open(page, 'dvr', '/');
    const pictures = main(page).getByRole('list', { name: 'Alien DVR models' }).locator('img');
    await expect(pictures).toHaveCount(dvrs.length);
    // The first visit has the pictures in hand before the second begins.
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
      .toBe(true);
    repeatVisit = true;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home);
    await expect(pictures).toHaveCount(dvrs.length);

    // The page comes drawn with its content (issue 16): the reload revalidates the page itself and
    // asks the content API for nothing.
    await expect.poll(() => wire.filter((r) => r.path === '/').map((r) => r.status)).toEqual([304]);
    await page.waitForLoadState('networkidle');
    expect(wire.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
  });
});
