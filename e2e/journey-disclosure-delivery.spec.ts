import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { type Clip, makeClip, uploadWhole } from './support/clips';
import { brandOrigin, E2E_DATA_DIR, mainServer, type TestServer } from './support/env';
import { expect, test } from './support/fixtures';
import { expectInViewAndFocused, SCREENS, type ScreenName, settled, shot } from './support/journey';
import { movedClockServer } from './support/moved-clock';
import { api, type Operator, registerOperator, requestIdOnDesk } from './support/operator';
import { waitForMail } from './support/outbox';

const origin = brandOrigin('signs');
const outbox = resolve(E2E_DATA_DIR, 'outbox');

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The disclosures' copies stored for a request: DATA_DIR/disclosures/<request>/<disclosure>/<n>. */
function copiesOf(requestId: number, dataDir = E2E_DATA_DIR): string[] {
  try {
    return readdirSync(resolve(dataDir, 'disclosures', String(requestId)), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** A file the page's link downloads: clicked as a person would, its bytes read from where the browser saved them. */
async function downloadBy(page: Page, name: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  return readFileSync(await download.path());
}

/** A footage request from the sign's form, as a visitor sends it: its reference and desk id. */
async function footageRequest(operator: Operator, visitor: string, server: TestServer = mainServer) {
  const sent = await api(
    'POST',
    `/api/signs/${operator.signRef}/contact`,
    {
      name: 'Alex Moore',
      email: visitor,
      kind: 'footage',
      footageDate: new Date().toISOString().slice(0, 10),
      timeFrom: '09:00',
      timeTo: '09:30',
      description: 'Blue van at the gate',
    },
    undefined,
    server,
  );
  expect(sent.status).toBe(200);
  const { reference } = (await sent.json()) as { reference: string };
  return { reference, id: await requestIdOnDesk(operator, reference, server) };
}

async function signInAs(page: Page, operator: Operator) {
  await page.goto(`${origin}/`);
  await page.evaluate(
    ({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', String(userId));
      localStorage.setItem('masterUser', 'true');
    },
    { token: operator.token, userId: operator.userId },
  );
}

/** The visitor's phone or laptop: a browser of its own, with no operator's session in it. */
async function visitorPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  return { context, page: await context.newPage() };
}

// The operator releases a clip to the visitor; the visitor opens the private link from the mail,
// asks for a code, enters it from the second mail and downloads the clip and the evidence pack,
// whose hashes match; the operator revokes the release, and the download is refused and the copies
// are gone from storage.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;
    let requestId: number;
    let reference: string;
    let visitor: string;
    let clip: Clip;

    test.beforeAll(async () => {
      clip = makeClip('gate-camera.mp4');
      operator = await registerOperator(undefined, {
        companyName: 'Millbrook Self Storage Ltd',
        siteName: 'Millbrook yard',
        town: 'Thirsk',
        postcode: 'YO7 1AA',
        county: 'North Yorkshire (England)',
        retentionDays: 31,
      });
      visitor = `alex-${screen.name}-${Date.now().toString(36)}@example.net`;
      ({ reference, id: requestId } = await footageRequest(operator, visitor));
      await uploadWhole(operator, requestId, 'gate-camera.mp4', clip.bytes);
    });

    test('released, fetched with a mailed code, checked by its hashes, then revoked', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const name = screen.name as ScreenName;
      const clipHash = sha256Of(clip.bytes);
      expect(clipHash).toBe(execFileSync('sha256sum', [clip.path], { encoding: 'utf8' }).split(' ')[0]);

      // ---- The operator releases the clip with a reply letter.
      await signInAs(page, operator);
      await page.goto(`${origin}/requests/${requestId}`);
      await settled(page);
      const section = page.getByRole('region', { name: 'Release to the visitor' });
      const form = section.getByRole('form', { name: 'Release to the visitor' });
      const choice = form.getByRole('checkbox', { name: /gate-camera\.mp4/ });
      await expect(choice).toBeVisible();
      await expect(form.getByText(clipHash)).toBeVisible();
      await section.scrollIntoViewIfNeeded();

      // Sent empty: what is missing, in view and focused, and nothing released.
      await form.getByRole('button', { name: 'Release to the visitor' }).click();
      const problems = form.getByRole('alert');
      await expectInViewAndFocused(problems);
      await expect(problems).toContainText('Choose at least one file to release.');
      await shot(page, testInfo, 'delivery-release-problems', name);

      await choice.check();
      await form
        .getByRole('textbox', { name: 'Reply letter' })
        .fill('Dear Alex, here is the clip of the gate between 09:00 and 09:30. Nothing was blurred.');
      await expectNoSeriousA11yViolations(page);
      await form.getByRole('button', { name: 'Release to the visitor' }).click();
      const released = section
        .getByRole('status')
        .filter({ hasText: 'Released: one file and the reply letter.' });
      await expectInViewAndFocused(released);
      await shot(page, testInfo, 'delivery-released', name);
      const card = section.getByRole('listitem').filter({ hasText: /^Released / });
      await expect(card.getByText(/^Active until /)).toBeVisible();
      await expect(card.getByText(clipHash)).toBeVisible();
      expect(copiesOf(requestId).length).toBe(2);
      // The request's history, on the same page, says so without a reload.
      await expect(page.getByText(/^Disclosure \d+ released/).first()).toBeAttached();

      // ---- The visitor opens the private link from the mail, on their own device.
      const ready = await waitForMail({ to: visitor, subject: 'is ready' }, { dir: outbox });
      const link = ready.links.find((l) => l.includes(`/request/${reference}#`));
      expect(link).toBeTruthy();
      const { context, page: phone } = await visitorPage(browser, screen.viewport);
      await phone.goto(link ?? '');
      await settled(phone);
      const footage = phone.getByRole('region', { name: 'Your footage' });
      await expect(footage).toBeVisible();
      const item = footage.getByRole('listitem').filter({ hasText: /^Footage from / });
      await expect(item.getByText(clipHash)).toBeVisible();
      await expect(item.getByText(/^Available to download until /)).toBeVisible();
      await footage.scrollIntoViewIfNeeded();
      await shot(phone, testInfo, 'delivery-visitor-footage', name);

      // A wrong code is refused, in view and focused.
      await item.getByRole('textbox', { name: 'Download code' }).fill('00000000');
      await item.getByRole('button', { name: 'Open downloads' }).click();
      const wrong = item.getByRole('alert');
      await expectInViewAndFocused(wrong);
      await expect(wrong).toHaveText('That code is not right, or no longer works. Ask for a new code.');

      const asked = new Date();
      await item.getByRole('button', { name: 'Email me a download code' }).click();
      const sent = item.getByRole('status').filter({ hasText: 'We have sent a code to a***@example.net' });
      await expectInViewAndFocused(sent);
      await shot(phone, testInfo, 'delivery-code-sent', name);
      const codeMail = await waitForMail(
        { to: visitor, subject: 'Your download code', since: asked },
        { dir: outbox },
      );
      const code = /Your download code: (\d{8})/.exec(codeMail.subject)?.[1] ?? '';
      expect(code).toMatch(/^\d{8}$/);
      const box = item.getByRole('textbox', { name: 'Download code' });
      await expect(box).toHaveAttribute('inputmode', 'numeric');
      await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
      // Typed and sent from the keyboard, as a phone's "Go" key does.
      await box.fill(code);
      await box.press('Enter');
      const opened = item.getByRole('status').filter({ hasText: 'Your downloads are open.' });
      await expectInViewAndFocused(opened);
      await item.getByRole('list', { name: 'Your downloads' }).scrollIntoViewIfNeeded();
      await shot(phone, testInfo, 'delivery-downloads-open', name);
      await expectNoSeriousA11yViolations(phone);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The clip, byte for byte.
      const downloaded = await downloadBy(phone, 'gate-camera.mp4');
      expect(downloaded.length).toBe(clip.bytes.length);
      expect(sha256Of(downloaded)).toBe(clipHash);

      // The evidence pack: the clip, the letter, and manifest.json whose hashes match what arrived.
      const pack = await downloadBy(phone, 'The evidence pack (zip)');
      const packPath = join(mkdtempSync(join(tmpdir(), 'pack-')), 'evidence-pack.zip');
      writeFileSync(packPath, pack);
      const entries = execFileSync('unzip', ['-Z1', packPath], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .sort();
      expect(entries).toContain('files/gate-camera.mp4');
      expect(entries).toContain('manifest.json');
      expect(entries).toContain('README.txt');
      const manifest = JSON.parse(
        execFileSync('unzip', ['-p', packPath, 'manifest.json'], { encoding: 'utf8' }),
      ) as {
        reference: string;
        files: { name: string; sha256: string; sizeBytes: number }[];
        letter: { name: string; sha256: string; sizeBytes: number };
      };
      expect(manifest.reference).toBe(reference);
      expect(manifest.files).toEqual([
        { name: 'files/gate-camera.mp4', sha256: clipHash, sizeBytes: clip.bytes.length },
      ]);
      for (const entry of [...manifest.files, manifest.letter]) {
        const bytes = execFileSync('unzip', ['-p', packPath, entry.name], { maxBuffer: 64 * 1024 * 1024 });
        expect(sha256Of(bytes), entry.name).toBe(entry.sha256);
      }

      // ---- The operator sees the downloads in the log, then revokes the release.
      await page.reload();
      await settled(page);
      const again = section.getByRole('listitem').filter({ hasText: /^Released / });
      await again.getByRole('button', { name: 'Show the download log' }).click();
      const log = again.getByRole('list', { name: /^Downloads of the release/ });
      // Each download: when, from which address, the bytes sent.
      await expect(log).toContainText('the gate-camera.mp4, from ');
      await expect(log).toContainText('the evidence pack, from ');
      await expect(log).toContainText(/sent/);
      await log.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'delivery-download-log', name);

      await again.getByRole('button', { name: /^Revoke now/ }).click();
      const question = again.getByText(/^Revoke this release now\?/);
      await expectInViewAndFocused(question);
      await shot(page, testInfo, 'delivery-revoke-confirm', name);
      await again.getByRole('button', { name: 'Yes, revoke it' }).click();
      const revoked = section
        .getByRole('status')
        .filter({ hasText: /is revoked: nothing more can be downloaded/ });
      await expectInViewAndFocused(revoked);
      await expect(again.getByText(/^Revoked on .*; its files were deleted from storage on /)).toBeVisible();
      await shot(page, testInfo, 'delivery-revoked', name);
      // The copies are gone from storage; the request's own clip stays.
      expect(copiesOf(requestId)).toEqual([]);

      // ---- The visitor's link is refused now, even with the grant cookie it still holds.
      const href = await phone
        .getByRole('link', { name: 'gate-camera.mp4', exact: true })
        .getAttribute('href');
      // Fetched by the page itself, so the browser sends the cookie as it would with the link.
      const refused = await phone.evaluate(async (url) => (await fetch(url)).status, href ?? '');
      expect(refused).toBe(410);
      await phone.reload();
      await settled(phone);
      await expect(
        phone.getByText(
          /^This footage has been withdrawn by the operator, and its files have been deleted\./,
        ),
      ).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Email me a download code' })).toHaveCount(0);
      await phone.getByRole('region', { name: 'Your footage' }).scrollIntoViewIfNeeded();
      await shot(phone, testInfo, 'delivery-visitor-withdrawn', name);
      await context.close();
    });
  });
}

// Fourteen days after its release the disclosure has expired: the server is started again 15 days
// on (the same database), the visitor's page says so, the download is refused, and the sweep that
// runs soon after a start has deleted the copies from storage.
test.describe('after 14 days, on a phone (375x812)', () => {
  test.use({ viewport: SCREENS[0].viewport });
  const server = movedClockServer();
  const movedOrigin = brandOrigin('signs', server);
  const movedOutbox = resolve(server.dataDir, 'outbox');

  test.afterAll(async () => {
    await server.stop();
  });

  test('the released footage has expired: the page says so and the download is refused', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    await server.startAt(0);
    const clip = makeClip('gate-camera.mp4');
    const operator = await registerOperator(undefined, { companyName: 'Millbrook Self Storage Ltd' }, server);
    const visitor = `alex-expiry-${Date.now().toString(36)}@example.net`;
    const request = await footageRequest(operator, visitor, server);
    await uploadWhole(operator, request.id, 'gate-camera.mp4', clip.bytes, server);
    const files = await api('GET', `/api/requests/${request.id}/clips`, undefined, operator.token, server);
    const [file] = ((await files.json()) as { files: { id: number }[] }).files;
    const release = await api(
      'POST',
      `/api/requests/${request.id}/disclosures`,
      { fileIds: [file?.id], letter: 'Dear Alex, here is the clip of the gate.' },
      operator.token,
      server,
    );
    expect(release.status).toBe(200);
    expect(copiesOf(request.id, server.dataDir).length).toBe(2);

    // On the day of the release the visitor opens the downloads with a mailed code.
    const ready = await waitForMail({ to: visitor, subject: 'is ready' }, { dir: movedOutbox });
    const link = ready.links.find((l) => l.includes(`/request/${request.reference}#`)) ?? '';
    expect(link.startsWith(movedOrigin)).toBe(true);
    const { context, page: phone } = await visitorPage(browser, SCREENS[0].viewport);
    await phone.goto(link);
    await settled(phone);
    const item = phone.getByRole('region', { name: 'Your footage' }).getByRole('listitem').first();
    const asked = new Date();
    await item.getByRole('button', { name: 'Email me a download code' }).click();
    const codeMail = await waitForMail(
      { to: visitor, subject: 'Your download code', since: asked },
      { dir: movedOutbox },
    );
    await item
      .getByRole('textbox', { name: 'Download code' })
      .fill(/(\d{8})/.exec(codeMail.subject)?.[1] ?? '');
    await item.getByRole('button', { name: 'Open downloads' }).click();
    await expect(item.getByRole('status').filter({ hasText: 'Your downloads are open.' })).toBeFocused();
    const href =
      (await item.getByRole('link', { name: 'gate-camera.mp4', exact: true }).getAttribute('href')) ?? '';
    const status = (url: string) => phone.evaluate(async (u) => (await fetch(u)).status, url);
    expect(await status(href)).toBe(200);

    // Fifteen days on: the footage has expired.
    await server.startAt(15);
    await phone.reload();
    await settled(phone);
    await expect(
      item.getByText(/^This footage expired on .*, and its files have been deleted\./),
    ).toBeVisible();
    await expect(item.getByRole('button', { name: 'Email me a download code' })).toHaveCount(0);
    await expect(item.getByRole('link')).toHaveCount(0);
    await item.scrollIntoViewIfNeeded();
    await shot(phone, testInfo, 'delivery-visitor-expired', 'phone');
    // The link kept from before is refused: its grant has ended, and so has the disclosure.
    expect(await status(href)).toBe(403);
    const code = await phone.evaluate(
      async ({ url, key }) =>
        (
          await fetch(`${url.replace(/\/files\/\d+$/, '')}/code`, {
            method: 'POST',
            headers: { 'x-request-key': key },
          })
        ).status,
      { url: href, key: decodeURIComponent(new URL(link).hash.slice(1)) },
    );
    expect(code).toBe(410);
    await expect.poll(() => copiesOf(request.id, server.dataDir), { timeout: 30_000 }).toEqual([]);
    await context.close();
  });
});
