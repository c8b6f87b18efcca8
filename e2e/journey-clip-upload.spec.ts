import { makeClip } from './support/clips';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { definitionOf, expectInViewAndFocused, SCREENS, settled, shot } from './support/journey';
import { api, type Operator, registerOperator, requestIdOnDesk } from './support/operator';

const origin = brandOrigin('signs');

// The operator uploads a clip to a request; the connection is cut halfway through the upload, the
// upload resumes from the offset the server kept, and the SHA-256 shown is the file's own.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;
    let requestId: number;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Millbrook Self Storage Ltd',
        siteName: 'Millbrook yard',
        town: 'Thirsk',
        postcode: 'YO7 1AA',
        county: 'North Yorkshire (England)',
        retentionDays: 31,
      });
      const sent = await api('POST', `/api/signs/${operator.signRef}/contact`, {
        name: 'Alex Moore',
        email: `alex-${Date.now().toString(36)}@example.net`,
        kind: 'footage',
        footageDate: new Date().toISOString().slice(0, 10),
        timeFrom: '09:00',
        timeTo: '09:30',
        description: 'Blue van at the gate',
      });
      expect(sent.status).toBe(200);
      const { reference } = (await sent.json()) as { reference: string };
      requestId = await requestIdOnDesk(operator, reference);
    });

    test('a clip uploaded, cut halfway, resumed from where it stopped, with its SHA-256 shown', async ({
      page,
      pageErrors,
    }, testInfo) => {
      test.setTimeout(120_000);
      // The connection this journey cuts on purpose.
      pageErrors.allow(/ERR_CONNECTION_RESET/);
      const clip = makeClip('gate-camera.mp4');
      const half = Math.floor(clip.bytes.length / 2);

      // Signed in as the operator: the session the sign-in dialog would store.
      await page.goto(`${origin}/`);
      await page.evaluate(
        ({ token, userId }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('userId', String(userId));
          localStorage.setItem('masterUser', 'true');
        },
        { token: operator.token, userId: operator.userId },
      );

      // The first PATCH reaches the server with half its bytes, then the connection drops.
      const tusCalls: { method: string; offset: string | null }[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/clips/uploads'))
          tusCalls.push({ method: request.method(), offset: request.headers()['upload-offset'] ?? null });
      });
      let cut = false;
      await page.route('**/api/requests/*/clips/uploads/*', async (route) => {
        const request = route.request();
        if (request.method() !== 'PATCH' || cut) return route.continue();
        cut = true;
        const body = request.postDataBuffer() ?? Buffer.alloc(0);
        expect(body.length).toBe(clip.bytes.length);
        // Node does not resolve *.localhost: the half goes to the loopback address with the brand's Host.
        const url = new URL(request.url());
        const { 'content-length': _length, ...headers } = request.headers();
        const kept = await fetch(`http://127.0.0.1:${url.port}${url.pathname}`, {
          method: 'PATCH',
          headers: { ...headers, host: url.host },
          body: new Uint8Array(body.subarray(0, half)),
        });
        expect(kept.headers.get('upload-offset')).toBe(String(half));
        await route.abort('connectionreset');
      });

      await page.goto(`${origin}/requests/${requestId}`);
      await settled(page);
      const section = page.getByRole('region', { name: 'Footage and stills' });
      await expect(section.getByText('No footage or stills uploaded to this request yet.')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'clip-upload-empty', screen.name);

      await section.getByLabel('Choose clips or stills to upload').setInputFiles(clip.path);
      const done = section.getByRole('status').filter({ hasText: 'Uploaded: gate-camera.mp4' });
      await expectInViewAndFocused(done);
      expect(cut).toBe(true);
      // Cut after half: the client asked where the server stopped and sent the rest from there.
      const ofUpload = tusCalls.filter((c) => c.method !== 'POST');
      expect(ofUpload).toEqual([
        { method: 'PATCH', offset: '0' },
        { method: 'HEAD', offset: null },
        { method: 'PATCH', offset: String(half) },
      ]);
      await shot(page, testInfo, 'clip-upload-done', screen.name);

      const card = section
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'gate-camera.mp4' }) });
      await expect(card.locator('code')).toHaveText(clip.sha256);
      // ffprobe reads the clip in the background; the list is read again until it has.
      await expect(definitionOf(card, 'Picture')).toHaveText('320 × 240', { timeout: 30_000 });
      await expect(definitionOf(card, 'Length')).toHaveText('0:02');
      // Nothing is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await card.locator('code').scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'clip-upload-listed', screen.name);
    });
  });
}
