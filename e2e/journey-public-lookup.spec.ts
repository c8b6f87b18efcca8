import { expectNoSeriousA11yViolations } from './support/axe';
import { brandOrigin } from './support/env';
import { expect, test } from './support/fixtures';
import {
  britishToday,
  definitionOf,
  expectInViewAndFocused,
  SCREENS,
  settled,
  shot,
} from './support/journey';
import { type Operator, registerOperator } from './support/operator';

const origin = brandOrigin('signs');

// A member of the public reads the reference off a sign and types it into the home page's box,
// the way it is printed or the way it is easiest to type.
for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${screen.viewport.width}x${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });
    let operator: Operator;

    test.beforeAll(async () => {
      operator = await registerOperator(undefined, {
        companyName: 'Castle Mews Management Ltd',
        siteName: 'Castle Mews courtyard',
        town: 'York',
        postcode: 'YO1 9AA',
        county: 'North Yorkshire (England)',
        keyInfo: 'For the safety of residents and visitors. Recordings are overwritten every 30 days.',
      });
    });

    test('from the home page box to the operator’s details in one step', async ({ page }, testInfo) => {
      await page.goto(`${origin}/`);
      await settled(page);
      const box = page.getByRole('textbox', { name: 'Sign reference' });
      await expect(box).toBeInViewport();
      // Lower case and no hyphens: how people type what they read.
      await box.fill(operator.signRef.toLowerCase().replaceAll('-', ''));
      await shot(page, testInfo, 'public-lookup-home-typed', screen.name);
      await page.getByRole('button', { name: 'Look up' }).click();

      await expect(page).toHaveURL(`${origin}/sign/${operator.signRef}`);
      await settled(page);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Castle Mews Management Ltd' }),
      ).toBeInViewport();
      await expect(page.getByText(`Sign reference ${operator.signRef}`)).toBeInViewport();
      await expect(page.getByText('Castle Mews courtyard, York, YO1 9AA')).toBeInViewport();
      await shot(page, testInfo, 'public-lookup-sign-page', screen.name);

      // Registered today: confirmed today, as a person reads a date, and not out of date.
      const confirmed = definitionOf(page, 'Details confirmed');
      await confirmed.scrollIntoViewIfNeeded();
      await expect(confirmed).toBeInViewport();
      await expect(confirmed).toHaveText(britishToday());
      await expect(page.getByText('Not yet confirmed')).toHaveCount(0);
      await expect(page.getByText('These details may be out of date.')).toHaveCount(0);
      await shot(page, testInfo, 'public-lookup-details-confirmed', screen.name);
      await expectNoSeriousA11yViolations(page);

      // Back on the home page, the reference exactly as printed, capitals and hyphens.
      await page.goto(`${origin}/`);
      await settled(page);
      await page.getByRole('textbox', { name: 'Sign reference' }).fill(` ${operator.signRef} `);
      await page.getByRole('textbox', { name: 'Sign reference' }).press('Enter');
      await expect(page).toHaveURL(`${origin}/sign/${operator.signRef}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Castle Mews Management Ltd' }),
      ).toBeInViewport();
    });

    test('a reference no sign has: the box keeps it and says so', async ({ page, pageErrors }, testInfo) => {
      pageErrors.allow(/404/);
      await page.goto(`${origin}/`);
      await settled(page);
      await page.getByRole('textbox', { name: 'Sign reference' }).fill('ZZZZ-0000-ZZZZ');
      await page.getByRole('button', { name: 'Look up' }).click();

      await expect(page).toHaveURL(`${origin}/search-scheme?ref=ZZZZ-0000-ZZZZ`);
      await expectInViewAndFocused(page.getByText('No sign has that reference.'));
      await expect(page.getByRole('textbox', { name: 'The reference on the sign' })).toHaveValue(
        'ZZZZ-0000-ZZZZ',
      );
      await shot(page, testInfo, 'public-lookup-not-found', screen.name);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
