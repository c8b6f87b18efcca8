import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { CompanyPage } from './company-page';

describe('/company', () => {
  it('looks the address up as the master user types, fills every address field, and saves them', async () => {
    signIn(true);
    const company = {
      id: 5,
      name: 'Riverside Lettings Ltd',
      address1: '4 Quay Street',
      address2: '',
      address3: '',
      town: 'Bristol',
      postcode: 'BS1 4DB',
      county: 'City of Bristol',
      tel: '0117 496 0000',
    };
    const moved = {
      line_1: '14 Lantern Row',
      line_2: 'Holbeck',
      line_3: '',
      town_or_city: 'Leeds',
      postcode: 'LS1 9ZQ',
      county: 'West Yorkshire',
    };
    const calls = fakeApi({
      'GET /api/account': account(1),
      'GET /api/company/5': company,
      'GET /api/address/autocomplete/Lantern': {
        suggestions: [{ address: '14 Lantern Row, Holbeck, Leeds, LS1 9ZQ', id: 'demo-02' }],
      },
      'GET /api/address/get/demo-02': moved,
      'PUT /api/company/5': { ...company, address1: '14 Lantern Row' },
    });
    renderPage(<CompanyPage />, '/company');
    const user = userEvent.setup();
    const address1 = await screen.findByRole('combobox', { name: 'Address 1' });
    expect((screen.getByRole('combobox', { name: 'County' }) as HTMLSelectElement).value).toBe(
      'City of Bristol (England)',
    );
    await user.clear(address1);
    await user.type(address1, 'Lantern');
    // Within the suggestions: the County list has options too.
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', {
        name: '14 Lantern Row, Holbeck, Leeds, LS1 9ZQ',
      }),
    );
    await expect
      .poll(() => (screen.getByRole('textbox', { name: 'Post Code' }) as HTMLInputElement).value)
      .toBe('LS1 9ZQ');
    expect((screen.getByRole('textbox', { name: 'Address 2' }) as HTMLInputElement).value).toBe('Holbeck');
    expect((screen.getByRole('textbox', { name: 'Town/City' }) as HTMLInputElement).value).toBe('Leeds');
    expect(screen.getByRole('checkbox', { name: 'UK including Northern Ireland' })).toHaveProperty(
      'checked',
      true,
    );
    expect((screen.getByRole('combobox', { name: 'County' }) as HTMLSelectElement).value).toBe(
      'West Yorkshire (England)',
    );
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toMatchObject({
        address1: '14 Lantern Row',
        address2: 'Holbeck',
        town: 'Leeds',
        county: 'West Yorkshire',
      });
  });
});
