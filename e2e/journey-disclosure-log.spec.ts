import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { makeClip, uploadWhole } from './support/clips';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import { SCREENS, settled, shot } from './support/journey';
import { api, type Operator, registerOperator, requestIdOnDesk } from './support/operator';

const origin = brandOrigin('signs');

/** RFC 4180 read back: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

// The operator's master user opens the company's disclosure log from the menu, sees the footage
// released to a visitor with its SHA-256, and downloads the log as CSV (docs/decisions/0053).
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;
    let reference: string;
    const clip = makeClip('car-park-camera.mp4');

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      operator = await registerOperator(undefined, {
        companyName: 'Harbour Lane Parking Ltd',
        siteName: 'Harbour Lane car park',
        town: 'Whitby',
        postcode: 'YO21 1AA',
        county: 'North Yorkshire (England)',
        retentionDays: 30,
      });
      const sent = await api('POST', `/api/signs/${operator.signRef}/contact`, {
        name: 'Morgan Reyes',
        email: `morgan-${Date.now().toString(36)}@example.net`,
        kind: 'footage',
        footageDate: new Date().toISOString().slice(0, 10),
        timeFrom: '08:00',
        timeTo: '08:30',
        description: 'Grey hatchback by the barrier',
      });
      expect(sent.status).toBe(200);
      reference = ((await sent.json()) as { reference: string }).reference;
      const requestId = await requestIdOnDesk(operator, reference);
      await uploadWhole(operator, requestId, 'car-park-camera.mp4', clip.bytes);
      const files = (await (
        await api('GET', `/api/requests/${requestId}/clips`, undefined, operator.token)
      ).json()) as {
        files: { id: number }[];
      };
      const released = await api(
        'POST',
        `/api/requests/${requestId}/disclosures`,
        { fileIds: files.files.map((f) => f.id), letter: 'Here is the footage you asked for.' },
        operator.token,
      );
      expect(released.status).toBe(200);
    });

    test('the disclosure log lists the released clip with its SHA-256, and downloads as CSV', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.goto(`${origin}/`);
      await page.evaluate(
        ({ token, userId }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('userId', String(userId));
          localStorage.setItem('masterUser', 'true');
        },
        { token: operator.token, userId: operator.userId },
      );
      await page.reload();
      await settled(page);

      // From the master user's menu (a drawer on the phone).
      if (screen.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const company = page.getByRole('button', { name: 'Company' });
      await expect(company).toBeVisible();
      if ((await company.getAttribute('aria-expanded')) !== 'true') await company.click();
      await page.getByRole('link', { name: 'Disclosure log' }).click();
      await expect(page).toHaveURL(`${origin}/company/disclosure-log`);
      await expect(page.getByRole('heading', { level: 1, name: 'Disclosure log' })).toBeVisible();

      const row = page.getByRole('row').filter({ hasText: reference });
      await expect(row).toBeVisible();
      await expect(row).toContainText('Morgan Reyes');
      await expect(row).toContainText('car-park-camera.mp4');
      await expect(row).toContainText(clip.sha256);
      await expect(row).toContainText('UK GDPR Article 15');
      await expect(row).toContainText(`Expires `);
      // Nothing is wider than the screen: the phone shows cards, the hashes wrap.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(screen.viewport.width);
      // On a laptop the whole table fits beside the menu: no column hidden behind a scroll.
      const fits = await page
        .getByRole('table')
        .evaluate(
          (table) => (table.parentElement?.scrollWidth ?? 0) <= (table.parentElement?.clientWidth ?? 0),
        );
      expect(fits).toBe(true);
      await shot(page, testInfo, 'disclosure-log', screen.name);
      // The rest of the entry: who authorised it, when it ends, its downloads.
      await row.locator('td').last().scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'disclosure-log-end', screen.name);
      await expectNoSeriousA11yViolations(page);

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('disclosure-log.csv');
      const csv = readFileSync((await download.path()) ?? '', 'utf8');
      const [header, first, ...rest] = parseCsv(csv);
      expect(rest).toEqual([]);
      expect(header?.slice(0, 8)).toEqual([
        'date',
        'kind',
        'reference',
        'recipient',
        'organisation',
        'legal basis',
        'what was disclosed',
        'sha256',
      ]);
      expect(first?.slice(1, 4)).toEqual(['released', reference, 'Morgan Reyes']);
      expect(first?.[6]).toBe('car-park-camera.mp4\nReply letter (PDF)');
      expect(first?.[7]?.split('\n')[0]).toBe(clip.sha256);
    });
  });
}
