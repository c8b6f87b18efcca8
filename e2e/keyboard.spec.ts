import { type BrandConfig, type BrandId, brandById, brands, matchPage } from '@app/brands';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { api, issueStickers, registerOperator } from './support/operator';
import { waitForMail } from './support/outbox';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** Tab presses per page: enough for the top bar, the menu and most of a page, bounded in time. */
const TAB_PRESSES = 80;

/** A real value for each route with parameters, from the seeded content (or the test's operator). */
function samplePath(brand: BrandId, pattern: string, signRef: string): string {
  const samples: Record<string, string> = {
    'dvr /dvrs/:dvrName': '/dvrs/AL-8CH-H5',
    'voice /category/:id': '/category/1',
    'voice /subcategory/:id': '/subcategory/11',
    'voice /message/:id': '/message/1',
    'voice /products/:name': '/products/VA-200',
    'nvr /products/:name': '/products/ZV-N8P-4K',
    'nvr /resources/:contentType': '/resources/manuals',
    'signs /sign/:signRef': `/sign/${signRef}`,
    'signs /sign/:signRef/contact': `/sign/${signRef}/contact`,
    'signs /sign/:signRef/contact/sent': `/sign/${signRef}/contact/sent`,
    'signs /sign/:signRef/print': `/sign/${signRef}/print`,
    'signs /sign/:signRef/official': `/sign/${signRef}/official`,
    // Opened signed out and without a link's secret: the sign-in prompt, and "this link does not open a request".
    'signs /requests/:id': '/requests/1',
    'signs /request/:reference': '/request/R-000001',
  };
  if (!pattern.includes(':')) return pattern;
  const path = samples[`${brand} ${pattern}`];
  if (!path) throw new Error(`No sample path for ${brand} ${pattern}: add one`);
  return path;
}

/** Every page the brand allows (its config's `pages`), as paths to open. */
function pagesOf(brand: BrandConfig, signRef: string): string[] {
  return Object.keys(brand.pages).map((pattern) => samplePath(brand.id, pattern, signRef));
}

/** Opens a brand once: the start-up overlay goes and the page's heading is there. */
async function start(page: Page, brand: BrandId, path = '/') {
  await page.goto(`${brandOrigin(brand)}${path}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  // The overlay leaves a second after the first paint, app or not: wait for the app too.
  await expect(page.locator('html[data-app]')).toHaveCount(1);
  await settled(page);
}

async function settled(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main').getByText(/^Loading/)).toHaveCount(0);
}

/**
 * Moves to another page the way the router does on a link (no reload, no start-up overlay) and
 * waits for its heading. A page whose heading comes from its content (a product, a sign) is opened
 * afresh instead.
 */
async function visit(page: Page, brand: BrandConfig, path: string) {
  const pattern = matchPage(brand, path)?.pattern ?? path;
  const title = brand.pages[pattern]?.title;
  if (pattern.includes(':') || !title) return start(page, brand.id, path);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(`${brandOrigin(brand.id)}${path}`);
  await expect(page.locator('main h1')).toHaveText(title);
  await settled(page);
}

interface FocusProblem {
  focused: string;
  problem: string;
}

/**
 * Tabs through the page from its first control, TAB_PRESSES times at most (or until focus comes
 * round again), and returns every focused element whose centre was covered by something else
 * (`elementFromPoint` is not the element or inside it) or lay outside the viewport.
 */
async function tabWalk(page: Page): Promise<{ stops: number; problems: FocusProblem[] }> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    // The walk starts where a keyboard user's does: before the first control of the page.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.addEventListener('blur', () => start.remove());
    (window as unknown as { walked: Set<Element> }).walked = new Set();
  });
  const problems: FocusProblem[] = [];
  let stops = 0;
  for (let i = 0; i < TAB_PRESSES; i += 1) {
    await page.keyboard.press('Tab');
    // After the key is handled the browser has scrolled the focused control into view.
    const result = await page.evaluate(() => {
      const el = document.activeElement;
      const walked = (window as unknown as { walked: Set<Element> }).walked;
      if (!el || el === document.body) return { done: false, problem: null };
      if (walked.has(el)) return { done: true, problem: null };
      walked.add(el);
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      const nameOf = (node: Element) =>
        `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).slice(0, 30)}`;
      const focused = `${nameOf(el)} "${label}"`;
      // A link that wraps onto two lines: the centre of its first line.
      const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      // A text area is scrolled only as far as its caret, on its first line: that is what must show.
      const y =
        el instanceof HTMLTextAreaElement ? box.top + Math.min(box.height / 2, 20) : box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        return { done: false, problem: { focused, problem: `centre (${x}, ${y}) is outside the viewport` } };
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return { done: false, problem: null };
      return {
        done: false,
        problem: { focused, problem: `is covered by ${hit ? nameOf(hit) : 'nothing'}` },
      };
    });
    if (result.done) break;
    stops += 1;
    if (result.problem) problems.push(result.problem);
  }
  return { stops, problems };
}

/** Checks every page of a brand at one screen size: a Tab walk, and axe on a phone. */
async function checkEveryPage(page: Page, brand: BrandConfig, paths: string[], withAxe: boolean) {
  const problems: string[] = [];
  for (const [i, path] of paths.entries()) {
    if (i > 0) await visit(page, brand, path);
    if (withAxe) await expectNoSeriousA11yViolations(page);
    const walk = await tabWalk(page);
    expect(walk.stops, `${brand.id} ${path}: focus moved`).toBeGreaterThan(1);
    const size = page.viewportSize()?.width;
    problems.push(
      ...walk.problems.map((p) => `${brand.id} ${path} at ${size} px: ${p.focused} ${p.problem}`),
    );
  }
  expect(problems).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

for (const brand of brands) {
  for (const [size, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    const what = size === '375' ? 'every page passes axe and keeps' : 'every page keeps';
    test(`${brand.id} at ${size} px: ${what} each focused control in view and uncovered`, async ({
      page,
      pageErrors,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      let signRef = 'NONE';
      if (brand.id === 'signs') {
        // The operator's own pages and sign page, signed in.
        const operator = await registerOperator();
        signRef = operator.signRef;
        await page.goto(`${brandOrigin('signs')}/404`);
        await page.evaluate(
          ([token, id]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('masterUser', 'true');
            localStorage.setItem('userId', id);
          },
          [operator.token, String(operator.userId)] as const,
        );
      }
      // The 404 page is a page too: the browser reports its status.
      pageErrors.allow(/status of 404/);
      const paths = pagesOf(brand, signRef);
      await start(page, brand.id, paths[0]);
      await checkEveryPage(page, brand, paths, size === '375');
    });
  }
}

/** Whether the element's centre shows the element itself (nothing on top of it) inside the viewport. */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

const activeIsInside = (page: Page, selector: string) =>
  page.evaluate((sel) => document.querySelector(sel)?.contains(document.activeElement) ?? false, selector);

test.describe('the phone drawer', () => {
  test.use({ viewport: PHONE });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`takes focus, keeps it and gives it back to the toggle (reduced motion: ${reducedMotion})`, async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ reducedMotion });
      await start(page, 'dvr', '/manuals');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      await expect.poll(() => activeIsInside(page, '#sidebar')).toBe(true);
      await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeInViewport();
      if (reducedMotion === 'no-preference') {
        await page.screenshot({ path: testInfo.outputPath('drawer-open-375.png') });
      }

      // Tab and Shift+Tab go round the drawer's own controls, never to the page behind it.
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        expect(await activeIsInside(page, '#sidebar'), `Tab ${i + 1} stays in the drawer`).toBe(true);
      }
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await activeIsInside(page, '#sidebar'), `Shift+Tab ${i + 1} stays in the drawer`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(drawer).toBeVisible();
      await drawer.getByRole('button', { name: 'Close menu' }).focus();
      await page.keyboard.press('Enter');
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  }

  test('a drawn page takes keys from the moment it shows: the app never makes it inert', async ({ page }) => {
    // A drawn page's overlay leaves by the browser's own clock (global.css). An app timer making the
    // page inert until then ran late on a busy phone, and the first key on a page that looked
    // ready was lost. Every time anything under #root turns inert is recorded from the start.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { inertSeen: string[] }).inertSeen = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          if (
            record.target instanceof Element &&
            record.target.hasAttribute('inert') &&
            record.target.closest('#root')
          )
            seen.push(record.target.outerHTML.slice(0, 80));
        }
      }).observe(document, { attributes: true, attributeFilter: ['inert'], subtree: true });
    });
    await page.goto(`${brandOrigin('dvr')}/manuals`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
    await expect(page.locator('html[data-app]')).toHaveCount(1);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { inertSeen: string[] }).inertSeen)).toEqual([]);
  });

  test('a focused control near the bottom of a product page is not under the footer', async ({
    page,
  }, testInfo) => {
    await start(page, 'dvr', '/manuals');
    const footer = page.getByRole('contentinfo');
    // Tab to the footer, then back to the last control of the page above it.
    for (let i = 0; i < 200 && !(await activeIsInside(page, 'footer')); i += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await activeIsInside(page, 'main')).toBe(true);
    expect(await uncovered(page, ':focus')).toBe(true);
    // On a phone the footer is the end of the page, not a bar over it.
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    await page.screenshot({ path: testInfo.outputPath('focus-near-footer-375.png') });
  });
});

/** The contrast ratio of the toast's close icon against the white toast (WCAG relative luminance). */
async function closeIconContrast(page: Page): Promise<number> {
  return page
    .locator('.Toastify__close-button')
    .first()
    .evaluate((button) => {
      const style = getComputedStyle(button);
      const channels = (style.color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      const opacity = Number(style.opacity);
      // The icon's colour laid over the toast's white at the button's opacity.
      const mixed = channels.slice(0, 3).map((c) => c * opacity + 255 * (1 - opacity));
      const lum = mixed
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      const l = 0.2126 * (lum[0] ?? 0) + 0.7152 * (lum[1] ?? 0) + 0.0722 * (lum[2] ?? 0);
      return 1.05 / (l + 0.05);
    });
}

test.describe('focus after actions', () => {
  test.use({ viewport: DESKTOP });

  test('closing, finishing and completing the account dialog, the profile and Log Out leave focus where the user goes on', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    // The unknown sticker is a 404 from the sticker check.
    pageErrors.allow(/status of 404/);
    await start(page, 'signs', '/faqs');
    const signInButton = page.getByRole('banner').getByRole('button', { name: 'Sign In' });

    // x: back to the opener.
    await signInButton.focus();
    await page.keyboard.press('Enter');
    const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signInDialog).toBeVisible();
    await signInDialog.getByRole('button', { name: 'Close' }).click();
    await expect(signInDialog).toBeHidden();
    await expect(signInButton).toBeFocused();

    // A wrong sticker: focus on the sign reference, which carries the error, also once it has cleared.
    await signInButton.focus();
    await page.keyboard.press('Enter');
    await signInDialog.getByRole('button', { name: 'Create An Account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create An Account' });
    const signRef = signUp.getByRole('textbox', { name: 'Sign Reference' });
    await signRef.fill('ZZZZ-ZZZZ-ZZZZ');
    await signUp.getByRole('textbox', { name: 'Prefix Number' }).fill('ZZZ99999');
    await signUp.getByRole('checkbox', { name: /I accept the/ }).check();
    await signUp.getByRole('button', { name: 'Next' }).click();
    await expect(signUp.getByRole('alert')).toBeVisible();
    const stickerError = (await signUp.getByRole('alert').textContent()) ?? '';
    await expect(signRef).toBeFocused();
    await expect(signRef).toHaveAttribute('aria-invalid', 'true');
    await expect(signRef).toHaveAccessibleDescription(new RegExp(stickerError));
    // SPEC.md section 4: the message leaves the screen after 3 seconds; the field keeps it.
    await expect(signUp.getByRole('alert')).toHaveCount(0, { timeout: 5_000 });
    await expect(signRef).toHaveAttribute('aria-invalid', 'true');
    await expect(signRef).toHaveAccessibleDescription(new RegExp(stickerError));

    // A real sticker, the whole sign-up, then Finish: back to the opener.
    const [sticker] = issueStickers(1);
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const operator = {
      userName: `kb${id}`.slice(0, 20),
      email: `kb${id}@example.com`,
      password: 'first-Secret-1',
    };
    await signRef.fill(sticker?.signRef ?? '');
    await expect(signRef).not.toHaveAttribute('aria-invalid');
    await signUp.getByRole('textbox', { name: 'Prefix Number' }).fill(sticker?.prefixNo ?? '');
    await signUp.getByRole('button', { name: 'Next' }).click();
    await expect(signUp.getByText('Step 2 of 4: Your login')).toBeVisible();
    await signUp.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
    await signUp.getByLabel('Password', { exact: true }).fill(operator.password);
    await signUp.getByLabel('Confirm Password', { exact: true }).fill(operator.password);
    await signUp.getByRole('button', { name: 'Next' }).click();
    await expect(signUp.getByText('Step 3 of 4: Your details and site')).toBeVisible();
    await signUp.getByRole('textbox', { name: 'Company Name' }).fill('Keyboard Traders Ltd');
    await signUp.getByRole('textbox', { name: 'Title' }).fill('Ms');
    await signUp.getByRole('textbox', { name: 'First Name' }).fill('Ada');
    await signUp.getByRole('textbox', { name: 'Surname' }).fill('Lovelace');
    await signUp.getByRole('textbox', { name: 'Email', exact: true }).fill(operator.email);
    await signUp.getByRole('textbox', { name: 'Confirm Email' }).fill(operator.email);
    await signUp.getByRole('textbox', { name: 'Telephone' }).fill('0113 496 0000');
    const address1 = signUp.getByRole('combobox', { name: 'Address 1' });
    await address1.fill('14 Lantern Row');
    // Typed, not chosen: the suggestions, once they arrive, are closed before going on.
    await expect(signUp.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await address1.press('Escape');
    await expect(signUp.getByRole('listbox').getByRole('option')).toHaveCount(0);
    await signUp.getByRole('textbox', { name: 'Town/City' }).fill('Leeds');
    await signUp.getByRole('textbox', { name: 'Post Code' }).fill('LS1 9ZQ');
    await signUp.getByRole('combobox', { name: 'County' }).selectOption('West Yorkshire (England)');
    await signUp.getByRole('textbox', { name: 'Site Name' }).fill('Keyboard shop');
    await signUp
      .getByRole('textbox', { name: 'Key Information' })
      .fill('Recordings are overwritten every 30 days.');
    await expect(signUp.getByRole('textbox', { name: 'Site Name' })).toHaveValue('Keyboard shop');
    const submittedAt = new Date();
    await signUp.getByRole('button', { name: 'Submit' }).click();
    // Said inside the dialog, which hides the page (and the toast) from screen readers.
    await expect(signUp.getByRole('status').filter({ hasText: 'Sign-up successful!' })).toHaveCount(1);
    await signUp.getByRole('button', { name: 'Finish' }).click();
    await expect(signUp).toBeHidden();
    await expect(signInButton).toBeFocused();

    // The confirmation link, then Confirm: the new page's heading.
    const mail = await waitForMail({ to: operator.email, subject: 'Confirm', since: submittedAt });
    await page.goto(mail.links.find((link) => link.includes('userId=')) ?? '');
    const confirm = page.getByRole('dialog', { name: 'Confirm Account' });
    await confirm.getByLabel('Password', { exact: true }).fill(operator.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${brandOrigin('signs')}/your-sites`);
    const heading = page.locator('main h1');
    await expect(heading).toHaveText(brandById('signs').pages['/your-sites']?.title ?? '');
    await expect(heading).toBeFocused();

    // The toasts sit below the top bar: "My account" stays uncovered while they show.
    const toast = page.getByRole('alert').filter({ hasText: 'User confirmed successfully!' });
    await expect(toast).toBeVisible();
    const bar = await page.getByRole('banner').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
    const account = page.getByRole('banner').getByRole('button', { name: 'My account', exact: true });
    expect(await uncovered(page, 'header button[aria-controls]')).toBe(true);
    expect(await closeIconContrast(page)).toBeGreaterThanOrEqual(3);

    // View my profile: the profile's heading.
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'View my profile' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${brandOrigin('signs')}/update-details`);
    await expect(heading).toHaveText(brandById('signs').pages['/update-details']?.title ?? '');
    await expect(heading).toBeFocused();

    // Log Out: the home page's heading.
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Log Out' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${brandOrigin('signs')}/`);
    await expect(heading).toHaveText(brandById('signs').pages['/']?.title ?? '');
    await expect(heading).toBeFocused();

    // Sign In with reduced motion: the new page's heading, and the toast fades in without bouncing.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInButton.focus();
    await page.keyboard.press('Enter');
    await signInDialog.getByRole('textbox', { name: 'Username' }).fill(operator.userName);
    await signInDialog.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${brandOrigin('signs')}/your-sites`);
    await expect(heading).toHaveText(brandById('signs').pages['/your-sites']?.title ?? '');
    await expect(heading).toBeFocused();
    const signedIn = page.locator('.Toastify__toast').filter({ hasText: 'Login successful!' }).last();
    await expect(signedIn).toBeVisible();
    expect(await signedIn.evaluate((el) => getComputedStyle(el).animationName)).not.toMatch(/bounce/i);
  });
});

/** Whether the page scrolls sideways (WCAG 1.4.10: it must not at 320 px). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the home page, a sign page, the requests list and the sign-up dialog fit without sideways scrolling', async ({
    page,
  }) => {
    const operator = await registerOperator();
    const relay = await api('POST', `/api/signs/${encodeURIComponent(operator.signRef)}/contact`, {
      name: 'Pat Visitor',
      email: 'pat@example.com',
      kind: 'question',
      message: 'Who runs these cameras?',
    });
    expect(relay.status).toBe(200);

    await start(page, 'signs', '/');
    expect(await scrollsSideways(page)).toBe(false);
    // The top bar's name is whole, on two lines if need be.
    const name = page.getByRole('banner').getByText(brandById('signs').name);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await start(page, 'signs', `/sign/${operator.signRef}`);
    expect(await scrollsSideways(page)).toBe(false);

    await page.evaluate(
      ([token, id]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('masterUser', 'true');
        localStorage.setItem('userId', id);
      },
      [operator.token, String(operator.userId)] as const,
    );
    await start(page, 'signs', '/requests');
    // One card per request: nothing scrolls sideways, and the card's link is the first stop.
    const requests = page.getByRole('list', { name: 'Requests: Open' });
    await expect(requests).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expect(requests.getByRole('link', { name: /A question/ })).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await start(page, 'signs', '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Create An Account' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Create An Account' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });
});

test.describe('wide tables at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('scroll in named regions that the keyboard can reach and scroll', async ({ page }) => {
    const pages: [BrandId, string][] = [
      ['dvr', '/port'],
      ['nvr', '/'],
      ['nvr', '/connect'],
      ['nvr', '/port'],
      ['ipcam', '/product'],
    ];
    for (const [brand, path] of pages) {
      await start(page, brand, path);
      const tables = await page.locator('main table').all();
      expect(tables.length, `${brand} ${path} has tables`).toBeGreaterThan(0);
      for (const table of tables) {
        const region = table.locator('xpath=..');
        await expect(region).toHaveRole('region');
        await expect(region).toHaveAccessibleName(/\S/);
        await expect(region).toHaveAttribute('tabindex', '0');
      }
      // The first table that is wider than its box moves sideways with the arrow keys.
      const wide = page.locator('main table').locator('xpath=..');
      const overflowing = await wide.evaluateAll((regions) =>
        regions.findIndex((region) => region.scrollWidth > region.clientWidth),
      );
      expect(overflowing, `${brand} ${path} has a table wider than the screen`).toBeGreaterThanOrEqual(0);
      const region = wide.nth(overflowing);
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }
  });
});

test.describe('with 32 px default text at 375 px', () => {
  test.use({ viewport: PHONE });

  test("the top bar's name stays readable and the sign-up step 3 fields fit the dialog", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
    await start(page, 'signs', '/');
    const name = page.getByRole('banner').getByText(brandById('signs').name);
    const nameBox = await name.boundingBox();
    // It was squeezed to 5 px beside the quick menu.
    expect(nameBox?.width ?? 0).toBeGreaterThan(100);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Create An Account' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create An Account' });
    const [sticker] = issueStickers(1);
    await dialog.getByRole('textbox', { name: 'Sign Reference' }).fill(sticker?.signRef ?? '');
    await dialog.getByRole('textbox', { name: 'Prefix Number' }).fill(sticker?.prefixNo ?? '');
    await dialog.getByRole('checkbox', { name: /I accept the/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: 'Username' }).fill('bigtext');
    await dialog.getByLabel('Password', { exact: true }).fill('first-Secret-1');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('first-Secret-1');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Step 3 of 4: Your details and site')).toBeVisible();
    const cut = await dialog.evaluate((box) => {
      const right = box.getBoundingClientRect().right;
      return [...box.querySelectorAll('input, select, textarea')]
        .filter((field) => field.getBoundingClientRect().right > right + 0.5)
        .map((field) => field.id);
    });
    expect(cut).toEqual([]);
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
  });
});

test.describe('the bars a scrolled-to control keeps clear of', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`the scroll padding follows the top bar's real height, usual or grown, at ${label} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await start(page, 'signs', '/');
      const bar = page.getByRole('banner');
      const scrollPaddingTop = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop);
      const barHeight = async () => (await bar.boundingBox())?.height ?? 0;
      // Half a rem (8 px) below the bar, whatever its height.
      expect(await scrollPaddingTop()).toBe(`${(await barHeight()) + 8}px`);

      // Taller than usual (as with a wrapped quick menu): the padding follows.
      await bar.evaluate((el) => {
        el.style.paddingBlock = '2rem';
      });
      const grown = await barHeight();
      expect(grown).toBeGreaterThan(70);
      await expect.poll(scrollPaddingTop).toBe(`${grown + 8}px`);
    });
  }

  test("a product site's content ends clear of its fixed footer, grown or not, at 1280 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await start(page, 'dvr', '/');
    const footer = page.getByRole('contentinfo');
    const paddingBelow = () => page.locator('main').evaluate((el) => getComputedStyle(el).paddingBottom);
    const footerHeight = async () => (await footer.boundingBox())?.height ?? 0;
    const px = async () => Number.parseFloat(await paddingBelow());
    // At least the footer's height and 1.5 rem (24 px) more.
    expect(await px()).toBeGreaterThanOrEqual((await footerHeight()) + 24);

    await footer.evaluate((el) => {
      el.style.paddingBlock = '2rem';
    });
    const grown = await footerHeight();
    expect(grown).toBeGreaterThan(80);
    await expect.poll(paddingBelow).toBe(`${grown + 24}px`);
  });
});
